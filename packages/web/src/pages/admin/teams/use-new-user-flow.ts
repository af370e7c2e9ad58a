import { generatePassword, mailFailed, normaliseEmailInput, validateUserForm } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultTeamQuery } from '../../../api/teams-queries.js';
import { useCreateUser, useInviteUser } from '../../../api/users-mutations.js';
import type { AccessLink } from '../../../components/admin-form/access-links.js';
import { addLinks } from '../../../components/admin-form/access-links.js';
import { failureText } from '../../../components/admin-shell/admin-action.js';
import type { MarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import { useMarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import type { LinkOption } from '../../../components/modals/link-modal.js';
import { trustCreatedKey } from '../../../keys/key-trust.js';
import { makeAccountKeys } from '../../../keys/make-account-keys.js';
import { reportInvitationMail } from './invitation-mail.js';

/** Texts of the new-user states (spec section 4). */
export const NEW_USER_TEXT = {
  creating: (name: string) => `Adding ${name} to the product...`,
  added: (name: string) => `${name} has been added`,
  failed: 'The user could not be added. Please try again.',
  invited: (email: string) => `An invitation has been sent to ${email}.`,
  inviteFailed: 'The invitation could not be sent. Please try again.',
} as const;

/** Where the new-user screen is (spec section 4): FORM, CREATE, FINISH. */
export type NewUserStep =
  | { kind: 'form' }
  | { kind: 'create'; name: string }
  | { kind: 'finish'; id: string; name: string; email: string; password: string; mailSent: boolean };

/** The new-user screen's state and actions. */
export interface NewUserFlow {
  step: NewUserStep;
  name: string;
  email: string;
  teams: readonly AccessLink[];
  marks: MarkedFields;
  /** Sending an invitation. */
  inviting: boolean;
  setName: (value: string) => void;
  setEmail: (value: string) => void;
  addTeams: (chosen: readonly LinkOption[]) => void;
  removeTeam: (id: string) => void;
  /** FORM → CREATE → FINISH, or back to FORM with the server's message. */
  create: () => Promise<void>;
  /**
   * Invites the address instead; answers whether the invitation was made (its mail may still have
   * failed: then 'Could not send email successfully.' and the Users view's Resend).
   */
  invite: () => Promise<boolean>;
}

/**
 * The new-user flow: the administrator's browser generates a 12-character password, makes the
 * user's key pair and seals its private key under that password (as registration does), and sends
 * only the auth hash, the public key and the sealed key. FINISH shows the password, once.
 * `preselected` is the team the screen was opened from (a team's Add User, Shift+N on its page).
 */
export function useNewUserFlow(preselected?: { id: string; name: string }): NewUserFlow {
  const [step, setStep] = useState<NewUserStep>({ kind: 'form' });
  const [name, setNameValue] = useState('');
  const [email, setEmailValue] = useState('');
  const [teams, setTeams] = useState<readonly AccessLink[]>(() =>
    preselected ? [{ id: preselected.id, name: preselected.name, editAccess: false }] : [],
  );
  const marks = useMarkedFields();
  const defaultTeam = useQuery(defaultTeamQuery());
  const createUser = useCreateUser().mutateAsync;
  const invitation = useInviteUser();
  const inviting = invitation.isPending;

  // Every new user joins the default team anyway: it is not sent.
  const teamIds = () =>
    teams
      .map((team) => team.id)
      .filter((id) => !(defaultTeam.data?.default_for_new_users && defaultTeam.data.id === id));
  const values = () => ({ name: name.trim(), email: normaliseEmailInput(email) });
  const valid = () => marks.show(validateUserForm({ userName: name, userEmail: email }));

  return {
    step,
    name,
    email,
    teams,
    marks,
    inviting,
    setName: (value) => {
      setNameValue(value);
      marks.edited('userName');
    },
    setEmail: (value) => {
      setEmailValue(value);
      marks.edited('userEmail');
    },
    addTeams: (chosen) => setTeams((current) => addLinks(current, chosen)),
    removeTeam: (id) => setTeams((current) => current.filter((team) => team.id !== id)),
    create: async () => {
      if (step.kind !== 'form' || inviting || !valid()) return;
      const user = values();
      setStep({ kind: 'create', name: user.name });
      const password = generatePassword();
      try {
        const { keys } = await makeAccountKeys(user.email, password);
        const id = crypto.randomUUID();
        // The server places every new user in the default team too, read-only like the chosen ones.
        const defaultTeamIds = defaultTeam.data?.default_for_new_users ? [defaultTeam.data.id] : [];
        const created = await createUser({
          id,
          user: {
            name: user.name,
            email: user.email,
            password: keys.authHash,
            public_key: keys.public_key,
            encrypted_private_key: keys.encrypted_private_key,
            private_key_iv: keys.private_key_iv,
            kdf_iterations: keys.kdf_iterations,
            team_ids: teamIds(),
          },
          // This browser made the key: the log admits it as 'created', so the user replaces it at
          // their first sign-in whatever the server says (R16).
          intents: [
            {
              kind: 'admitted',
              user: id,
              email: user.email,
              publicKey: keys.public_key,
              admin: false,
              how: 'created',
            },
            ...[...defaultTeamIds, ...teamIds()].map((team) => ({
              kind: 'member' as const,
              team,
              user: id,
              edit: false,
            })),
          ],
        });
        // This browser made the key pair: trust it, as the person the administrator typed, so the
        // background reshare delivers the new user's keys without asking. Should that fail, they wait
        // in 'People to confirm' instead.
        const typed = { name: user.name, email: user.email };
        await trustCreatedKey(created.id, keys.public_key, undefined, typed).catch(() => undefined);
        setStep({
          kind: 'finish',
          id: created.id,
          name: created.name || user.name,
          email: created.email || user.email,
          password,
          mailSent: !mailFailed(created),
        });
      } catch (error) {
        marks.showErrors([failureText(error, NEW_USER_TEXT.failed)]);
        setStep({ kind: 'form' });
      }
    },
    invite: async () => {
      if (step.kind !== 'form' || inviting || !valid()) return false;
      const user = values();
      try {
        const sent = await invitation.mutateAsync({
          name: user.name,
          email: user.email,
          team_ids: teamIds(),
        });
        // Sent or not, the invitation exists: the Users view lists it, with Resend.
        reportInvitationMail(sent, NEW_USER_TEXT.invited(user.email));
      } catch (error) {
        marks.showErrors([failureText(error, NEW_USER_TEXT.inviteFailed)]);
        return false;
      }
      return true;
    },
  };
}
