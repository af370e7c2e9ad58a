import type { UserDetail } from '@coffer/core';
import { canToggleAdministrator, canToggleLock } from '@coffer/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fingerprintQuery } from '../../../api/fingerprint-queries.js';
import { FingerprintDisplay } from '../../../components/key-trust/fingerprint-display.js';
import { useOwnKeyCheck } from '../../../components/key-trust/own-key-check-query.js';
import { ProvenFingerprint } from '../../../components/key-trust/proven-fingerprint.js';
import { type Ownership, useOwnership } from '../../../session/ownership.js';
import { useSession } from '../../../session/use-session.js';
import { useUserActions } from './user-actions.js';

/** Texts of the user page's settings panel. */
export const USER_SETTINGS_TEXT = {
  administrator: 'Administrator',
  administratorHint: 'Administrators manage chests, teams, users and settings, and read every secret.',
  administratorLocked: 'Not available for your own account or the account owner.',
  dataAdministrator: 'Data administrator',
  dataAdministratorHint:
    'Data administrators see the statistics dashboard: counts of how the organisation uses Coffer, never a secret.',
  block: 'Block',
  blockHint: 'A blocked user cannot log in, and their open sessions end.',
  blockLocked: 'Administrators cannot be blocked.',
  password: 'Password',
  passwordHint: 'Give the user a new password; they then set a personal one at their next login.',
  reset: 'Reset Password',
  fingerprint: 'Key Fingerprint',
  fingerprintHint:
    'Compare it with the fingerprint the user sees in their Account Settings, by phone or in person, before sharing with this key.',
  noKey: 'No key yet',
} as const;

/** Which settings an administrator may change on a user (spec sections 4 and 6; issue 12 for the data flag). */
export function userSettingRules(
  actor: { id: string; administrator: boolean } | undefined,
  user: Pick<UserDetail, 'id' | 'administrator'>,
  ownership: Pick<Ownership, 'owner' | 'isOwner'>,
) {
  if (!actor) return { administrator: false, dataAdministrator: false, block: false };
  return {
    administrator: canToggleAdministrator(actor, user, ownership.owner),
    // The owner names who sees the statistics (themselves too); nobody else sees this switch.
    dataAdministrator: ownership.isOwner,
    block: canToggleLock(actor, user),
  };
}

/**
 * The user's key fingerprint, to compare with what they see (crypto.md). Another user's key cannot
 * be proven here (the confirm dialog and the phone comparison are for that); the administrator's
 * own row is proven against the private key unlocked in this browser, as Account Settings is.
 */
function Fingerprint({
  user,
  ownId,
}: {
  user: Pick<UserDetail, 'id' | 'public_key'>;
  ownId: string | undefined;
}) {
  if (!user.public_key) return <span>{USER_SETTINGS_TEXT.noKey}</span>;
  if (user.id === ownId) return <OwnFingerprint owner={{ id: user.id, public_key: user.public_key }} />;
  return <ListedFingerprint publicKey={user.public_key} />;
}

function OwnFingerprint({ owner }: { owner: { id: string; public_key: string } }) {
  return <ProvenFingerprint check={useOwnKeyCheck(owner)} />;
}

function ListedFingerprint({ publicKey }: { publicKey: string }) {
  const fingerprint = useQuery(fingerprintQuery(publicKey));
  if (fingerprint.data) {
    return (
      <div className="user-settings__fingerprint" data-testid="key-fingerprint">
        <FingerprintDisplay fingerprint={fingerprint.data} />
      </div>
    );
  }
  return <span>{fingerprint.isError ? 'Unavailable' : '…'}</span>;
}

/** One settings row with a switch: its label, a hint under it, and the switch itself. */
function SwitchRow(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="user-settings__row">
      <div className="user-settings__text">
        <label className="user-settings__label" htmlFor={props.id}>
          {props.label}
        </label>
        <p className="user-settings__hint">{props.hint}</p>
      </div>
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={props.checked}
        aria-checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    </div>
  );
}

/**
 * The user page's settings panel: the administrator toggle (disabled for your own account and the
 * owner), the data administrator toggle (shown to the owner only), the Block toggle (disabled for
 * administrators), the password reset (Input modal) and the key fingerprint that Account Settings
 * tells users to compare.
 */
export function UserSettingsPanel({ user }: { user: UserDetail }) {
  const { profile } = useSession();
  const actions = useUserActions();
  const rules = userSettingRules(profile, user, useOwnership());
  // One setting at a time, its modal included: every control waits while one runs.
  const running = useMutation({ mutationFn: (change: () => Promise<boolean>) => change() });
  const busy = running.isPending;
  const run = (change: () => Promise<boolean>) => running.mutateAsync(change);

  return (
    <section className="user-page__section" aria-labelledby="user-settings-heading">
      <h2 id="user-settings-heading" className="user-page__heading">
        Settings
      </h2>
      <div className="user-settings">
        <SwitchRow
          id="user-setting-administrator"
          label={USER_SETTINGS_TEXT.administrator}
          hint={
            rules.administrator
              ? USER_SETTINGS_TEXT.administratorHint
              : USER_SETTINGS_TEXT.administratorLocked
          }
          checked={user.administrator}
          disabled={!rules.administrator || busy}
          onChange={(on) => void run(() => actions.setAdministrator(user, on))}
        />
        {rules.dataAdministrator ? (
          <SwitchRow
            id="user-setting-data-administrator"
            label={USER_SETTINGS_TEXT.dataAdministrator}
            hint={USER_SETTINGS_TEXT.dataAdministratorHint}
            checked={user.data_administrator}
            disabled={busy}
            onChange={(on) => void run(() => actions.setDataAdministrator(user, on))}
          />
        ) : null}
        <SwitchRow
          id="user-setting-block"
          label={USER_SETTINGS_TEXT.block}
          hint={rules.block ? USER_SETTINGS_TEXT.blockHint : USER_SETTINGS_TEXT.blockLocked}
          checked={user.locked}
          disabled={!rules.block || busy}
          onChange={(on) => void run(() => actions.setBlocked(user, on))}
        />
        <div className="user-settings__row">
          <div className="user-settings__text">
            <span className="user-settings__label">{USER_SETTINGS_TEXT.password}</span>
            <p className="user-settings__hint">{USER_SETTINGS_TEXT.passwordHint}</p>
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={() => void run(() => actions.resetPassword(user))}
          >
            {USER_SETTINGS_TEXT.reset}
          </button>
        </div>
        <div className="user-settings__row">
          <div className="user-settings__text">
            <span className="user-settings__label">{USER_SETTINGS_TEXT.fingerprint}</span>
            <p className="user-settings__hint">{USER_SETTINGS_TEXT.fingerprintHint}</p>
          </div>
          <Fingerprint user={user} ownId={profile?.id} />
        </div>
      </div>
    </section>
  );
}
