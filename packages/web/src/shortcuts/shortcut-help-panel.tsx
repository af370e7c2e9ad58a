import { useStore } from '../lib/create-store.js';
import { helpPanelStore, hideHelpPanel } from './help-panel-store.js';
import { formatCombo } from './key-combo.js';
import { isListed, listShortcuts, shortcutRegistry } from './shortcut-registry.js';
import type { ShortcutDefinition } from './shortcut-types.js';
import { useShortcutContext } from './use-shortcut-context.js';
import './shortcuts.css';

/** The keyboard help panel: generated from the shortcut table, filtered to what applies on this route. */
export function ShortcutHelpPanel() {
  const open = useStore(helpPanelStore);
  const registrations = useStore(shortcutRegistry);
  const context = useShortcutContext();
  if (!open) return null;
  const shortcuts = uniqueByKeys(listShortcuts(registrations).filter((s) => isListed(s, context)));

  return (
    <section className="shortcut-panel" aria-labelledby="shortcut-panel-title">
      <header className="shortcut-panel__header">
        <h2 id="shortcut-panel-title" className="shortcut-panel__title">
          Keyboard shortcuts
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={hideHelpPanel}>
          Close
        </button>
      </header>
      <dl className="shortcut-panel__list">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.id} className="shortcut-panel__row">
            <dt className="shortcut-panel__keys">
              {formatCombo(shortcut.keys).map((part) => (
                <kbd key={part}>{part}</kbd>
              ))}
            </dt>
            <dd className="shortcut-panel__description">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

// A screen's binding overrides a global one with the same keys; list only the one that would run.
function uniqueByKeys(shortcuts: ShortcutDefinition[]): ShortcutDefinition[] {
  const seen = new Set<string>();
  return shortcuts.filter((shortcut) => {
    const key = formatCombo(shortcut.keys).join('+');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
