import { type ListedOwnKey, useOwnKeyCheck } from '../../components/key-trust/own-key-check-query.js';
import { ProvenFingerprint } from '../../components/key-trust/proven-fingerprint.js';

/**
 * The user's public-key fingerprint (SHA-256 of the key, in groups of four hex digits), so that
 * colleagues can compare it out of band with what their administrator sees (crypto.md). Shown only
 * once the listed key is proven to be the public half of the private key unlocked here: a key the
 * server substituted would otherwise show a fingerprint that matches the administrator's screen
 * (the consistent lie, review R18).
 */
export function KeyFingerprintRow({ owner }: { owner: ListedOwnKey }) {
  const check = useOwnKeyCheck(owner);
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Key Fingerprint</h2>
      <div className="settings-row__value">
        <ProvenFingerprint check={check} />
        <p className="settings-row__hint">
          Compare it with what your administrator sees on your user page, by phone or in person, to be sure
          that secrets are shared with your key and nobody else's.
        </p>
      </div>
    </div>
  );
}
