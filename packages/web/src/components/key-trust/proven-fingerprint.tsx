import type { OwnKeyCheck } from '../../crypto-client/own-key-check.js';
import { FingerprintDisplay } from './fingerprint-display.js';
import { OWN_KEY_ALARM_TEXT } from './own-key-alarm.js';

/**
 * The signed-in user's own fingerprint (words above hex), for them to read out to a colleague: shown
 * only for a key proven against the private key unlocked here; for a key that is not theirs, the
 * alarm's words and no fingerprint at all, so a phone comparison cannot match (review R18).
 */
export function ProvenFingerprint({ check }: { check: OwnKeyCheck | undefined }) {
  switch (check?.status) {
    case undefined:
      return <span>…</span>;
    case 'proven':
      return (
        <span data-testid="key-fingerprint">
          <FingerprintDisplay fingerprint={check.fingerprint} />
        </span>
      );
    case 'not-yours':
      return (
        <p className="blocking-alarm__line" role="alert">
          {OWN_KEY_ALARM_TEXT.noFingerprint}
        </p>
      );
    case 'no-private-key':
      return <span>{OWN_KEY_ALARM_TEXT.noPrivateKey}</span>;
  }
}
