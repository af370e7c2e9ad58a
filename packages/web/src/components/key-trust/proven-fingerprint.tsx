import type { OwnKeyCheck } from '../../crypto-client/own-key-check.js';
import { OWN_KEY_ALARM_TEXT } from './own-key-alarm.js';

/**
 * The signed-in user's own fingerprint, for them to read out to a colleague: shown only for a key
 * proven against the private key unlocked here; for a key that is not theirs, the alarm's words and
 * no fingerprint at all, so a phone comparison cannot match (review R18).
 */
export function ProvenFingerprint({
  check,
  className,
}: {
  check: OwnKeyCheck | undefined;
  className: string;
}) {
  switch (check?.status) {
    case undefined:
      return <span>…</span>;
    case 'proven':
      return (
        <code className={className} data-testid="key-fingerprint">
          {check.fingerprint}
        </code>
      );
    case 'not-yours':
      return (
        <p className="own-key-alarm__line" role="alert">
          {OWN_KEY_ALARM_TEXT.noFingerprint}
        </p>
      );
    case 'no-private-key':
      return <span>{OWN_KEY_ALARM_TEXT.noPrivateKey}</span>;
  }
}
