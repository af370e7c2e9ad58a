import type { Chest } from '@coffer/core';
import { assignmentAccessLabel } from '@coffer/core';
import { useMemo } from 'react';
import { teamChoicesQuery, useTeamMembers } from '../../../api/teams-queries.js';
import { CheckboxField } from '../../../components/form-fields/checkbox-field.js';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import { openLinkModal } from '../../../components/modals/link-modal.js';
import type { ChestFormState } from './use-chest-form.js';

/** Texts of the chest form. */
export const CHEST_FORM_TEXT = {
  linkTeams: 'Link Teams',
  linkSubtext: 'Choose the teams that may use this chest.',
  noTeams: 'No Teams linked yet.',
  managersHint:
    "Chest managers are picked from the linked teams' users; administrators are not listed, they already reach every chest.",
  noManagers: 'No users to pick: link a team with members first.',
} as const;

/** A user who may be made a manager of the chest. */
interface Candidate {
  id: string;
  name: string;
  email: string;
}

/** The manager candidates: users of the linked teams and the chest's managers, administrators left out. */
function useManagerCandidates(form: ChestFormState, chest: Chest | undefined) {
  const teamIds = form.links.map((link) => link.teamId);
  const { members, loading } = useTeamMembers(teamIds);
  const candidates = useMemo(() => {
    const byId = new Map<string, Candidate>();
    for (const member of members) if (!member.administrator) byId.set(member.id, member);
    for (const user of chest?.users ?? []) {
      if (user.manager && !user.administrator && !byId.has(user.id))
        byId.set(user.id, { id: user.id, name: user.name ?? user.id, email: user.email ?? '' });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [members, chest]);
  return { candidates, loading };
}

/** Props of the chest form. */
export interface ChestFormProps {
  title: string;
  form: ChestFormState;
  /** The chest as stored, when editing (its managers are candidates too). */
  chest?: Chest;
  onSubmit: () => void;
}

/**
 * The chest form of /admin/chests/new and /admin/chests/edit: the name, the linked teams with Read
 * or Write each (teams linked through the Link modal), and the chest managers. Enter in the name
 * (its one text field) submits, as the footer's Save does.
 */
export function ChestForm({ title, form, chest, onSubmit }: ChestFormProps) {
  const { candidates, loading } = useManagerCandidates(form, chest);
  const linkTeams = async () => {
    const chosen = await openLinkModal({
      title: CHEST_FORM_TEXT.linkTeams,
      subtext: CHEST_FORM_TEXT.linkSubtext,
      choices: teamChoicesQuery,
      exclude: form.links.map((link) => link.teamId),
      searchPlaceholder: 'Search for a team',
    });
    if (chosen) form.linkTeams(chosen);
  };

  return (
    <form
      className="chest-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h1 className="admin__title">{title}</h1>
      <ErrorBanner errors={form.marks.errors} />
      <TextField
        label="Name"
        value={form.name}
        autoComplete="off"
        invalid={form.marks.isMarked('chestName')}
        onValueChange={form.setName}
      />
      <section className="chest-form__section" aria-labelledby="chest-form-teams">
        <h2 id="chest-form-teams" className="chest-form__heading">
          Teams
        </h2>
        {form.links.length === 0 ? (
          <p
            className={
              form.marks.isMarked('firstTeam')
                ? 'chest-form__empty chest-form__empty--invalid'
                : 'chest-form__empty'
            }
          >
            {CHEST_FORM_TEXT.noTeams}
          </p>
        ) : (
          <ul className="chest-form__teams" aria-label="Linked teams">
            {form.links.map((link) => (
              <li key={link.teamId} className="chest-form__team">
                <span className="chest-form__team-name">{link.name}</span>
                <select
                  aria-label={`Access for ${link.name}`}
                  className="chest-form__access"
                  value={link.editAccess ? 'write' : 'read'}
                  onChange={(event) => form.setAccess(link.teamId, event.target.value === 'write')}
                >
                  <option value="read">{assignmentAccessLabel(false)}</option>
                  <option value="write">{assignmentAccessLabel(true)}</option>
                </select>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Unlink ${link.name}`}
                  onClick={() => form.unlinkTeam(link.teamId)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div>
          <button type="button" className="button button--secondary" onClick={() => void linkTeams()}>
            {CHEST_FORM_TEXT.linkTeams}
          </button>
        </div>
      </section>
      <section className="chest-form__section" aria-labelledby="chest-form-managers">
        <h2 id="chest-form-managers" className="chest-form__heading">
          Chest Managers
        </h2>
        <p className="chest-form__hint">{CHEST_FORM_TEXT.managersHint}</p>
        {loading ? (
          <p className="chest-form__empty" role="status">
            Loading…
          </p>
        ) : candidates.length === 0 ? (
          <p className="chest-form__empty">{CHEST_FORM_TEXT.noManagers}</p>
        ) : (
          <fieldset className="chest-form__managers">
            <legend className="visually-hidden">Chest Managers</legend>
            {candidates.map((user) => (
              <CheckboxField
                key={user.id}
                label={user.email ? `${user.name} (${user.email})` : user.name}
                checked={form.managers.has(user.id)}
                onCheckedChange={(checked) => form.setManager(user.id, checked)}
              />
            ))}
          </fieldset>
        )}
      </section>
    </form>
  );
}
