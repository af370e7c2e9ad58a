import type { UserDetail, UserRow } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { defaultTeamQuery, teamChoicesQuery } from '../../../api/teams-queries.js';
import { useUpdateUser } from '../../../api/users-mutations.js';
import { useUser } from '../../../api/users-queries.js';
import { MEMBER_ACCESS_LABELS } from '../../../components/admin-form/access-links.js';
import { AdminForm, LinkSection } from '../../../components/admin-form/admin-form.js';
import { failureText } from '../../../components/admin-shell/admin-action.js';
import { AdminFooter, saveAction } from '../../../components/admin-shell/admin-footer.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import { readAdminRowState, useAdminBack } from '../../../components/admin-table/admin-row-state.js';
import { CheckboxField } from '../../../components/form-fields/checkbox-field.js';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import { LIST_FAILED_MESSAGE } from '../../../components/lists/scroll-list.js';
import { withFreshPassword } from '../../../components/modals/fresh-password.js';
import { notify } from '../../../lib/notification-store.js';
import { paths } from '../../../navigation/paths.js';
import { useOwnership } from '../../../session/ownership.js';
import { useSession } from '../../../session/use-session.js';
import type { UserFormState } from './use-user-form.js';
import { useUserForm } from './use-user-form.js';
import { administratorConfirm } from './user-actions.js';
import { userSettingRules } from './user-settings-panel.js';
import './admin-teams.css';

/** Texts of the edit-user screen. */
export const EDIT_USER_TEXT = {
  title: 'Edit User',
  noTeams: 'No Teams besides the default one.',
  linkTeams: 'Link Teams',
  linkSubtext: 'Choose the teams the user joins.',
  updated: (name: string) => `${name} updated!`,
  failed: 'The user could not be saved. Please try again.',
} as const;

/**
 * /admin/teams/user/edit: name, e-mail (read-only), administrator (not for yourself or the owner)
 * and the user's teams with their access; the default team is not shown (spec section 5).
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<Pick<UserRow, 'id' | 'name'>>(state);
  if (!opened) return <Navigate to={paths.adminTeams} replace />;
  return <EditUser key={opened.row.id} opened={opened} />;
}

function EditUser({ opened }: { opened: AdminRowState<Pick<UserRow, 'id' | 'name'>> }) {
  const user = useUser(opened.row.id);
  const defaultTeam = useQuery(defaultTeamQuery());
  const back = useAdminBack(opened, paths.adminTeams);
  if (user.isPending || defaultTeam.isPending) {
    return (
      <p className="admin-table__status" role="status">
        Loading…
      </p>
    );
  }
  if (!user.data) {
    return (
      <p className="admin-table__status admin-table__status--error" role="alert">
        {LIST_FAILED_MESSAGE}
      </p>
    );
  }
  const defaultTeamId = defaultTeam.data?.default_for_new_users ? defaultTeam.data.id : null;
  return <EditUserForm user={user.data} defaultTeamId={defaultTeamId} back={back} />;
}

function EditUserForm({
  user,
  defaultTeamId,
  back,
}: {
  user: UserDetail;
  defaultTeamId: string | null;
  back: () => void;
}) {
  const { profile } = useSession();
  const rules = userSettingRules(profile, user, useOwnership());
  const form = useUserForm(user, defaultTeamId, rules.administrator);
  const update = useUpdateUser();
  const submit = async () => {
    if (update.isPending || !form.validate() || !profile) return;
    const change = form.toUpdate();
    const save = () => update.mutateAsync({ id: user.id, user: change, intents: form.intents() });
    try {
      // A change of the administrator flag asks for the password first (SecureConfirm); the rest does not.
      const outcome =
        change.administrator === undefined
          ? { done: true as const, value: await save() }
          : await withFreshPassword(
              { ...administratorConfirm(user.name, change.administrator), account: profile },
              save,
            );
      if (!outcome.done) return;
      const saved = outcome.value;
      notify({ type: 'success', message: EDIT_USER_TEXT.updated(saved.name) });
      back();
    } catch (error) {
      form.marks.showErrors([failureText(error, EDIT_USER_TEXT.failed)]);
    }
  };
  return (
    <>
      <UserForm
        form={form}
        canSetAdministrator={rules.administrator}
        defaultTeamId={defaultTeamId}
        onSubmit={() => void submit()}
      />
      <AdminFooter
        onBack={back}
        actions={[saveAction(update.isPending, 'Save the user', () => void submit())]}
      />
    </>
  );
}

function UserForm({
  form,
  canSetAdministrator,
  defaultTeamId,
  onSubmit,
}: {
  form: UserFormState;
  canSetAdministrator: boolean;
  defaultTeamId: string | null;
  onSubmit: () => void;
}) {
  return (
    <AdminForm title={EDIT_USER_TEXT.title} onSubmit={onSubmit}>
      <ErrorBanner errors={form.marks.errors} />
      <TextField
        label="Name"
        value={form.name}
        autoComplete="off"
        invalid={form.marks.isMarked('userName')}
        onValueChange={form.setName}
      />
      <TextField label="Email" type="email" value={form.email} readOnly onValueChange={() => undefined} />
      {canSetAdministrator ? (
        <CheckboxField
          label="Administrator"
          checked={form.administrator}
          onCheckedChange={form.setAdministrator}
        />
      ) : null}
      <LinkSection
        headingId="edit-user-teams"
        heading="Teams"
        label="Teams"
        links={form.teams}
        accessLabels={MEMBER_ACCESS_LABELS}
        emptyText={EDIT_USER_TEXT.noTeams}
        onAccess={form.setAccess}
        onRemove={form.removeTeam}
        linkLabel={EDIT_USER_TEXT.linkTeams}
        link={{
          subtext: EDIT_USER_TEXT.linkSubtext,
          choices: teamChoicesQuery,
          exclude: [...form.teams.map((team) => team.id), ...(defaultTeamId ? [defaultTeamId] : [])],
          searchPlaceholder: 'Search for a team',
        }}
        onLink={form.addTeams}
      />
    </AdminForm>
  );
}
