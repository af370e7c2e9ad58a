import type { PersonToConfirm } from '../../crypto-client/index.js';
import type { PersonName } from './people-directory.js';

/** The name to show for a person, or a stand-in when the server did not name them. */
export function displayName(person: PersonToConfirm, name: PersonName | undefined): string {
  return name?.name ?? `Unknown user ${person.userId}`;
}

/**
 * Who a person is, as the administrator confirms them: name and e-mail (as the server gives them,
 * to know whom to ask) and the key fingerprint (computed here from the very key that would be
 * trusted, to compare with the one on their Account Settings page).
 */
export function PersonIdentity({ person, name }: { person: PersonToConfirm; name: PersonName | undefined }) {
  return (
    <div className="person-identity">
      <p className="person-identity__name">{displayName(person, name)}</p>
      <p className="person-identity__email">{name?.email ?? 'E-mail not known'}</p>
      <p className="person-identity__fingerprint">
        Key fingerprint: <code data-testid="person-fingerprint">{person.fingerprint}</code>
      </p>
      {person.reason === 'changed' ? (
        <p className="person-identity__changed">
          Their key has changed since this browser last saw it
          {person.previousFingerprint ? ` (it was ${person.previousFingerprint})` : ''}. A new key is expected
          after their first personal password or a password reset; confirm only if the fingerprint matches
          theirs.
        </p>
      ) : null}
    </div>
  );
}
