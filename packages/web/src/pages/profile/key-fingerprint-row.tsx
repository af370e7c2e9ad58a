import { useQuery } from '@tanstack/react-query';
import { fingerprintQuery } from '../../api/fingerprint-queries.js';

/**
 * The user's public-key fingerprint (SHA-256 of the key, in groups of four hex digits), so that
 * colleagues can compare it out of band with what their administrator sees (crypto.md).
 */
export function KeyFingerprintRow({ publicKey }: { publicKey: string }) {
  const fingerprint = useQuery(fingerprintQuery(publicKey));
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Key Fingerprint</h2>
      <div className="settings-row__value">
        {fingerprint.data ? (
          <code className="settings-row__fingerprint" data-testid="key-fingerprint">
            {fingerprint.data}
          </code>
        ) : (
          <span>{fingerprint.isError ? 'Unavailable' : '…'}</span>
        )}
        <p className="settings-row__hint">
          Compare it with what your administrator sees on your user page, by phone or in person, to be sure
          that secrets are shared with your key and nobody else's.
        </p>
      </div>
    </div>
  );
}
