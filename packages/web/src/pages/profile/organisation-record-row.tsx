import { trustLogFingerprint } from '@coffer/core';
import { useState } from 'react';
import { serverMessageOf } from '../../api/api-error.js';
import { FingerprintDisplay } from '../../components/key-trust/fingerprint-display.js';
import { useStore } from '../../lib/create-store.js';
import { notify } from '../../lib/notification-store.js';
import { useOwnership } from '../../session/ownership.js';
import { useSession } from '../../session/use-session.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';
import { SignOlderSecretsPart } from './sign-older-secrets-row.js';

/** The texts of the row (docs/web.md, "Starting the organisation record"). */
export const ORGANISATION_RECORD_TEXT = {
  startHint:
    'Sign who may read in your organisation with your key, so that no server can add a reader. People whose keys you already trust join at once; administrators add the others as they confirm them.',
  start: 'Start the Organisation Record',
  started: (admitted: number) =>
    `Organisation record started, with ${admitted} ${admitted === 1 ? 'person' : 'people'} besides you.`,
  failed: 'The organisation record could not be started. Please try again.',
} as const;

/**
 * The organisation's fingerprint (its trust log's genesis, issue 30), which members compare with the
 * owner's once. Shown once this browser verified the log; before the organisation has one, the owner
 * starts it here.
 */
export function OrganisationRecordRow() {
  const view = useStore(trustLogStore);
  const { isOwner } = useOwnership();
  const { profile } = useSession();
  const genesis = view.log?.genesis ?? null;
  if (!genesis) return view.synced && !view.alarm && isOwner ? <StartRecordRow /> : null;
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Organisation Record</h2>
      <div className="settings-row__value" data-testid="organisation-record">
        <FingerprintDisplay fingerprint={trustLogFingerprint(genesis)} />
        <p className="settings-row__hint">
          Your organisation’s fingerprint: everyone in it sees the same words. A colleague asked to confirm
          the organisation compares them with these, by phone or in person.
        </p>
        {profile ? <SignOlderSecretsPart userId={profile.id} /> : null}
      </div>
    </div>
  );
}

function StartRecordRow() {
  const { profile } = useSession();
  const [pending, setPending] = useState(false);
  const start = async () => {
    if (!profile?.organisation || pending) return;
    setPending(true);
    try {
      const { startOrganisationRecord } = await import('../../trust-log/start-trust-log.js');
      const { admitted } = await startOrganisationRecord({
        id: profile.id,
        email: profile.email,
        publicKey: profile.public_key,
        organisationId: profile.organisation.id,
        organisationName: profile.organisation.name,
      });
      await trustLogStore.get().sync?.();
      notify({ type: 'success', message: ORGANISATION_RECORD_TEXT.started(admitted) });
    } catch (error) {
      const message =
        serverMessageOf(error) ??
        (error instanceof Error && error.name === 'TrustChangeRefused' ? error.message : undefined);
      notify({ type: 'error', message: message ?? ORGANISATION_RECORD_TEXT.failed });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Organisation Record</h2>
      <p className="settings-row__value settings-row__hint">{ORGANISATION_RECORD_TEXT.startHint}</p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending}
        onClick={() => void start()}
      >
        {ORGANISATION_RECORD_TEXT.start}
      </button>
    </div>
  );
}
