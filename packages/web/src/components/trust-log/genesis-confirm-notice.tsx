import { trustLogFingerprint } from '@coffer/core';
import { useState } from 'react';
import { notify } from '../../lib/notification-store.js';
import { GENESIS_MISMATCH_MESSAGE } from '../../trust-log/trust-log-alarm.js';
import { raiseTrustLogAlarm } from '../../trust-log/trust-log-store.js';
import { FingerprintDisplay } from '../key-trust/fingerprint-display.js';
import '../key-trust/key-trust.css';

/** The notice's words (issue 30). */
export const GENESIS_CONFIRM_TEXT = {
  title: 'Confirm your organisation',
  explanation:
    'Coffer keeps a signed record of who may read your organisation’s secrets. Compare these words with the ones your organisation’s owner sees in their Account Settings, under Organisation Record, by phone or in person.',
  match: 'They match',
  mismatch: 'They do not match',
} as const;

/**
 * Asks a member, once per account, to compare the organisation's fingerprint (its trust log's
 * genesis) with the owner's: the one thing a member confirms by hand (issue 30). A match is kept in
 * both checkpoints; a mismatch is the trust log's blocking alarm.
 */
export function GenesisConfirmNotice({
  genesis,
  confirm,
}: {
  genesis: string;
  confirm: () => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const onMatch = () => {
    setPending(true);
    confirm()
      .catch(() =>
        notify({ type: 'error', message: 'The confirmation could not be saved. Please try again.' }),
      )
      .finally(() => setPending(false));
  };
  const onMismatch = () => raiseTrustLogAlarm('fork', GENESIS_MISMATCH_MESSAGE);
  return (
    <section className="people-to-confirm" aria-labelledby="genesis-confirm-title">
      <h2 id="genesis-confirm-title" className="people-to-confirm__title">
        {GENESIS_CONFIRM_TEXT.title}
      </h2>
      <p className="people-to-confirm__text">{GENESIS_CONFIRM_TEXT.explanation}</p>
      <p data-testid="organisation-fingerprint">
        <FingerprintDisplay fingerprint={trustLogFingerprint(genesis)} />
      </p>
      <div className="people-list__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={pending}
          onClick={onMatch}
        >
          {GENESIS_CONFIRM_TEXT.match}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onMismatch}>
          {GENESIS_CONFIRM_TEXT.mismatch}
        </button>
      </div>
    </section>
  );
}
