import { DEFAULT_TEXT_MAX } from '@coffer/core';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error.js';
import { useUpdateOrganisation } from '../../../api/organisation-mutations.js';
import { useOrganisation } from '../../../api/organisation-queries.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import { useSettingsRow } from '../../../components/settings-rows/active-settings-row.js';
import { EditableSettingsRow } from '../../../components/settings-rows/editable-settings-row.js';
import { notify } from '../../../lib/notification-store.js';

/** Spec section 8's notice after a rename. */
export const ORGANISATION_RENAMED_MESSAGE = 'Organisation name successfully changed.';
/** Shown when the rename failed and the server gave no reason. */
export const ORGANISATION_RENAME_FAILED_MESSAGE =
  'The organisation name could not be changed. Please try again.';

/**
 * The organisation's name (the owner): Edit enables the field, Save (disabled while empty) renames
 * it ('Organisation name successfully changed.'), Cancel reverts.
 */
export function OrganisationNameRow() {
  const organisation = useOrganisation();
  const update = useUpdateOrganisation();
  const row = useSettingsRow('organisation-name');
  const [draft, setDraft] = useState('');
  const name = organisation.data?.name;

  const save = async () => {
    const next = draft.trim();
    if (update.isPending || next === '') return;
    if (next === name) {
      row.done();
      return;
    }
    try {
      await update.mutateAsync({ name: next });
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      notify({ type: 'error', message: message ?? ORGANISATION_RENAME_FAILED_MESSAGE });
      return;
    }
    row.done();
    notify({ type: 'success', message: ORGANISATION_RENAMED_MESSAGE });
  };

  return (
    <EditableSettingsRow
      label="Organisation Name"
      value={name}
      loadFailed={organisation.isError}
      row={row}
      onEdit={() => setDraft(name ?? '')}
      formLabel="Edit organisation name"
      field={
        <TextField
          className="settings-row__field"
          label="Organisation Name"
          name="organisation"
          autoComplete="organization"
          autoFocus
          value={draft}
          maxLength={DEFAULT_TEXT_MAX}
          disabled={update.isPending}
          onValueChange={setDraft}
        />
      }
      saveDisabled={update.isPending || draft.trim() === ''}
      onSave={() => void save()}
    />
  );
}
