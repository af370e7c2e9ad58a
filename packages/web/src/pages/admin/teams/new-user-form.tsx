import { teamChoicesQuery } from '../../../api/teams-queries.js';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import { openLinkModal } from '../../../components/modals/link-modal.js';
import { AccessLinks } from './access-links.js';
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
  const linkTeams = async () => {
    const chosen = await openLinkModal({
      title: NEW_USER_FORM_TEXT.linkTeams,
      subtext: NEW_USER_FORM_TEXT.linkSubtext,
      choices: teamChoicesQuery,
      exclude: flow.teams.map((team) => team.id),
      searchPlaceholder: 'Search for a team',
    });
    if (chosen) flow.addTeams(chosen);
  };
  return (
    <form
      className="team-form"
      aria-label={NEW_USER_FORM_TEXT.title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h1 className="admin__title">{NEW_USER_FORM_TEXT.title}</h1>
      <p className="team-form__hint">{NEW_USER_FORM_TEXT.intro}</p>
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
      <section className="team-form__section" aria-labelledby="new-user-teams">
        <h2 id="new-user-teams" className="team-form__heading">
          Teams
        </h2>
        <AccessLinks
          label="Teams"
          links={flow.teams}
          emptyText={NEW_USER_FORM_TEXT.noTeams}
          onRemove={flow.removeTeam}
        />
        <div>
          <button type="button" className="button button--secondary" onClick={() => void linkTeams()}>
            {NEW_USER_FORM_TEXT.linkTeams}
          </button>
        </div>
      </section>
      {/* Enter in a field submits the form (a form with two fields needs a submit button for that). */}
      <button type="submit" hidden />
    </form>
  );
}
