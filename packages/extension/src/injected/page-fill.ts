import type { SecretUrl } from '@coffer/core';
import type { PageFillResult } from '../fill/page-fill-result.js';
import { PAGE_FILL_GLOBAL } from '../fill/page-fill-result.js';
import { frameOriginOf } from '../matching/index.js';
import { detectSignInForm, fillSignIn } from '../page/index.js';

/*
 * Injected into a tab's top frame (the extension's isolated world) only when the user asks for a fill,
 * and into its frames when the top has no sign-in form; it defines a function and does nothing else, so
 * loading it never fills anything. fillSignIn checks the document's own URL against the secret's once
 * more, its frame (frameMayReceive), and fills visible fields only.
 */

function fillHere(
  urls: SecretUrl[],
  username: string,
  password: string,
  insecureConfirmed: boolean,
  frameOriginConfirmed: string | null,
): PageFillResult {
  const result = fillSignIn(document, {
    urls,
    username,
    password,
    insecureConfirmed,
    ...(frameOriginConfirmed === null ? {} : { frameOriginConfirmed }),
  });
  if ('filled' in result) return result.filled.length > 0 ? 'filled' : 'no-form';
  if (result.refused === 'unrecognised') return 'no-form';
  if (result.refused === 'insecure-not-confirmed') return 'confirm-insecure';
  if (result.refused === 'frame-not-confirmed') {
    // Only a frame with a form to fill asks: the popup names its origin and waits for a second act.
    const origin = frameOriginOf(document.URL);
    return origin && detectSignInForm(document).kind !== 'unrecognised' ? { askFrame: origin } : 'no-form';
  }
  return 'wrong-origin';
}

(globalThis as unknown as Record<string, unknown>)[PAGE_FILL_GLOBAL] = fillHere;
