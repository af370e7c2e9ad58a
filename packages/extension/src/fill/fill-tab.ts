import type { SecretUrl } from '@coffer/core';
import type { TargetTab } from '../platform/target-tab.js';
import { currentTabUrl } from '../platform/target-tab.js';
import { judgeUrls } from '../vault/list-order.js';
import {
  isPageFillResult,
  PAGE_FILL_FILE,
  PAGE_FILL_GLOBAL,
  type PageFillResult,
} from './page-fill-result.js';

/** How a fill ended. */
export type FillOutcome =
  | { kind: 'filled' }
  | { kind: 'no-form' }
  | { kind: 'not-this-site' }
  | { kind: 'confirm-insecure' }
  | { kind: 'confirm-frame'; origin: string };

export const NOT_THIS_SITE_MESSAGE = "This page is not one of this secret's websites, so nothing was filled.";
export const INSECURE_PAGE_MESSAGE =
  'This page is not secure (http) but the secret was saved for https. Fill anyway only if you trust this network.';
/** The popup's question before filling a frame of another origin than the tab's (the spec has no words for it). */
export const frameQuestion = (origin: string): string =>
  `The sign-in form is in a frame from ${origin}. Fill it only if you trust that site.`;
export const NO_FORM_MESSAGE =
  'Coffer did not recognise a sign-in form on this page. Copy the username and password instead.';

/** The user's second acts: fill an http page for an https secret; fill the frame of this origin. */
export interface FillConfirmations {
  insecure?: boolean;
  frameOrigin?: string;
}

/**
 * Fills a login into the tab, only on the user's explicit act (the popup's Fill or the shortcut):
 * the tab's address is checked again now against the secret's URLs (it may have navigated since the
 * popup opened); an http page for an https secret needs `insecure`, a second act. The top frame is
 * filled; when it has no sign-in form, its frames are tried (each page script checks its own URL and
 * frame: a same-origin frame that matches fills, a frame of another origin answers its origin, and only
 * a second act naming that very origin fills it).
 */
export async function fillTab(
  tab: TargetTab,
  urls: readonly SecretUrl[],
  login: { username: string; password: string },
  confirmed: FillConfirmations = {},
): Promise<FillOutcome> {
  const url = await currentTabUrl(tab.id);
  const verdict = url ? judgeUrls(urls, url) : 'none';
  if (!url || verdict === 'none') return { kind: 'not-this-site' };
  const insecure = confirmed.insecure === true;
  if (verdict === 'match-insecure' && !insecure) return { kind: 'confirm-insecure' };
  const request = { urls, login, insecure, frameOrigin: confirmed.frameOrigin ?? null };
  const top =
    confirmed.frameOrigin === undefined ? await injectFill({ tabId: tab.id, frameIds: [0] }, request) : [];
  const results =
    top.includes('no-form') || top.length === 0
      ? await injectFill({ tabId: tab.id, allFrames: true }, request)
      : top;
  if (results.includes('filled')) return { kind: 'filled' };
  if (results.includes('confirm-insecure')) return { kind: 'confirm-insecure' };
  const asking = results.find((result): result is { askFrame: string } => typeof result === 'object');
  if (asking) return { kind: 'confirm-frame', origin: asking.askFrame };
  if (top.includes('wrong-origin')) return { kind: 'not-this-site' };
  return { kind: 'no-form' };
}

interface FillRequest {
  urls: readonly SecretUrl[];
  login: { username: string; password: string };
  insecure: boolean;
  frameOrigin: string | null;
}

/** Runs the page script in the target frames; one answer per frame (a frame that failed: no form). */
async function injectFill(
  target: chrome.scripting.InjectionTarget,
  { urls, login, insecure, frameOrigin }: FillRequest,
): Promise<PageFillResult[]> {
  await chrome.scripting.executeScript({ target, files: [PAGE_FILL_FILE] });
  const answers = await chrome.scripting.executeScript({
    target,
    func: (
      global: string,
      secretUrls: SecretUrl[],
      username: string,
      password: string,
      insecureConfirmed: boolean,
      frameOriginConfirmed: string | null,
    ) => {
      const fill = (globalThis as unknown as Record<string, unknown>)[global];
      return typeof fill === 'function'
        ? (fill(secretUrls, username, password, insecureConfirmed, frameOriginConfirmed) as unknown)
        : 'no-form';
    },
    args: [PAGE_FILL_GLOBAL, [...urls], login.username, login.password, insecure, frameOrigin],
  });
  return answers.map((answer) => (isPageFillResult(answer.result) ? answer.result : 'no-form'));
}
