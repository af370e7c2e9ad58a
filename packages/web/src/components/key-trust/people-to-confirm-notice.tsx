import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { WaitingPerson } from '../../crypto-client/index.js';
import { reshareRunner } from '../../crypto-client/reshare-runner.js';
import { useStore } from '../../lib/create-store.js';
import { notify } from '../../lib/notification-store.js';
import { usePeopleToAdmit } from '../trust-log/use-people-to-admit.js';
import { displayName, PersonIdentity } from './person-identity.js';
import { usePeopleNames } from './use-people-names.js';
import { useTrustRecords } from './use-trust-records.js';

// Someone with no keys waiting is waiting to join the organisation record (people-to-admit.ts).
function waitingText(keys: number): string {
  if (keys === 0) return 'Waiting to join the organisation record';
  return keys === 1 ? '1 key waiting' : `${keys} keys waiting`;
}

/** Heading of the list of people waiting for an administrator's confirmation. */
export const PEOPLE_TO_CONFIRM_TITLE = 'People to confirm';

/**
 * The short list of people the background reshare did not wrap for: accounts this browser has
 * never confirmed and keys that changed. Each shows name, e-mail, fingerprint (words and hex) and any
 * e-mail warning, with Confirm (trusts exactly that key, as the person shown; their keys follow at once)
 * and Not now (hidden until the page reloads).
 */
export function PeopleToConfirmNotice({ ownerId }: { ownerId: string }) {
  const waiting = useStore(reshareRunner.store, (state) => state.people);
  const toAdmit = usePeopleToAdmit(ownerId);
  // 'Not now' for someone waiting to join the record hides them here until the page reloads.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const people = [
    ...waiting,
    ...toAdmit.filter(
      (person) => !hidden.has(person.userId) && !waiting.some((other) => other.userId === person.userId),
    ),
  ];
  const { names, loaded } = usePeopleNames(people.map((person) => person.userId));
  const records = useTrustRecords(ownerId);
  const confirming = useMutation({
    // The record keeps the name and e-mail shown beside the fingerprint confirmed.
    mutationFn: (person: WaitingPerson) => {
      const shown = names.get(person.userId);
      return reshareRunner.confirmPerson(ownerId, person, {
        name: shown?.name ?? null,
        email: shown?.email ?? null,
      });
    },
    onError: () => notify({ type: 'error', message: 'This key could not be confirmed. Please try again.' }),
  });
  if (people.length === 0) return null;

  return (
    <section className="people-to-confirm" aria-labelledby="people-to-confirm-title">
      <h2 id="people-to-confirm-title" className="people-to-confirm__title">
        {PEOPLE_TO_CONFIRM_TITLE}
      </h2>
      <p className="people-to-confirm__text">
        Missing keys wait for these people: this browser has not confirmed their encryption keys. Compare each
        fingerprint with the one on their Account Settings page, in person or by phone, before you confirm.
      </p>
      <ul className="people-list">
        {people.map((person) => {
          const name = displayName(person, names.get(person.userId));
          return (
            <li key={`${person.userId}:${person.fingerprint}`} className="people-list__item">
              <PersonIdentity person={person} name={names.get(person.userId)} records={records} />
              <p className="people-list__waiting">{waitingText(person.waitingKeys)}</p>
              <div className="people-list__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  aria-label={`Confirm ${name}`}
                  disabled={confirming.isPending || !loaded}
                  onClick={() => confirming.mutate(person)}
                >
                  Confirm
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Not now: ${name}`}
                  onClick={() => {
                    reshareRunner.dismissPerson(person);
                    setHidden((current) => new Set(current).add(person.userId));
                  }}
                >
                  Not now
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
