/**
 * What the script injected into a page answers: filled; no form it could recognise; an http page for an
 * https secret without the user's second act; a page the secret is not for; or a frame of another
 * origin than the tab's that matches the secret too, to fill only once the user confirms that origin.
 */
export type PageFillResult =
  | 'filled'
  | 'no-form'
  | 'confirm-insecure'
  | 'wrong-origin'
  | { askFrame: string };

/** The global the injected file (dist/page-fill.js) leaves in the extension's isolated world of a page. */
export const PAGE_FILL_GLOBAL = '__cofferFill';

/** The injected file's name in the built extension. */
export const PAGE_FILL_FILE = 'page-fill.js';

export function isPageFillResult(value: unknown): value is PageFillResult {
  if (typeof value === 'object' && value !== null)
    return typeof (value as { askFrame?: unknown }).askFrame === 'string';
  return (
    value === 'filled' || value === 'no-form' || value === 'confirm-insecure' || value === 'wrong-origin'
  );
}
