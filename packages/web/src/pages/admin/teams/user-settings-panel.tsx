import type { UserDetail } from '@coffer/core';
import { canToggleAdministrator, canToggleLock, isOwner, publicKeyFingerprint } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/use-session.js';
import { useUserActions } from './user-actions.js';
import { ownerRef } from './user-labels.js';

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
  actor: { id: string; administrator: boolean; owner_id: string } | undefined,
  user: Pick<UserDetail, 'id' | 'administrator'>,
) {
  if (!actor) return { administrator: false, dataAdministrator: false, block: false };
  return {
    administrator: canToggleAdministrator(actor, user, ownerRef(actor.owner_id)),
    // The owner names who sees the statistics (themselves too); nobody else sees this switch.
    dataAdministrator: actor.administrator && isOwner(actor, ownerRef(actor.owner_id)),
    block: canToggleLock(actor, user),
  };
}

/** The user's key fingerprint, to compare with what they see (crypto.md). */
function Fingerprint({ publicKey }: { publicKey: string | null }) {
  const fingerprint = useQuery({
    queryKey: ['users', 'fingerprint', publicKey],
    queryFn: () => publicKeyFingerprint(publicKey ?? ''),
    enabled: publicKey !== null && publicKey !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!publicKey) return <span>{USER_SETTINGS_TEXT.noKey}</span>;
  if (fingerprint.data) {
    return (
      <code className="user-settings__fingerprint" data-testid="key-fingerprint">
        {fingerprint.data}
      </code>
    );
  }
  return <span>{fingerprint.isError ? 'Unavailable' : '…'}</span>;
}

/**
 * The user page's settings panel: the administrator toggle (disabled for your own account and the
 * owner), the data administrator toggle (shown to the owner only), the Block toggle (disabled for administrators), the password reset (Input modal) and the
 * key fingerprint that Account Settings tells users to compare.
 */
export function UserSettingsPanel({ user }: { user: UserDetail }) {
  const { profile } = useSession();
  const actions = useUserActions();
  const [busy, setBusy] = useState(false);
  const rules = userSettingRules(profile, user);
  const run = async (change: () => Promise<boolean>) => {
    setBusy(true);
    try {
      await change();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="user-page__section" aria-labelledby="user-settings-heading">
      <h2 id="user-settings-heading" className="user-page__heading">
        Settings
      </h2>
      <div className="user-settings">
        <div className="user-settings__row">
          <div className="user-settings__text">
            <label className="user-settings__label" htmlFor="user-setting-administrator">
              {USER_SETTINGS_TEXT.administrator}
            </label>
            <p className="user-settings__hint">
              {rules.administrator
                ? USER_SETTINGS_TEXT.administratorHint
                : USER_SETTINGS_TEXT.administratorLocked}
            </p>
          </div>
          <input
            id="user-setting-administrator"
            type="checkbox"
            role="switch"
            className="switch"
            checked={user.administrator}
            aria-checked={user.administrator}
            disabled={!rules.administrator || busy}
            onChange={(event) => void run(() => actions.setAdministrator(user, event.target.checked))}
          />
        </div>
        {rules.dataAdministrator ? (
          <div className="user-settings__row">
            <div className="user-settings__text">
              <label className="user-settings__label" htmlFor="user-setting-data-administrator">
                {USER_SETTINGS_TEXT.dataAdministrator}
              </label>
              <p className="user-settings__hint">{USER_SETTINGS_TEXT.dataAdministratorHint}</p>
            </div>
            <input
              id="user-setting-data-administrator"
              type="checkbox"
              role="switch"
              className="switch"
              checked={user.data_administrator}
              aria-checked={user.data_administrator}
              disabled={busy}
              onChange={(event) => void run(() => actions.setDataAdministrator(user, event.target.checked))}
            />
          </div>
        ) : null}
        <div className="user-settings__row">
          <div className="user-settings__text">
            <label className="user-settings__label" htmlFor="user-setting-block">
              {USER_SETTINGS_TEXT.block}
            </label>
            <p className="user-settings__hint">
              {rules.block ? USER_SETTINGS_TEXT.blockHint : USER_SETTINGS_TEXT.blockLocked}
            </p>
          </div>
          <input
            id="user-setting-block"
            type="checkbox"
            role="switch"
            className="switch"
            checked={user.locked}
            aria-checked={user.locked}
            disabled={!rules.block || busy}
            onChange={(event) => void run(() => actions.setBlocked(user, event.target.checked))}
          />
        </div>
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
          <Fingerprint publicKey={user.public_key} />
        </div>
      </div>
    </section>
  );
}
