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
  | { kind: 'confirm-insecure' };

export const NOT_THIS_SITE_MESSAGE = "This page is not one of this secret's websites, so nothing was filled.";
export const INSECURE_PAGE_MESSAGE =
  'This page is not secure (http) but the secret was saved for https. Fill anyway only if you trust this network.';
export const NO_FORM_MESSAGE =
  'Coffer did not recognise a sign-in form on this page. Copy the username and password instead.';

/**
 * Fills a login into the tab, only on the user's explicit act (the popup's Fill or the shortcut):
 * the tab's address is checked again now against the secret's URLs (it may have navigated since the
 * popup opened); an http page for an https secret needs `insecureConfirmed`, a second act; only the
 * top frame is filled, and the page script matches its own URL once more before touching a field.
 */
export async function fillTab(
  tab: TargetTab,
  urls: readonly SecretUrl[],
  login: { username: string; password: string },
  insecureConfirmed = false,
): Promise<FillOutcome> {
  const url = await currentTabUrl(tab.id);
  const verdict = url ? judgeUrls(urls, url) : 'none';
  if (!url || verdict === 'none') return { kind: 'not-this-site' };
  if (verdict === 'match-insecure' && !insecureConfirmed) return { kind: 'confirm-insecure' };
  const result = await injectFill(tab.id, urls, login, insecureConfirmed);
  if (result === 'filled') return { kind: 'filled' };
  if (result === 'confirm-insecure') return { kind: 'confirm-insecure' };
  if (result === 'wrong-origin') return { kind: 'not-this-site' };
  return { kind: 'no-form' };
}

async function injectFill(
  tabId: number,
  urls: readonly SecretUrl[],
  login: { username: string; password: string },
  insecureConfirmed: boolean,
): Promise<PageFillResult> {
  const target = { tabId, frameIds: [0] };
  await chrome.scripting.executeScript({ target, files: [PAGE_FILL_FILE] });
  const [answer] = await chrome.scripting.executeScript({
    target,
    func: (
      global: string,
      secretUrls: SecretUrl[],
      username: string,
      password: string,
      insecure: boolean,
    ) => {
      const fill = (globalThis as unknown as Record<string, unknown>)[global];
      return typeof fill === 'function'
        ? (fill(secretUrls, username, password, insecure) as unknown)
        : 'no-form';
    },
    args: [PAGE_FILL_GLOBAL, [...urls], login.username, login.password, insecureConfirmed],
  });
  return isPageFillResult(answer?.result) ? answer.result : 'no-form';
}
