import { validateTransfer } from '@coffer/core';
import { useId, useState } from 'react';
import { useTransferCandidates } from '../../api/organisation-queries.js';
import type { AccountKeyRecord } from '../../keys/account-rekey.js';
import { openModal } from '../../lib/modal-store.js';
import { SelectField } from '../form-fields/select-field.js';
import { ModalDialog } from './modal-dialog.js';
import { PasswordProofField, usePasswordProof } from './password-proof.js';
import '../form-fields/form-fields.css';

/** The Transfer modal's title. */
export const TRANSFER_TITLE = 'Transfer Ownership';
/** Shown when the organisation has no other administrator to take it. */
export const NO_OTHER_ADMINISTRATOR_MESSAGE =
  'There is no other administrator. Make a colleague an administrator first.';
/** Shown when the administrators could not be loaded. */
export const CANDIDATES_FAILED_MESSAGE = 'The administrators could not be loaded. Please try again.';

/** What the Transfer modal needs: the signed-in owner (the profile: id, e-mail and iterations). */
export interface TransferOptions {
  account: AccountKeyRecord & { id: string };
}

interface TransferModalProps extends TransferOptions {
  onResolve: (ownerId: string | undefined) => void;
}

/**
 * Transfer (spec sections 2 and 5): pick another administrator and give your password. An empty
 * pick says 'Please pick an administrator.', a wrong password 'Password entered is incorrect.';
 * once the password is proven (the session is then freshly verified, as the transfer needs), it
 * answers the chosen administrator's id. The transfer itself is the caller's.
 */
export function TransferModal({ account, onResolve }: TransferModalProps) {
  const candidates = useTransferCandidates(account.id);
  const [ownerId, setOwnerId] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);
  const proof = usePasswordProof(account);
  const pickErrorId = useId();

  const confirm = async () => {
    if (proof.busy || proof.password === '') return;
    const [problem] = validateTransfer({ ownerId }).errors;
    if (problem) {
      setPickError(problem);
      return;
    }
    if (!(await proof.prove())) return;
    onResolve(ownerId);
  };

  const options = (candidates.data ?? []).map((user) => ({
    value: user.id,
    label: `${user.name} (${user.email})`,
  }));

  return (
    <ModalDialog
      title={TRANSFER_TITLE}
      subtext="The administrator you pick becomes the owner of the organisation, with its Owner Actions."
      onCancel={() => !proof.busy && onResolve(undefined)}
      onEnter={() => void confirm()}
    >
      {candidates.isPending ? (
        <p className="form-status" role="status">
          Loading administrators…
        </p>
      ) : candidates.isError ? (
        <p className="field__error" role="alert">
          {CANDIDATES_FAILED_MESSAGE}
        </p>
      ) : options.length === 0 ? (
        <p className="form-status">{NO_OTHER_ADMINISTRATOR_MESSAGE}</p>
      ) : null}
      <SelectField
        label="Administrator"
        value={ownerId}
        options={options}
        placeholder="Pick an administrator"
        invalid={pickError !== null}
        aria-describedby={pickError ? pickErrorId : undefined}
        data-autofocus
        disabled={proof.busy}
        onValueChange={(value) => {
          setOwnerId(value);
          setPickError(null);
        }}
      />
      {pickError ? (
        <p id={pickErrorId} className="field__error">
          {pickError}
        </p>
      ) : null}
      <PasswordProofField proof={proof} />
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onResolve(undefined)}
          disabled={proof.busy}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={proof.busy || proof.password === ''}
        >
          Transfer
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * Opens Transfer; answers the chosen administrator's id once the password was proven, undefined
 * when cancelled in any way.
 */
export function openTransferModal(options: TransferOptions): Promise<string | undefined> {
  return openModal<string>((close) => <TransferModal {...options} onResolve={close} />);
}
