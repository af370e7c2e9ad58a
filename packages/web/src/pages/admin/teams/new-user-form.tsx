import { teamChoicesQuery } from '../../../api/teams-queries.js';
import { AdminForm, LinkSection } from '../../../components/admin-form/admin-form.js';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import type { NewUserFlow } from './use-new-user-flow.js';

/** Texts of the new-user form. */
export const NEW_USER_FORM_TEXT = {
  title: 'New User',
  intro:
    'Add the user with a generated password that you pass on to them, or invite them by e-mail to choose their own. Every user joins the default team.',
  linkTeams: 'Link Teams',
  linkSubtext: 'Choose the teams the user joins.',
  noTeams: 'No Teams linked yet.',
} as const;

/**
 * FORM of the new-user screen: name, e-mail (lower-cased when sent) and teams (the one it was opened
 * from preselected). Enter adds the user, as the footer's Add User does.
 */
export function NewUserForm({ flow, onSubmit }: { flow: NewUserFlow; onSubmit: () => void }) {
  return (
    <AdminForm title={NEW_USER_FORM_TEXT.title} onSubmit={onSubmit}>
      <p className="admin-form__hint">{NEW_USER_FORM_TEXT.intro}</p>
      <ErrorBanner errors={flow.marks.errors} />
      <TextField
        label="Name"
        value={flow.name}
        autoComplete="off"
        invalid={flow.marks.isMarked('userName')}
        onValueChange={flow.setName}
      />
      <TextField
        label="Email"
        type="email"
        value={flow.email}
        autoComplete="off"
        invalid={flow.marks.isMarked('userEmail')}
        onValueChange={flow.setEmail}
      />
      <LinkSection
        headingId="new-user-teams"
        heading="Teams"
        label="Teams"
        links={flow.teams}
        emptyText={NEW_USER_FORM_TEXT.noTeams}
        onRemove={flow.removeTeam}
        linkLabel={NEW_USER_FORM_TEXT.linkTeams}
        link={{
          subtext: NEW_USER_FORM_TEXT.linkSubtext,
          choices: teamChoicesQuery,
          searchPlaceholder: 'Search for a team',
        }}
        onLink={flow.addTeams}
      />
      {/* Enter in a field submits the form (a form with two fields needs a submit button for that). */}
      <button type="submit" hidden />
    </AdminForm>
  );
}
