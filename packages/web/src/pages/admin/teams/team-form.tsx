import { userChoicesQuery } from '../../../api/users-queries.js';
import { chestChoicesQuery } from '../../../api/vaults-queries.js';
import { CHEST_ACCESS_LABELS, MEMBER_ACCESS_LABELS } from '../../../components/admin-form/access-links.js';
import { AdminForm, LinkSection } from '../../../components/admin-form/admin-form.js';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { TextField } from '../../../components/form-fields/text-field.js';
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
  return (
    <AdminForm title={title} onSubmit={onSubmit}>
      <ErrorBanner errors={form.marks.errors} />
      <TextField
        label="Name"
        value={form.name}
        autoComplete="off"
        invalid={form.marks.isMarked('teamName')}
        onValueChange={form.setName}
      />
      <LinkSection
        headingId="team-form-users"
        heading="Users"
        hint={TEAM_FORM_TEXT.usersHint}
        label="Users"
        links={form.members.links}
        accessLabels={MEMBER_ACCESS_LABELS}
        emptyText={TEAM_FORM_TEXT.noUsers}
        onAccess={form.members.setAccess}
        onRemove={form.members.remove}
        linkLabel={TEAM_FORM_TEXT.linkUsers}
        link={{
          subtext: TEAM_FORM_TEXT.linkUsersSubtext,
          choices: userChoicesQuery,
          searchPlaceholder: 'Search for a user',
        }}
        onLink={form.members.add}
      />
      <LinkSection
        headingId="team-form-chests"
        heading="Chests"
        label="Chests"
        links={form.chests.links}
        accessLabels={CHEST_ACCESS_LABELS}
        emptyText={TEAM_FORM_TEXT.noChests}
        invalid={form.marks.isMarked('firstChest')}
        onAccess={form.chests.setAccess}
        onRemove={form.chests.remove}
        linkLabel={TEAM_FORM_TEXT.linkChests}
        link={{
          subtext: TEAM_FORM_TEXT.linkChestsSubtext,
          choices: chestChoicesQuery,
          searchPlaceholder: 'Search for a chest',
        }}
        onLink={form.chests.add}
      />
    </AdminForm>
  );
}
