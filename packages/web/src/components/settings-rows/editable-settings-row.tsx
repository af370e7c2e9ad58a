import type { ReactNode } from 'react';
import type { SettingsRowState } from './active-settings-row.js';

/** Props of a settings row that is edited in place. */
export interface EditableSettingsRowProps {
  /** The setting's name ('Auto Logout'): the row's heading and the Edit button's hidden text. */
  label: string;
  /** The current value; undefined while it loads (Edit is disabled then). */
  value: ReactNode | undefined;
  /** The value could not be loaded. */
  loadFailed: boolean;
  row: SettingsRowState;
  /** Called before the row turns to editing (to start the draft from the value). */
  onEdit: () => void;
  /** The edit form's accessible name ('Edit auto logout'). */
  formLabel: string;
  /** The edit form's field. */
  field: ReactNode;
  saveDisabled: boolean;
  onSave: () => void;
}

/**
 * A settings row (spec section 4): the value with an Edit button; editing shows the field with
 * Cancel (reverts) and Save (Enter in the field too). Only one row is edited at once.
 */
export function EditableSettingsRow({
  label,
  value,
  loadFailed,
  row,
  onEdit,
  formLabel,
  field,
  saveDisabled,
  onSave,
}: EditableSettingsRowProps) {
  if (!row.editing || value === undefined) {
    return (
      <div className="settings-row">
        <h3 className="settings-row__label">{label}</h3>
        <p className="settings-row__value">{value ?? (loadFailed ? 'Could not be loaded.' : 'Loading…')}</p>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={value === undefined}
          onClick={() => {
            onEdit();
            row.edit();
          }}
        >
          Edit <span className="visually-hidden">{label}</span>
        </button>
      </div>
    );
  }
  return (
    <form
      className="settings-row settings-row--editing"
      aria-label={formLabel}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {field}
      <div className="settings-row__actions">
        <button type="button" className="button button--secondary button--small" onClick={row.done}>
          Cancel
        </button>
        <button type="submit" className="button button--primary button--small" disabled={saveDisabled}>
          Save
        </button>
      </div>
    </form>
  );
}
