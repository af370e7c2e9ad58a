import type { SecretUrl } from '@coffer/core';
import type { PageFillResult } from '../fill/page-fill-result.js';
import { PAGE_FILL_GLOBAL } from '../fill/page-fill-result.js';
import { fillSignIn } from '../page/index.js';

/*
 * Injected into a tab's top frame (the extension's isolated world) only when the user asks for a fill;
 * it defines a function and does nothing else, so loading it never fills anything. fillSignIn checks the
 * document's own URL against the secret's once more, and fills visible fields only.
 */

function fillHere(
  urls: SecretUrl[],
  username: string,
  password: string,
  insecureConfirmed: boolean,
): PageFillResult {
  const result = fillSignIn(document, { urls, username, password, insecureConfirmed });
  if ('filled' in result) return result.filled.length > 0 ? 'filled' : 'no-form';
  if (result.refused === 'unrecognised') return 'no-form';
  if (result.refused === 'insecure-not-confirmed') return 'confirm-insecure';
  return 'wrong-origin';
}

(globalThis as unknown as Record<string, unknown>)[PAGE_FILL_GLOBAL] = fillHere;
