import type { ConfirmPeople, ConfirmPurpose, PersonToConfirm } from '../../crypto-client/index.js';
import { openModal } from '../../lib/modal-store.js';
import { ModalDialog } from '../modals/modal-dialog.js';
import { PersonIdentity } from './person-identity.js';
import { usePeopleNames } from './use-people-names.js';
import './key-trust.css';

/** Title when everyone is simply not confirmed yet. */
export const CONFIRM_PEOPLE_TITLE = 'Confirm people before sharing';
/** Title when someone's key changed (as the key pinning warning always said). */
export const KEY_CHANGED_TITLE = 'Security warning';
/** The button that confirms everyone listed. */
export const CONFIRM_PEOPLE_LABEL = 'Confirm and share';

const WHY: Record<ConfirmPurpose, string> = {
  save: 'This browser has not confirmed everyone who would read this secret.',
  move: 'This browser has not confirmed everyone who reads the chest you are moving this secret to.',
  reshare: 'Missing keys are waiting for people this browser has not confirmed.',
};

const HOW =
  'Compare each fingerprint with the one on that person’s Account Settings page, in person or by phone. Confirm only if they match: every key you share goes to the key you confirm.';

interface ConfirmPeopleModalProps {
  people: readonly PersonToConfirm[];
  purpose: ConfirmPurpose;
  onResolve: (confirmed: boolean) => void;
}

/** Names each person with e-mail and key fingerprint; focus starts on Cancel, and Enter cancels. */
export function ConfirmPeopleModal({ people, purpose, onResolve }: ConfirmPeopleModalProps) {
  const names = usePeopleNames(people.map((person) => person.userId));
  const changed = people.some((person) => person.reason === 'changed');
  return (
    <ModalDialog
      title={changed ? KEY_CHANGED_TITLE : CONFIRM_PEOPLE_TITLE}
      subtext={`${WHY[purpose]} ${HOW}`}
      onCancel={() => onResolve(false)}
      onEnter={() => onResolve(false)}
      className="modal--people"
    >
      <ul className="people-list" aria-label="People to confirm">
        {people.map((person) => (
          <li key={`${person.userId}:${person.fingerprint}`} className="people-list__item">
            <PersonIdentity person={person} name={names.get(person.userId)} />
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          data-autofocus
          onClick={() => onResolve(false)}
        >
          Cancel
        </button>
        <button
          type="button"
          className={changed ? 'button button--danger' : 'button button--primary'}
          onClick={() => onResolve(true)}
        >
          {CONFIRM_PEOPLE_LABEL}
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * The crypto client's confirm callback for screens: opens the dialog naming the people and answers
 * true only when the user confirmed them. Pass it as `{ confirm: confirmPeople }`.
 */
export const confirmPeople: ConfirmPeople = async (people, purpose) => {
  const answer = await openModal<boolean>((close) => (
    <ConfirmPeopleModal people={people} purpose={purpose} onResolve={close} />
  ));
  return answer === true;
};
