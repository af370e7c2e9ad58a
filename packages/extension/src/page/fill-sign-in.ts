// Fills the sign-in form of a document with a secret the user picked in the extension's popup (or by
// its shortcut): never on load, never on anything the page draws. The content script checks again,
// at fill time, what the service worker checked before: the document's own URL against the secret's
// URLs (the tab may have navigated), the http warning, and the frame it runs in.
import type { SecretUrl } from '@coffer/core';
import { frameMayReceive, frameOriginOf, matchSecret } from '../matching/index.js';
import { detectSignInForm, type PageOptions } from './detect-sign-in.js';
import { type FrameContext, frameContextOf } from './frame-context.js';
import { setInputValue } from './set-input-value.js';

export interface FillRequest {
  username: string;
  password: string;
  /** The secret's URLs (matching's secretUrlsOf). */
  urls: readonly SecretUrl[];
  /** The user accepted the popup's warning that this http: page gets a secret saved for https:. */
  insecureConfirmed?: boolean;
  /** The frame's origin the user confirmed in the popup, where frameMayReceive answered 'ask'. */
  frameOriginConfirmed?: string;
}

export type FilledField = 'username' | 'password';

export type FillRefusal =
  /** The document's URL does not match the secret (any more). */
  | 'page-does-not-match'
  /** An http: page and a secret saved for https:, without the user's yes. */
  | 'insecure-not-confirmed'
  /** A frame of another origin than the tab's, without the user's yes for this very origin. */
  | 'frame-not-confirmed'
  /** A frame the secret must never reach. */
  | 'frame-refused'
  /** No sign-in form among the visible fields: the popup offers Copy buttons. */
  | 'unrecognised';

export type FillResult = { filled: FilledField[] } | { refused: FillRefusal };

export interface FillOptions extends PageOptions {
  /** Which frame the document is; read from the window by default. */
  frame?: FrameContext;
}

export function fillSignIn(doc: Document, request: FillRequest, options: FillOptions = {}): FillResult {
  const refusal = refusalOf(doc, request, options.frame ?? frameContextOf(doc));
  if (refusal) return { refused: refusal };
  const form = detectSignInForm(doc, options);
  if (form.kind === 'unrecognised') return { refused: 'unrecognised' };
  const filled: FilledField[] = [];
  if (form.fields.username && request.username !== '') {
    setInputValue(form.fields.username, request.username);
    filled.push('username');
  }
  if (form.fields.password && request.password !== '') {
    setInputValue(form.fields.password, request.password);
    filled.push('password');
  }
  return { filled };
}

function refusalOf(doc: Document, request: FillRequest, frame: FrameContext): FillRefusal | null {
  const match = matchSecret(doc.URL, request.urls);
  if (!match) return 'page-does-not-match';
  if (match.insecure && request.insecureConfirmed !== true) return 'insecure-not-confirmed';
  if (frame.frame === 'top') return null;
  const confirmed =
    request.frameOriginConfirmed !== undefined && request.frameOriginConfirmed === frameOriginOf(doc.URL);
  if (frame.frame === 'cross-origin') return confirmed ? null : 'frame-not-confirmed';
  const decision = frameMayReceive(frame.topUrl, doc.URL, request.urls);
  if (decision === 'yes') return null;
  if (decision === 'ask') return confirmed ? null : 'frame-not-confirmed';
  return 'frame-refused';
}
