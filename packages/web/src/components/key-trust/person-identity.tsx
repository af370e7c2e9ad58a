import type { ReaderReason } from '@coffer/core';
import type { PersonToConfirm } from '../../crypto-client/index.js';
import { type IdentityWarning, identityWarnings } from '../../keys/identity-warnings.js';
import { identityOf, type TrustRecord } from '../../keys/key-trust.js';
import { FingerprintDisplay } from './fingerprint-display.js';
import type { PersonName } from './people-directory.js';

/** The name to show for a person, or a stand-in when the server did not name them. */
export function displayName(person: PersonToConfirm, name: PersonName | undefined): string {
  return name?.name ?? `Unknown user ${person.userId}`;
}

/** How one reason to read reads in the dialog. */
export function reasonText(reason: ReaderReason): string {
  if (reason.kind === 'administrator') return 'Administrator (reads every secret)';
  if (reason.kind === 'manager') return 'Manager of this chest';
  return `Member of the team ${reason.team_name}`;
}

function warningText(warning: IdentityWarning, name: string): string {
  if (warning.kind === 'email-changed') {
    return `${name}’s e-mail changed since you confirmed them: was ${warning.was}, now ${warning.now}.`;
  }
  const whom = warning.trustedName ?? warning.email;
  return `${name} uses the e-mail of ${whom}, whom you confirmed under another account.`;
}

// What this browser confirmed before for a changed key: the person it trusted, if names were kept then.
function previousText(record: TrustRecord | undefined): string | null {
  if (!record) return null;
  const identity = identityOf(record);
  if (!identity) return 'You confirmed their previous key before names were kept.';
  const who = [identity.name, identity.email ? `(${identity.email})` : null].filter(Boolean).join(' ');
  return who ? `You confirmed their previous key as ${who}.` : 'You confirmed their previous key unnamed.';
}

interface PersonIdentityProps {
  person: PersonToConfirm;
  name: PersonName | undefined;
  /** The owner's trust records, to warn about e-mails that do not add up. */
  records?: readonly TrustRecord[];
}

/**
 * Who a person is, as the signed-in user confirms them: name and e-mail (as the server gives them,
 * to know whom to ask), the key fingerprint as words and hex (computed here from the very key that
 * would be trusted, to compare with the one on their Account Settings page), why the server says they
 * read, and any e-mail that does not match what was confirmed before.
 */
export function PersonIdentity({ person, name, records = [] }: PersonIdentityProps) {
  const shownName = displayName(person, name);
  const warnings = identityWarnings(person.userId, name, records);
  const previous =
    person.reason === 'changed'
      ? previousText(records.find((record) => record.userId === person.userId))
      : null;
  return (
    <div className="person-identity">
      <p className="person-identity__name">{shownName}</p>
      <p className="person-identity__email">{name?.email ?? 'E-mail not known'}</p>
      <div className="person-identity__fingerprint" data-testid="person-fingerprint">
        <FingerprintDisplay fingerprint={person.fingerprint} />
      </div>
      {person.reasons && person.reasons.length > 0 ? (
        <p className="person-identity__reasons" data-testid="person-reasons">
          Reads as, the server says: {person.reasons.map(reasonText).join(' · ')}
        </p>
      ) : null}
      {warnings.map((warning) => (
        <p key={warning.kind} className="person-identity__warning" role="alert">
          {warningText(warning, shownName)}
        </p>
      ))}
      {person.reason === 'changed' ? (
        <p className="person-identity__changed">
          Their key has changed since this browser last saw it
          {person.previousFingerprint ? ` (it was ${person.previousFingerprint})` : ''}. {previous ?? ''} Ask
          them, in person or by phone, whether they changed it, and compare the new fingerprint with their
          Account Settings page. If they did not change it, or it does not match, do not confirm: someone else
          may be trying to read what is shared with them.
        </p>
      ) : null}
    </div>
  );
}
