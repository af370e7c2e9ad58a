import type { Chest } from '@coffer/core';
import { useMemo } from 'react';
import { teamChoicesQuery, useTeamMembers } from '../../../api/teams-queries.js';
import { CHEST_ACCESS_LABELS } from '../../../components/admin-form/access-links.js';
import { AdminForm, LinkSection } from '../../../components/admin-form/admin-form.js';
import { CheckboxField } from '../../../components/form-fields/checkbox-field.js';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import type { ChestFormState } from './use-chest-form.js';

/** Texts of the chest form. */
export const CHEST_FORM_TEXT = {
  linkTeams: 'Link Teams',
  linkSubtext: 'Choose the teams that may use this chest.',
  noTeams: 'No Teams linked yet.',
  managersHint:
    "Chest managers are picked from the linked teams' users; administrators are not listed, they already reach every chest.",
  noManagers: 'No users to pick: link a team with members first.',
  rotationLabel: 'Rotate every',
  rotationHint:
    'Days. A secret unchanged for longer joins the rotation list of the security centre; leave empty for no policy.',
  /** The policy as the chest's page states it. */
  rotationPolicy: (days: number | null | undefined) =>
    days ? `Rotate every ${days} ${days === 1 ? 'day' : 'days'}` : 'No rotation policy',
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
 * or Write each (teams linked through the Link modal), the chest managers, and its rotation policy
 * (issue 31). Enter in a text field submits, as the footer's Save does.
 */
export function ChestForm({ title, form, chest, onSubmit }: ChestFormProps) {
  const { candidates, loading } = useManagerCandidates(form, chest);
  return (
    <AdminForm title={title} onSubmit={onSubmit}>
      <ErrorBanner errors={form.marks.errors} />
      <TextField
        label="Name"
        value={form.name}
        autoComplete="off"
        invalid={form.marks.isMarked('chestName')}
        onValueChange={form.setName}
      />
      <TextField
        label={CHEST_FORM_TEXT.rotationLabel}
        value={form.rotationDays}
        inputMode="numeric"
        autoComplete="off"
        hint={CHEST_FORM_TEXT.rotationHint}
        invalid={form.marks.isMarked('rotationDays')}
        onValueChange={form.setRotationDays}
      />
      <LinkSection
        headingId="chest-form-teams"
        heading="Teams"
        label="Linked teams"
        links={form.links.map((link) => ({ id: link.teamId, name: link.name, editAccess: link.editAccess }))}
        accessLabels={CHEST_ACCESS_LABELS}
        emptyText={CHEST_FORM_TEXT.noTeams}
        invalid={form.marks.isMarked('firstTeam')}
        onAccess={form.setAccess}
        onRemove={form.unlinkTeam}
        linkLabel={CHEST_FORM_TEXT.linkTeams}
        link={{
          subtext: CHEST_FORM_TEXT.linkSubtext,
          choices: teamChoicesQuery,
          searchPlaceholder: 'Search for a team',
        }}
        onLink={form.linkTeams}
      />
      <section className="admin-form__section" aria-labelledby="chest-form-managers">
        <h2 id="chest-form-managers" className="admin-form__heading">
          Chest Managers
        </h2>
        <p className="admin-form__hint">{CHEST_FORM_TEXT.managersHint}</p>
        {loading ? (
          <p className="admin-form__empty" role="status">
            Loading…
          </p>
        ) : candidates.length === 0 ? (
          <p className="admin-form__empty">{CHEST_FORM_TEXT.noManagers}</p>
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
    </AdminForm>
  );
}
