import type { ShortcutDefinition } from '../../shortcuts/shortcut-types.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';

/** One button of an admin screen's footer, with its shortcut (Shift+N, Shift+E...). */
export interface FooterAction {
  /** Unique on the screen; also the shortcut's id. */
  id: string;
  label: string;
  onSelect: () => void;
  /** The shortcut that presses it ('Shift+N'); listed in the help panel. */
  keys?: string;
  /** The help panel's words; the label when absent. */
  description?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
}

/** The Save button of an admin form's footer (Shift+S): 'Saving…' and disabled while it saves. */
export function saveAction(saving: boolean, description: string, onSave: () => void): FooterAction {
  return {
    id: 'save',
    label: saving ? 'Saving…' : 'Save',
    keys: 'Shift+S',
    description,
    variant: 'primary',
    disabled: saving,
    onSelect: onSave,
  };
}

/** Props of an admin screen's footer. */
export interface AdminFooterProps {
  actions: readonly FooterAction[];
  /** Esc goes back (spec section 2); also a 'Back' button. */
  onBack?: () => void;
}

/**
 * The footer of an admin screen (spec section 2): its buttons, each with its shortcut as data (the
 * help panel lists them), and Esc to go back. Enter activates the focused button, as buttons do.
 */
export function AdminFooter({ actions, onBack }: AdminFooterProps) {
  const shortcuts: ShortcutDefinition[] = actions.flatMap((action) =>
    action.keys
      ? [
          {
            id: `admin-footer.${action.id}`,
            keys: action.keys,
            description: action.description ?? action.label,
            when: () => action.disabled !== true,
            run: () => action.onSelect(),
          },
        ]
      : [],
  );
  if (onBack) {
    shortcuts.push({ id: 'admin-footer.back', keys: 'Escape', description: 'Go back', run: () => onBack() });
  }
  useShortcuts(shortcuts);

  return (
    <div className="admin-footer">
      {onBack ? (
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
      ) : null}
      <span className="admin-footer__spacer" />
      {actions.map((action) => (
        <button
          key={action.id}
          type="button"
          className={`button button--${action.variant ?? 'secondary'}`}
          disabled={action.disabled}
          aria-keyshortcuts={action.keys}
          onClick={action.onSelect}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
