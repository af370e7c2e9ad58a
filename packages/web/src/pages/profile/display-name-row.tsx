import type { Profile } from '@coffer/core';
import { checkField, DEFAULT_TEXT_MAX } from '@coffer/core';
import { useState } from 'react';
import { useUpdateProfile } from '../../api/accounts-mutations.js';
import { serverMessageOf } from '../../api/api-error.js';
import { TextField } from '../../components/form-fields/text-field.js';
import { notify } from '../../lib/notification-store.js';

/** Shown after the display name is saved. */
export const DISPLAY_NAME_SAVED_MESSAGE = 'Display name updated.';
/** Shown when the server refuses the name without a message. */
export const DISPLAY_NAME_FAILED_MESSAGE = 'Your display name could not be saved. Please try again.';

const NAME_RULE = { label: 'Display Name', required: true, max: DEFAULT_TEXT_MAX };

/** The Display Name row: Edit turns the name into a field, Save sends `PATCH profile {user:{name}}`. */
export function DisplayNameRow({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const busy = update.isPending;

  const save = async () => {
    if (draft === null || busy) return;
    const name = draft.trim();
    const invalid = checkField(name, NAME_RULE);
    if (invalid) {
      setError(invalid);
      return;
    }
    try {
      await update.mutateAsync({ name });
    } catch (failure) {
      notify({ type: 'error', message: serverMessageOf(failure) ?? DISPLAY_NAME_FAILED_MESSAGE });
      return;
    }
    setDraft(null);
    notify({ type: 'success', message: DISPLAY_NAME_SAVED_MESSAGE });
  };

  if (draft === null) {
    return (
      <div className="settings-row">
        <h2 className="settings-row__label">Display Name</h2>
        <p className="settings-row__value">{profile.name}</p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setDraft(profile.name)}
        >
          Edit <span className="visually-hidden">Display Name</span>
        </button>
      </div>
    );
  }
  return (
    <form
      className="settings-row settings-row--editing"
      aria-label="Edit display name"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        className="settings-row__field"
        label="Display Name"
        name="name"
        autoComplete="name"
        autoFocus
        value={draft}
        maxLength={DEFAULT_TEXT_MAX}
        onValueChange={(value) => {
          setDraft(value);
          setError(undefined);
        }}
        error={error}
        disabled={busy}
      />
      <div className="settings-row__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setDraft(null)}
        >
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary button--small"
          disabled={busy || draft.trim() === ''}
        >
          Save
        </button>
      </div>
    </form>
  );
}
