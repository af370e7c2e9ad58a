import type { Chest } from '@coffer/core';
import { CHESTS_LIMIT_MESSAGE, FREE_PLAN_LIMIT_NOTICE, validateChest } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import { defaultTeamQuery } from '../../api/teams-queries.js';
import { useSaveChest } from '../../api/vaults-mutations.js';
import { openModal } from '../../lib/modal-store.js';
import { notify } from '../../lib/notification-store.js';
import { usePlanLimitOffer } from '../billing/use-plan-limit-offer.js';
import { ErrorBanner } from '../form-fields/error-banner.js';
import { TextField } from '../form-fields/text-field.js';
import { useMarkedFields } from '../form-fields/use-marked-fields.js';
import { ModalDialog } from '../modals/modal-dialog.js';

/** Texts of the quick chest creation. */
export const NEW_CHEST_TEXT = {
  title: 'New Chest',
  subtext: 'It is shared with your whole organisation; its teams can be changed in the admin area.',
  created: (name: string) => `${name} created!`,
  failed: 'The chest could not be created. Please try again.',
} as const;

/**
 * A chest for a secret when none exists yet (a new organisation, the welcome step 'Add your first
 * Secret'): a name, linked to the default team with write access. Administrators only.
 */
function NewChestModal({ onDone }: { onDone: (chest?: Chest) => void }) {
  const [name, setName] = useState('');
  const marks = useMarkedFields();
  const team = useQuery(defaultTeamQuery());
  const save = useSaveChest();
  const offerTeamPlan = usePlanLimitOffer();

  const create = async () => {
    if (save.isPending) return;
    const teamIds = team.data ? [team.data.id] : [];
    if (!marks.show(validateChest({ chestName: name, firstTeam: teamIds }))) return;
    try {
      const { chest } = await save.mutateAsync({
        chest: {
          name: name.trim(),
          assignments_attributes: teamIds.map((id) => ({ team_id: id, edit_access: true })),
        },
      });
      notify({ type: 'success', message: NEW_CHEST_TEXT.created(chest.name) });
      onDone(chest);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      if (message === CHESTS_LIMIT_MESSAGE) {
        notify({ type: 'error', message: FREE_PLAN_LIMIT_NOTICE });
        offerTeamPlan();
      }
      marks.showErrors([message ?? NEW_CHEST_TEXT.failed]);
    }
  };

  return (
    <ModalDialog
      title={NEW_CHEST_TEXT.title}
      subtext={NEW_CHEST_TEXT.subtext}
      onCancel={() => onDone()}
      onEnter={() => void create()}
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
          disabled={save.isPending || team.isPending}
          onClick={() => void create()}
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
