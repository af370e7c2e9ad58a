import type { Team } from '@coffer/core';
import { useSaveTeam } from '../../../api/teams-mutations.js';
import { failureText } from '../../../components/admin-shell/admin-action.js';
import { notify } from '../../../lib/notification-store.js';
import type { TeamFormState } from './use-team-form.js';

/** Texts of a team save. */
export const TEAM_SAVE_TEXT = {
  created: (name: string) => `${name} created!`,
  updated: (name: string) => `${name} updated!`,
  failed: 'The team could not be saved. Please try again.',
} as const;

/**
 * The team form's save: validates, saves through the team mutation, notifies, then `onSaved`. A
 * refusal shows the server's reason in the form's banner.
 */
export function useTeamSubmit(form: TeamFormState, editing: boolean, onSaved: (team: Team) => void) {
  const save = useSaveTeam();
  const submit = async () => {
    if (save.isPending || !form.validate()) return;
    let team: Team;
    try {
      team = await save.mutateAsync(form.toSave());
    } catch (error) {
      form.marks.showErrors([failureText(error, TEAM_SAVE_TEXT.failed)]);
      return;
    }
    notify({
      type: 'success',
      message: editing ? TEAM_SAVE_TEXT.updated(team.name) : TEAM_SAVE_TEXT.created(team.name),
    });
    onSaved(team);
  };
  return { submit, saving: save.isPending };
}
