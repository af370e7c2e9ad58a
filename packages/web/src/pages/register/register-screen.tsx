import { mailFailed, normaliseEmailInput } from '@coffer/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { FormCard } from '../../components/form-fields/form-card.js';
import { notify } from '../../lib/notification-store.js';
import { paths } from '../../navigation/paths.js';
import { createAccount } from './create-account.js';
import { EmailConfirmationStep } from './email-confirmation-step.js';
import { InitialStep } from './initial-step.js';
import { PasswordStep } from './password-step.js';
import {
  CHECK_MAILBOX_TITLE,
  INVITATION_INVALID_MESSAGE,
  INVITED_ACCOUNT_READY_MESSAGE,
  REGISTRATION_FAILED_MESSAGE,
} from './register-messages.js';
import type { RegisterValues } from './register-values.js';
import { EMPTY_REGISTER_VALUES } from './register-values.js';
import { useInvitation } from './use-invitation.js';
import './register.css';

/** The register steps (spec sections 2 and 4). */
export type RegisterStep = 'initial' | 'password' | 'emailconfirmation';

/** /register: initial → password → emailconfirmation; the invited variant prefills from the invitation. */
export function Component() {
  const navigate = useNavigate();
  const { invited, invitation, loading, invalid } = useInvitation();
  const [step, setStep] = useState<RegisterStep>('initial');
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER_VALUES);
  const [mailSent, setMailSent] = useState(true);
  const change = (patch: Partial<RegisterValues>) => setValues((current) => ({ ...current, ...patch }));

  useEffect(() => {
    if (invitation) {
      setValues((current) => ({
        ...current,
        company: invitation.company,
        fullname: invitation.name,
        email: invitation.email,
      }));
    }
  }, [invitation]);

  const create = async () => {
    try {
      setMailSent(!mailFailed(await createAccount(values, invitation)));
    } catch (error) {
      notify({ type: 'error', message: REGISTRATION_FAILED_MESSAGE });
      // A validation message of the server (e.g. 'Email has already been taken') tells what to fix.
      if (isValidationRefusal(error)) notify({ type: 'error', message: error.serverMessage });
      return;
    }
    setValues((current) => ({ ...current, password: '', confirmation: '' }));
    if (invitation) {
      notify({ type: 'success', message: INVITED_ACCOUNT_READY_MESSAGE });
      void navigate(paths.login, { replace: true });
      return;
    }
    setStep('emailconfirmation');
  };
  // The registration as a mutation: its pending state disables Create.
  const creation = useMutation({ mutationFn: create });
  const busy = creation.isPending;

  if (invited && (loading || invalid)) {
    return (
      <FormCard title="Join your team">
        {loading ? <p role="status">Loading your invitation…</p> : null}
        {invalid ? (
          <>
            <ErrorBanner errors={[INVITATION_INVALID_MESSAGE]} />
            <p>
              <Link to={paths.login}>Go to login</Link>
            </p>
          </>
        ) : null}
      </FormCard>
    );
  }
  if (step === 'emailconfirmation') {
    return (
      <FormCard title={CHECK_MAILBOX_TITLE}>
        <EmailConfirmationStep email={normaliseEmailInput(values.email)} mailSent={mailSent} />
      </FormCard>
    );
  }
  const greeting = invitation
    ? `Hi ${invitation.name}, ${invitation.inviter} has invited you to join ${invitation.company} on Coffer.`
    : 'Create an account for your organisation.';
  return (
    <FormCard title={step === 'initial' ? 'Sign up' : 'Choose a password'} intro={greeting}>
      {step === 'initial' ? (
        <InitialStep
          values={values}
          onChange={change}
          invitation={invitation}
          onNext={() => setStep('password')}
        />
      ) : (
        <PasswordStep
          values={values}
          onChange={change}
          busy={busy}
          onBack={() => setStep('initial')}
          onCreate={() => creation.mutate()}
        />
      )}
    </FormCard>
  );
}

function isValidationRefusal(error: unknown): error is ApiError & { serverMessage: string } {
  return error instanceof ApiError && (error.status === 400 || error.status === 401) && !!error.serverMessage;
}
