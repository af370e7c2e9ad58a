import type { Profile } from '@coffer/core';
import {
  buildResult,
  isLongEnoughPassword,
  PASSWORD_LENGTH_HINT,
  PASSWORDS_MUST_MATCH_MESSAGE,
} from '@coffer/core';
import { useId, useMemo, useState } from 'react';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { TextField } from '../../components/form-fields/text-field.js';
import { useMarkedFields } from '../../components/form-fields/use-marked-fields.js';
import { ModalDialog } from '../../components/modals/modal-dialog.js';
import { PasswordStrengthMeter } from '../../components/strength/password-strength-meter.js';
import { openModal } from '../../lib/modal-store.js';
import type { MyExportChoice } from '../../secret-export/export-my-secrets.js';
import '../../components/form-fields/form-fields.css';
import '../../components/modals/select-modal.css';

/** The modal's title. */
export const EXPORT_CHOICE_TITLE = 'Export my secrets';
/** An export password under twelve characters. */
export const EXPORT_PASSWORD_LENGTH_MESSAGE = 'Export Password must be at least 12 characters';
/** The warning shown with the Bitwarden choice. */
export const BITWARDEN_NOT_ENCRYPTED_WARNING =
  'This file is not encrypted: anyone who gets it can read every secret in it. Files attached to secrets are not part of this format. Delete the file once it is imported.';

type Format = MyExportChoice['format'];

const FORMATS: { id: Format; label: string; detail: string }[] = [
  {
    id: 'coffer-export',
    label: 'Coffer export',
    detail: 'Encrypted with a password you choose, files included. Coffer imports it back as it was.',
  },
  {
    id: 'bitwarden-json',
    label: 'Bitwarden JSON',
    detail: 'Not encrypted. Bitwarden and most password managers import it.',
  },
];

/**
 * Choosing the export: the Coffer export (an export password typed twice, at least twelve characters,
 * with the strength meter) or Bitwarden's JSON (with the warning that it is not encrypted). Answers
 * the choice, or nothing when cancelled.
 */
export function ExportChoiceModal({
  profile,
  onDone,
}: {
  profile: Pick<Profile, 'email' | 'name'>;
  onDone: (choice?: MyExportChoice) => void;
}) {
  const [format, setFormat] = useState<Format>('coffer-export');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const marked = useMarkedFields();
  const name = useId();
  const userInputs = useMemo(() => [profile.email, profile.name], [profile.email, profile.name]);
  const coffer = format === 'coffer-export';
  const canExport = !coffer || (password !== '' && confirmation !== '');

  const submit = () => {
    if (!canExport) return;
    if (!coffer) {
      onDone({ format: 'bitwarden-json' });
      return;
    }
    const failures: [string, string][] = [];
    if (!isLongEnoughPassword(password)) failures.push(['password', EXPORT_PASSWORD_LENGTH_MESSAGE]);
    if (password !== confirmation) failures.push(['confirmation', PASSWORDS_MUST_MATCH_MESSAGE]);
    if (!marked.show(buildResult(failures))) return;
    onDone({ format: 'coffer-export', password });
  };

  return (
    <ModalDialog
      title={EXPORT_CHOICE_TITLE}
      subtext="Every secret you can read is decrypted in this browser and written to a file on this device."
      onCancel={() => onDone()}
      onEnter={submit}
    >
      <ErrorBanner errors={marked.errors} />
      <div role="radiogroup" aria-label="Format" className="select-modal__list">
        {FORMATS.map((option, index) => (
          <label key={option.id} className="select-modal__option">
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={format === option.id}
              onChange={() => {
                setFormat(option.id);
                marked.clear();
              }}
              {...(index === 0 ? { 'data-autofocus': '' } : {})}
            />
            <span className="select-modal__label">{option.label}</span>
            <span className="select-modal__detail">{option.detail}</span>
          </label>
        ))}
      </div>
      {coffer ? (
        <>
          <TextField
            label="Export Password"
            type="password"
            name="export_password"
            autoComplete="new-password"
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              marked.edited('password');
            }}
            invalid={marked.isMarked('password')}
            hint={PASSWORD_LENGTH_HINT}
          />
          <PasswordStrengthMeter password={password} userInputs={userInputs} />
          <TextField
            label="Confirm Export Password"
            type="password"
            name="export_password_confirmation"
            autoComplete="new-password"
            value={confirmation}
            onValueChange={(value) => {
              setConfirmation(value);
              marked.edited('confirmation');
            }}
            invalid={marked.isMarked('confirmation')}
          />
          <p className="export-choice__note">
            Coffer cannot recover this password: without it the file cannot be opened.
          </p>
        </>
      ) : (
        <p className="export-choice__warning" role="alert">
          {BITWARDEN_NOT_ENCRYPTED_WARNING}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="button" className="button button--primary" disabled={!canExport} onClick={submit}>
          Export
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the choice; answers it, or undefined when cancelled. */
export function openExportChoiceModal(
  profile: Pick<Profile, 'email' | 'name'>,
): Promise<MyExportChoice | undefined> {
  return openModal<MyExportChoice>((close) => <ExportChoiceModal profile={profile} onDone={close} />);
}
