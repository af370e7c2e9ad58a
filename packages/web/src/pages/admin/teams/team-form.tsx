import { assignmentAccessLabel, chestAccessLabel } from '@coffer/core';
import { userChoicesQuery } from '../../../api/users-queries.js';
import { chestChoicesQuery } from '../../../api/vaults-queries.js';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import { openLinkModal } from '../../../components/modals/link-modal.js';
import { AccessLinks } from './access-links.js';
import type { TeamFormState } from './use-team-form.js';

/** Texts of the team form. */
export const TEAM_FORM_TEXT = {
  linkUsers: 'Link Users',
  linkUsersSubtext: 'Choose the users who join this team.',
  noUsers: 'No Users linked yet.',
  linkChests: 'Link Chests',
  linkChestsSubtext: "Choose the chests this team's users may use.",
  noChests: 'No Chests linked yet.',
  usersHint: "Read & Write lets a member write in the team's chests that the team may write to.",
} as const;

/** A member's access words (spec section 6): Read only or Read & Write. */
export const MEMBER_ACCESS_LABELS = [
  chestAccessLabel({ administrator: false }),
  chestAccessLabel({ administrator: false, canWrite: true }),
] as const;

/** A chest's access words: Read or Write. */
export const CHEST_ACCESS_LABELS = [assignmentAccessLabel(false), assignmentAccessLabel(true)] as const;

/** Props of the team form. */
export interface TeamFormProps {
  title: string;
  form: TeamFormState;
  onSubmit: () => void;
}

/**
 * The team form of /admin/teams/new and /admin/teams/edit: the name (max 25), the users with Read
 * only or Read & Write each, and the chests with Read or Write each (both linked through the Link
 * modal). Enter in the name submits, as the footer's Save does.
 */
export function TeamForm({ title, form, onSubmit }: TeamFormProps) {
  const linkUsers = async () => {
    const chosen = await openLinkModal({
      title: TEAM_FORM_TEXT.linkUsers,
      subtext: TEAM_FORM_TEXT.linkUsersSubtext,
      choices: userChoicesQuery,
      exclude: form.members.links.map((link) => link.id),
      searchPlaceholder: 'Search for a user',
    });
    if (chosen) form.members.add(chosen);
  };
  const linkChests = async () => {
    const chosen = await openLinkModal({
      title: TEAM_FORM_TEXT.linkChests,
      subtext: TEAM_FORM_TEXT.linkChestsSubtext,
      choices: chestChoicesQuery,
      exclude: form.chests.links.map((link) => link.id),
      searchPlaceholder: 'Search for a chest',
    });
    if (chosen) form.chests.add(chosen);
  };

  return (
    <form
      className="team-form"
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
        invalid={form.marks.isMarked('teamName')}
        onValueChange={form.setName}
      />
      <section className="team-form__section" aria-labelledby="team-form-users">
        <h2 id="team-form-users" className="team-form__heading">
          Users
        </h2>
        <p className="team-form__hint">{TEAM_FORM_TEXT.usersHint}</p>
        <AccessLinks
          label="Users"
          links={form.members.links}
          accessLabels={MEMBER_ACCESS_LABELS}
          emptyText={TEAM_FORM_TEXT.noUsers}
          onAccess={form.members.setAccess}
          onRemove={form.members.remove}
        />
        <div>
          <button type="button" className="button button--secondary" onClick={() => void linkUsers()}>
            {TEAM_FORM_TEXT.linkUsers}
          </button>
        </div>
      </section>
      <section className="team-form__section" aria-labelledby="team-form-chests">
        <h2 id="team-form-chests" className="team-form__heading">
          Chests
        </h2>
        <AccessLinks
          label="Chests"
          links={form.chests.links}
          accessLabels={CHEST_ACCESS_LABELS}
          emptyText={TEAM_FORM_TEXT.noChests}
          onAccess={form.chests.setAccess}
          onRemove={form.chests.remove}
        />
        <div>
          <button type="button" className="button button--secondary" onClick={() => void linkChests()}>
            {TEAM_FORM_TEXT.linkChests}
          </button>
        </div>
      </section>
    </form>
  );
}
