import { trustLogFingerprint } from '@coffer/core';
import { FingerprintDisplay } from '../../components/key-trust/fingerprint-display.js';
import { useStore } from '../../lib/create-store.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';

/**
 * The organisation's fingerprint (its trust log's genesis, issue 30), which members compare with the
 * owner's once. Shown only once this browser verified the log; nothing while the organisation has none.
 */
export function OrganisationRecordRow() {
  const genesis = useStore(trustLogStore, (view) => view.log?.genesis ?? null);
  if (!genesis) return null;
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Organisation Record</h2>
      <div className="settings-row__value" data-testid="organisation-record">
        <FingerprintDisplay fingerprint={trustLogFingerprint(genesis)} />
        <p className="settings-row__hint">
          Your organisation’s fingerprint: everyone in it sees the same words. A colleague asked to confirm
          the organisation compares them with these, by phone or in person.
        </p>
      </div>
    </div>
  );
}
