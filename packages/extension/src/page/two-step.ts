// A two-step sign-in submits the username on one page and the password on the next, often on another
// host of the same site (login.example.com, then auth.example.com). The service worker keeps the first
// step's username for the tab and completes the second step's submission with it when the second
// step had none of its own.
import { siteOf } from '../matching/index.js';
import type { Submission } from './watch-submissions.js';

/** How long a username step waits for its password step. */
export const TWO_STEP_WINDOW_MS = 5 * 60_000;

export interface UsernameStep {
  url: string;
  username: string;
  /** When it was submitted (ms since the epoch). */
  at: number;
}

type SignInSubmission = Extract<Submission, { step: 'sign-in' }>;

/** The sign-in with the earlier step's username, when it has none and the earlier step fits. */
export function withEarlierUsername(
  submission: SignInSubmission,
  earlier: UsernameStep | null,
  now: number,
): SignInSubmission {
  if (submission.username !== '' || earlier === null) return submission;
  if (now - earlier.at > TWO_STEP_WINDOW_MS || now < earlier.at) return submission;
  const site = siteOf(submission.url);
  if (site === null || site !== siteOf(earlier.url)) return submission;
  return { ...submission, username: earlier.username };
}
