import { INACTIVITY_OPTIONS, NEVER, resolveInactivityMinutes } from '@coffer/core';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error.js';
import { useUpdateOrganisation } from '../../../api/organisation-mutations.js';
import { useOrganisation } from '../../../api/organisation-queries.js';
import { SelectField } from '../../../components/form-fields/select-field.js';
import { openConfirm } from '../../../components/modals/confirm-modal.js';
import { useSettingsRow } from '../../../components/settings-rows/active-settings-row.js';
import { EditableSettingsRow } from '../../../components/settings-rows/editable-settings-row.js';
import { notify } from '../../../lib/notification-store.js';

/** Spec section 8's notice after a change. */
export const AUTO_LOGOUT_UPDATED_MESSAGE = 'Auto logout updated successfully';
/** Shown when the change failed and the server gave no reason. */
export const AUTO_LOGOUT_FAILED_MESSAGE = 'The auto logout could not be updated. Please try again.';
/** The confirmation's title. */
export const AUTO_LOGOUT_CONFIRM_TITLE = 'Update the auto logout?';

const OPTIONS = INACTIVITY_OPTIONS.map((option) => ({ value: String(option.value), label: option.label }));
const labelOf = (minutes: number) =>
  INACTIVITY_OPTIONS.find((option) => option.value === minutes)?.label ?? `${minutes} minutes`;

function confirmText(minutes: number): string {
  return minutes === NEVER
    ? 'Nobody in the organisation will be logged out for inactivity.'
    : `Everyone in the organisation will be warned, then logged out, after ${labelOf(minutes)} without a click or a key press.`;
}

/**
 * Auto Logout (spec sections 4 and 9): Edit turns the value into a dropdown of Never, 5 … 120
 * minutes; Save asks for confirmation, then sets the organisation's inactivity length ('Auto logout
 * updated successfully'); Cancel reverts. Every browser of the organisation follows it from its
 * next profile load.
 */
export function AutoLogoutRow() {
  const organisation = useOrganisation();
  const update = useUpdateOrganisation();
  const row = useSettingsRow('auto-logout');
  const [draft, setDraft] = useState('');
  const minutes = organisation.data ? resolveInactivityMinutes(organisation.data.inactivity_length) : null;

  const save = async () => {
    const chosen = Number(draft);
    if (update.isPending || chosen === minutes) return;
    const confirmed = await openConfirm({
      title: AUTO_LOGOUT_CONFIRM_TITLE,
      subtext: confirmText(chosen),
      confirmLabel: 'Update',
    });
    if (!confirmed) return;
    try {
      await update.mutateAsync({ inactivity_length: chosen });
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      notify({ type: 'error', message: message ?? AUTO_LOGOUT_FAILED_MESSAGE });
      return;
    }
    row.done();
    notify({ type: 'success', message: AUTO_LOGOUT_UPDATED_MESSAGE });
  };

  return (
    <EditableSettingsRow
      label="Auto Logout"
      value={minutes === null ? undefined : labelOf(minutes)}
      loadFailed={organisation.isError}
      row={row}
      onEdit={() => setDraft(String(minutes))}
      formLabel="Edit auto logout"
      field={
        <SelectField
          label="Auto Logout"
          value={draft}
          options={OPTIONS}
          autoFocus
          disabled={update.isPending}
          onValueChange={setDraft}
        />
      }
      saveDisabled={update.isPending || Number(draft) === minutes}
      onSave={() => void save()}
    />
  );
}
