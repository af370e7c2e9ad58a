import type { Chest } from '@coffer/core';
import { useState } from 'react';
import { openModal } from '../../lib/modal-store.js';
import { ErrorBanner } from '../form-fields/error-banner.js';
import { TextField } from '../form-fields/text-field.js';
import { useMarkedFields } from '../form-fields/use-marked-fields.js';
import { ModalDialog } from '../modals/modal-dialog.js';
import { EVERYONE_CHEST_TEXT, useCreateEveryoneChest } from './use-create-everyone-chest.js';

/** Texts of the quick chest creation. */
export const NEW_CHEST_TEXT = {
  title: 'New Chest',
  subtext: 'It is shared with your whole organisation; its teams can be changed in the admin area.',
  ...EVERYONE_CHEST_TEXT,
} as const;

/**
 * A chest for a secret when none exists yet (a new organisation, the welcome step 'Add your first
 * Secret'): a name, linked to the default team with write access. Administrators only.
 */
function NewChestModal({ onDone }: { onDone: (chest?: Chest) => void }) {
  const [name, setName] = useState('');
  const marks = useMarkedFields();
  const { create, busy } = useCreateEveryoneChest(marks);
  const submit = async () => {
    const chest = await create(name);
    if (chest) onDone(chest);
  };

  return (
    <ModalDialog
      title={NEW_CHEST_TEXT.title}
      subtext={NEW_CHEST_TEXT.subtext}
      onCancel={() => onDone()}
      onEnter={() => void submit()}
    >
      <ErrorBanner errors={marks.errors} />
      <TextField
        label="Name"
        value={name}
        data-autofocus
        autoComplete="off"
        invalid={marks.isMarked('chestName')}
        onValueChange={(value) => {
          setName(value);
          marks.edited('chestName');
        }}
      />
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone()}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void submit()}
        >
          Create
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the quick chest creation; answers the new chest, or undefined when cancelled. */
export function openNewChestModal(): Promise<Chest | undefined> {
  return openModal<Chest>((close) => <NewChestModal onDone={close} />);
}
