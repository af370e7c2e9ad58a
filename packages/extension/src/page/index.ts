// The page side of the extension (issue 29): runs in the content script, given a Document. No browser
// extension API here: the content script passes messages, these modules find, fill and watch.
export {
  detectSignInForm,
  type PageOptions,
  type SignInFields,
  type SignInForm,
  type SignInKind,
  signInCandidates,
} from './detect-sign-in.js';
export { type FieldRole, roleOf } from './field-roles.js';
export {
  isUsableField,
  MAX_HIDDEN_OPACITY,
  MIN_FIELD_SIZE_PX,
  type Unusable,
  whyUnusable,
} from './field-visibility.js';
export {
  type FilledField,
  type FillOptions,
  type FillRefusal,
  type FillRequest,
  type FillResult,
  fillSignIn,
} from './fill-sign-in.js';
export { type FrameContext, frameContextOf } from './frame-context.js';
export { type Box, browserGeometry, type Geometry, type Viewport } from './geometry.js';
export { setInputValue } from './set-input-value.js';
export { TWO_STEP_WINDOW_MS, type UsernameStep, withEarlierUsername } from './two-step.js';
export { type Submission, type WatchOptions, watchSubmissions } from './watch-submissions.js';
