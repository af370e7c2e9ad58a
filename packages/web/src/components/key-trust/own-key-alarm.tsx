import { useSessionActions } from '../../session/use-session.js';
import './own-key-alarm.css';

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
 * and nobody should be told a fingerprint to compare. The header stays, and so does a way out.
 */
export function OwnKeyAlarm() {
  const { logOut } = useSessionActions();
  return (
    <section className="own-key-alarm" role="alert" aria-labelledby="own-key-alarm-title">
      <h1 id="own-key-alarm-title" className="own-key-alarm__title">
        {OWN_KEY_ALARM_TEXT.title}
      </h1>
      <p>{OWN_KEY_ALARM_TEXT.explanation}</p>
      <p className="own-key-alarm__instruction">{OWN_KEY_ALARM_TEXT.instruction}</p>
      <button type="button" className="button button--primary" onClick={() => void logOut()}>
        {OWN_KEY_ALARM_TEXT.logOut}
      </button>
    </section>
  );
}
