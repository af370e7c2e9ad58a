import type { Chest } from '@coffer/core';
import { useId, useState } from 'react';
import { useSession } from '../../session/use-session.js';
import { ErrorBanner } from '../form-fields/error-banner.js';
import { TextField } from '../form-fields/text-field.js';
import { useMarkedFields } from '../form-fields/use-marked-fields.js';
import { useCreateEveryoneChest } from './use-create-everyone-chest.js';
import type { WritableChests } from './use-writable-chests.js';
import './first-chest-offer.css';

/** Texts of the first-chest offer. */
export const FIRST_CHEST_TEXT = {
  heading: 'Create your first chest',
  body:
    'Secrets are kept in chests, and your organisation has none yet. This one is shared with ' +
    'everyone in it, who may read and add secrets; you can change its teams in the admin area.',
  defaultName: 'Shared',
  button: 'Create your first chest',
} as const;

/**
 * A new organisation's administrator meets an empty dashboard or the welcome's first secret: one
 * step makes the first chest (linked to 'Everyone' with write access, its name ready to accept) and
 * hands it to the page, which opens the new-secret form in it, so the first secret needs no visit to
 * the admin area (issue 26; docs/decisions.md says why registration makes no chest). Shown to
 * administrators only, once the chests are known to be none.
 */
export function FirstChestOffer({
  writable,
  onCreated,
}: {
  writable: WritableChests;
  onCreated: (chest: Chest) => void;
}) {
  const { isAdministrator } = useSession();
  if (!isAdministrator || writable.loading || writable.failed || writable.chests.length > 0) return null;
  return <FirstChestForm onCreated={onCreated} />;
}

// Apart from the offer's condition, so that only an administrator with no chest loads the default team.
function FirstChestForm({ onCreated }: { onCreated: (chest: Chest) => void }) {
  const [name, setName] = useState<string>(FIRST_CHEST_TEXT.defaultName);
  const marks = useMarkedFields();
  const { create, busy } = useCreateEveryoneChest(marks);
  const headingId = useId();

  return (
    <section className="first-chest" aria-labelledby={headingId}>
      <h2 id={headingId} className="first-chest__heading">
        {FIRST_CHEST_TEXT.heading}
      </h2>
      <p className="first-chest__text">{FIRST_CHEST_TEXT.body}</p>
      <form
        className="first-chest__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create(name).then((chest) => {
            if (chest) onCreated(chest);
          });
        }}
      >
        <ErrorBanner errors={marks.errors} />
        <TextField
          label="Name"
          value={name}
          autoComplete="off"
          invalid={marks.isMarked('chestName')}
          onValueChange={(value) => {
            setName(value);
            marks.edited('chestName');
          }}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {FIRST_CHEST_TEXT.button}
        </button>
      </form>
    </section>
  );
}
