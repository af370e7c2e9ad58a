// The popup's list rendered as the popup renders it (popup/entry-list.tsx, its rows), into a node of
// the bench page: React's render and commit, then the layout a paint would need, timed together.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { EntryList } from '../../../packages/extension/src/popup/entry-list.js';
import type { PopupList } from '../../../packages/extension/src/vault/popup-list.js';

const NO_ACTIONS = {
  onSelect: () => {},
  onFill: () => {},
  onCopyUsername: () => {},
  onCopyPassword: () => {},
  onShowCode: () => {},
  onCopyCode: () => {},
  onOpen: () => {},
};

/** A fresh node and root for each open, as a popup starts empty; answers the time to render `list` in it. */
export function renderList(list: PopupList): number {
  const host = document.createElement('main');
  document.body.append(host);
  const root: Root = createRoot(host);
  try {
    const startedAt = performance.now();
    flushSync(() =>
      root.render(
        createElement(EntryList, {
          list,
          current: list.rows[0],
          extraFor: () => ({ kind: 'none' as const }),
          actionsFor: () => NO_ACTIONS,
        }),
      ),
    );
    // Reading a box makes the browser lay the rows out, as it must before their first paint.
    host.getBoundingClientRect();
    return performance.now() - startedAt;
  } finally {
    root.unmount();
    host.remove();
  }
}
