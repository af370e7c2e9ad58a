import { vi } from 'vitest';
import type { ConfirmedIdentity } from '../../keys/key-trust.js';
import type { ConfirmPeople, PersonToConfirm } from '../people-to-confirm.js';

/** The identity a test's dialog "showed" for a person: a name and an e-mail made from the id. */
export function shownIdentity(userId: string): ConfirmedIdentity {
  return { name: `Name of ${userId}`, email: `${userId}@coffer.test` };
}

/** A confirm callback that confirms the people `pick` chooses (everyone by default), as shownIdentity. */
export function confirming(pick: (person: PersonToConfirm) => boolean = () => true) {
  return vi.fn<ConfirmPeople>(async (people) =>
    people.filter(pick).map((person) => ({
      userId: person.userId,
      publicKey: person.publicKey,
      ...shownIdentity(person.userId),
    })),
  );
}

/** A confirm callback that confirms nobody (the user cancelled). */
export function confirmingNobody() {
  return vi.fn<ConfirmPeople>(async () => []);
}
