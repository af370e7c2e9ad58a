import { BlockingAlarm } from '../alarm/blocking-alarm.js';

/** The words of the own-key alarm (review R18): shown wherever the listed own key failed its proof. */
export const OWN_KEY_ALARM_TEXT = {
  title: 'The server lists a key that is not yours',
  explanation:
    'Coffer checked the encryption key the server lists for your account against your own private key, and they do not match. Whoever controls the server may be trying to read what your colleagues share with you.',
  instruction:
    'Do not let anyone confirm this key, and do not compare key fingerprints now. Tell your administrator, by phone or in person.',
  noFingerprint:
    'No fingerprint is shown: the server lists a key that is not yours. Do not let anyone confirm it, and tell your administrator.',
  noPrivateKey: 'Log out and log in again to see your key fingerprint.',
  logOut: 'Log out',
} as const;

/**
 * Takes the place of every screen while the server lists a key for the signed-in user that their
 * own private key does not match: nothing is worth doing on a server that lies about who you are,
 * and nobody should be told a fingerprint to compare.
 */
export function OwnKeyAlarm() {
  return (
    <BlockingAlarm
      title={OWN_KEY_ALARM_TEXT.title}
      explanation={OWN_KEY_ALARM_TEXT.explanation}
      instruction={OWN_KEY_ALARM_TEXT.instruction}
    />
  );
}
