import type { PageFillResult } from '../fill/page-fill-result.js';
import { PAGE_FILL_GLOBAL } from '../fill/page-fill-result.js';
import { detectSignInForm, fillSignIn } from '../site-adapter/sign-in-form.js';

/*
 * Injected into a tab's top frame (the extension's isolated world) only when the user asks for a fill;
 * it defines a function and does nothing else, so loading it never fills anything.
 */

function fillHere(expectedOrigin: string, username: string, password: string): PageFillResult {
  if (location.origin !== expectedOrigin) return 'wrong-origin';
  const fields = detectSignInForm(document);
  if (!fields) return 'no-form';
  fillSignIn(fields, username, password);
  return 'filled';
}

(globalThis as unknown as Record<string, unknown>)[PAGE_FILL_GLOBAL] = fillHere;
