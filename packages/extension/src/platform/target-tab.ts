/** The web page the popup acts on: its tab id and address. */
export interface TargetTab {
  id: number;
  url: string;
}

function isWebTab(tab: chrome.tabs.Tab): tab is chrome.tabs.Tab & { id: number; url: string } {
  return typeof tab.id === 'number' && typeof tab.url === 'string' && /^https?:/i.test(tab.url);
}

/**
 * The tab the popup acts on: the active tab of the last focused window when it is a web page (the
 * toolbar popup), otherwise the web tab used most recently (the popup opened as a page of its own, as
 * a keyboard-only user or a test does). Never chosen from anything a page says.
 */
export async function findTargetTab(): Promise<TargetTab | null> {
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (active && isWebTab(active)) return { id: active.id, url: active.url };
  const tabs = (await chrome.tabs.query({ windowType: 'normal' })).filter(isWebTab);
  tabs.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  const recent = tabs[0];
  return recent ? { id: recent.id, url: recent.url } : null;
}

/** The tab's address now (it may have navigated since the popup opened), or null when it is gone. */
export async function currentTabUrl(tabId: number): Promise<string | null> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return tab.url ?? null;
  } catch {
    return null;
  }
}
