import type { Profile } from '@coffer/core';
import { MAIL_NOT_SENT_MESSAGE, normaliseEmailInput, validateEmailChange } from '@coffer/core';
import { useState } from 'react';
import { useChangeEmail } from '../../api/accounts-mutations.js';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { TextField } from '../../components/form-fields/text-field.js';
import { useMarkedFields } from '../../components/form-fields/use-marked-fields.js';
import { ModalDialog } from '../../components/modals/modal-dialog.js';
import { openModal } from '../../lib/modal-store.js';
import { useSession } from '../../session/use-session.js';
import { submitEmailChange } from './email-change.js';
import {
  EMAIL_CHANGE_PENDING_TITLE,
  emailChangeNotSentText,
  emailChangePendingText,
  RESEND_EMAIL_CHANGE_LABEL,
} from './email-change-messages.js';
import { RekeyStatus } from './rekey-status.js';
import { useEmailChangeResend } from './use-email-change-resend.js';
import '../../components/form-fields/form-fields.css';

/** The steps of the Email modal (spec section 4). */
export type EmailModalStep = 'email' | 'password' | 'success';

/**
 * The Email modal: EMAIL (new e-mail twice) → PASSWORD (current password) → SUCCESS. Esc goes back
 * one step and cancels from EMAIL; Enter advances. The change waits for the link mailed to the new
 * address (issue 25), so SUCCESS says so and closes (OK, Enter or Esc); the session goes on with the
 * current address until the link is opened. When the link did not leave, SUCCESS says 'Could not send
 * email successfully.' and offers 'Resend email' until a resend goes out.
 */
export function EmailModal({ onClose }: { onClose: () => void }) {
  const { profile } = useSession();
  const marked = useMarkedFields();
  const [step, setStep] = useState<EmailModalStep>('email');
  const [values, setValues] = useState({ email: '', confirmation: '', password: '' });
  const [mailSent, setMailSent] = useState(true);
  const linkResend = useEmailChangeResend();
  const change = useChangeEmail((typed: { account: Profile; email: string; password: string }) =>
    submitEmailChange(typed.account, typed.email, typed.password),
  );
  const busy = change.isPending;

  const setField = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    marked.edited(field);
  };

  const toPassword = () => {
    if (marked.show(validateEmailChange(values))) setStep('password');
  };

  const save = async () => {
    if (busy || !profile || values.password === '') return;
    marked.clear();
    const outcome = await change.mutateAsync({
      account: profile,
      email: values.email,
      password: values.password,
    });
    if (outcome.ok) {
      setMailSent(outcome.mailSent);
      setStep('success');
    } else marked.showErrors([outcome.message]);
  };

  const back = () => {
    if (busy) return;
    marked.clear();
    if (step === 'password') setStep('email');
    else onClose();
  };

  if (step === 'success') {
    const newEmail = normaliseEmailInput(values.email);
    const describe = mailSent ? emailChangePendingText : emailChangeNotSentText;
    const resend = async () => {
      if (await linkResend.resend(newEmail)) setMailSent(true);
    };
    return (
      <ModalDialog
        key="success"
        title={EMAIL_CHANGE_PENDING_TITLE}
        subtext={describe(newEmail, profile?.email ?? '')}
        onCancel={onClose}
        onEnter={onClose}
      >
        {mailSent ? null : <ErrorBanner errors={[MAIL_NOT_SENT_MESSAGE]} />}
        <div className="modal__actions">
          {mailSent ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void resend()}
              disabled={linkResend.sending}
            >
              {RESEND_EMAIL_CHANGE_LABEL}
            </button>
          )}
          <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
            OK
          </button>
        </div>
      </ModalDialog>
    );
  }
  if (step === 'password') {
    return (
      <ModalDialog
        key="password"
        title="Confirm with your password"
        subtext="Your encryption key is re-encrypted for the new email, which needs your password."
        onCancel={back}
        onEnter={() => void save()}
      >
        <ErrorBanner errors={marked.errors} />
        <TextField
          label="Password"
          type="password"
          name="current_password"
          autoComplete="current-password"
          data-autofocus
          value={values.password}
          onValueChange={(value) => {
            setField('password', value);
            marked.showErrors([]);
          }}
          disabled={busy}
        />
        <RekeyStatus busy={busy} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={back} disabled={busy}>
            Back
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void save()}
            disabled={busy || values.password === ''}
          >
            Save
          </button>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog
      key="email"
      title="Change Email"
      subtext={profile ? `Current email: ${profile.email}` : undefined}
      onCancel={back}
      onEnter={toPassword}
    >
      <ErrorBanner errors={marked.errors} />
      <TextField
        label="New Email"
        type="email"
        name="email"
        autoComplete="email"
        data-autofocus
        value={values.email}
        onValueChange={(value) => setField('email', value)}
        invalid={marked.isMarked('email')}
      />
      <TextField
        label="Confirm New Email"
        type="email"
        name="email_confirmation"
        autoComplete="email"
        value={values.confirmation}
        onValueChange={(value) => setField('confirmation', value)}
        invalid={marked.isMarked('confirmation')}
      />
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={back}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={toPassword}>
          Next
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the Email modal; answers when it closes. */
export async function openEmailModal(): Promise<void> {
  await openModal<void>((close) => <EmailModal onClose={() => close()} />);
}
