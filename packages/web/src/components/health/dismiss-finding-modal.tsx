import { HEALTH_DISMISSAL_DEFAULT_DAYS } from '@coffer/core';
import { useState } from 'react';
import { openModal } from '../../lib/modal-store.js';
import { SelectField } from '../form-fields/select-field.js';
import { TextField } from '../form-fields/text-field.js';
import { ModalDialog } from '../modals/modal-dialog.js';
import { DISMISSAL_DAY_CHOICES } from './health-dismissals.js';
import type { HealthFinding } from './health-findings.js';
import '../form-fields/form-fields.css';

/** What the user chose: why the finding is an accepted risk, and for how many days. */
export interface DismissChoice {
  reason: string;
  days: number;
}

/** Shown under the reason when it is left empty. */
export const DISMISS_REASON_REQUIRED = 'Please say why this risk is accepted.';

const DAY_OPTIONS = DISMISSAL_DAY_CHOICES.map((days) => ({ value: String(days), label: `${days} days` }));

function DismissFindingModal({
  finding,
  onDone,
}: {
  finding: HealthFinding;
  onDone: (choice?: DismissChoice) => void;
}) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(String(HEALTH_DISMISSAL_DEFAULT_DAYS));
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (reason.trim() === '') {
      setError(DISMISS_REASON_REQUIRED);
      return;
    }
    onDone({ reason: reason.trim(), days: Number(days) });
  };
  return (
    <ModalDialog
      title="Dismiss finding"
      subtext={`${finding.name}: ${finding.detail}. It is raised again when the time below has passed.`}
      onCancel={() => onDone()}
      onEnter={confirm}
    >
      <TextField
        label="Reason"
        autoComplete="off"
        data-autofocus
        maxLength={200}
        value={reason}
        error={error ?? undefined}
        onValueChange={(next) => {
          setReason(next);
          setError(null);
        }}
      />
      <SelectField label="Raise again after" value={days} options={DAY_OPTIONS} onValueChange={setDays} />
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={confirm}>
          Dismiss
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the Dismiss finding modal; answers the choice, or undefined when cancelled. */
export function openDismissFinding(finding: HealthFinding): Promise<DismissChoice | undefined> {
  return openModal<DismissChoice>((close) => <DismissFindingModal finding={finding} onDone={close} />);
}
