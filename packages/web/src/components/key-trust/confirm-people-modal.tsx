import { useState } from 'react';
import type {
  ConfirmedPerson,
  ConfirmPeople,
  ConfirmPurpose,
  PersonToConfirm,
} from '../../crypto-client/index.js';
import { openModal } from '../../lib/modal-store.js';
import { ModalDialog } from '../modals/modal-dialog.js';
import { displayName, PersonIdentity } from './person-identity.js';
import { usePeopleNames } from './use-people-names.js';
import { useTrustRecords } from './use-trust-records.js';
import './key-trust.css';

/** Title when everyone is simply not confirmed yet. */
export const CONFIRM_PEOPLE_TITLE = 'Confirm people before sharing';
/** Title when someone's key changed (as the key pinning warning always said). */
export const KEY_CHANGED_TITLE = 'Security warning';
/** The button of a save or move: it shares once every person listed is confirmed. */
export const SHARE_LABEL = 'Share';
/** The button of a reshare: it shares with the people confirmed; the others keep waiting. */
export const SHARE_WITH_CONFIRMED_LABEL = 'Share with those confirmed';

/** The tick that confirms one person (its accessible name). */
export function confirmPersonLabel(name: string): string {
  return `Confirm ${name}`;
}

const WHY: Record<ConfirmPurpose, string> = {
  save: 'This browser has not confirmed everyone who would read this secret.',
  move: 'This browser has not confirmed everyone who reads the chest you are moving this secret to.',
  reshare: 'Missing keys are waiting for people this browser has not confirmed.',
};

const HOW =
  'Compare each fingerprint with the one on that person’s Account Settings page, in person or by phone, and tick only those that match: every key you share goes to the key you confirm.';

const ALL_NEEDED =
  'The secret is saved only once everyone who reads it is confirmed; if you cannot confirm someone, cancel and ask an administrator.';

const personKey = (person: PersonToConfirm) => `${person.userId}:${person.fingerprint}`;

interface ConfirmPeopleModalProps {
  people: readonly PersonToConfirm[];
  purpose: ConfirmPurpose;
  ownerId: string;
  onResolve: (confirmed: readonly ConfirmedPerson[]) => void;
}

/**
 * Names each person with e-mail, fingerprint (words and hex), why the server says they read and any
 * e-mail warning, with a tick per person: nobody is confirmed all at once. A save or move shares only
 * when every person is ticked; a reshare shares with those ticked. Focus starts on Cancel; Enter cancels.
 */
export function ConfirmPeopleModal({ people, purpose, ownerId, onResolve }: ConfirmPeopleModalProps) {
  const { names, loaded } = usePeopleNames(people.map((person) => person.userId));
  const records = useTrustRecords(ownerId);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const changed = people.some((person) => person.reason === 'changed');
  const chosen = people.filter((person) => ticked.has(personKey(person)));
  const needsAll = purpose !== 'reshare';
  const ready = needsAll ? chosen.length === people.length : chosen.length > 0;
  const toggle = (person: PersonToConfirm, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(personKey(person));
    else next.delete(personKey(person));
    setTicked(next);
  };
  const share = () =>
    onResolve(
      chosen.map((person) => {
        const name = names.get(person.userId);
        return {
          userId: person.userId,
          publicKey: person.publicKey,
          name: name?.name ?? null,
          email: name?.email ?? null,
        };
      }),
    );
  return (
    <ModalDialog
      title={changed ? KEY_CHANGED_TITLE : CONFIRM_PEOPLE_TITLE}
      subtext={`${WHY[purpose]} ${HOW}`}
      onCancel={() => onResolve([])}
      onEnter={() => onResolve([])}
      className="modal--people"
    >
      <ul className="people-list" aria-label="People to confirm">
        {people.map((person) => (
          <li key={personKey(person)} className="people-list__item">
            <PersonIdentity person={person} name={names.get(person.userId)} records={records} />
            <label className="people-list__tick">
              <input
                type="checkbox"
                checked={ticked.has(personKey(person))}
                // A tick records the name and e-mail shown, so it waits until they are.
                disabled={!loaded}
                onChange={(event) => toggle(person, event.target.checked)}
              />
              {confirmPersonLabel(displayName(person, names.get(person.userId)))}
            </label>
          </li>
        ))}
      </ul>
      {needsAll ? <p className="people-list__all">{ALL_NEEDED}</p> : null}
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          data-autofocus
          onClick={() => onResolve([])}
        >
          Cancel
        </button>
        <button
          type="button"
          className={changed ? 'button button--danger' : 'button button--primary'}
          disabled={!ready}
          onClick={share}
        >
          {needsAll ? SHARE_LABEL : SHARE_WITH_CONFIRMED_LABEL}
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * The crypto client's confirm callback for screens: opens the dialog naming the people and answers
 * those the user confirmed, each with the name and e-mail shown (none when cancelled). Pass it as
 * `{ confirm: confirmPeople }`.
 */
export const confirmPeople: ConfirmPeople = async (people, purpose, ownerId) => {
  const answer = await openModal<readonly ConfirmedPerson[]>((close) => (
    <ConfirmPeopleModal people={people} purpose={purpose} ownerId={ownerId} onResolve={close} />
  ));
  return answer ?? [];
};
