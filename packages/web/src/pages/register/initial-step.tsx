import { validateRegisterInitial } from '@coffer/core';
import { CheckboxField } from '../../components/form-fields/checkbox-field.js';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { TextField } from '../../components/form-fields/text-field.js';
import { useMarkedFields } from '../../components/form-fields/use-marked-fields.js';
import { EULA_URL, PRIVACY_POLICY_URL } from './register-links.js';
import type { InvitationContext, RegisterValues } from './register-values.js';

/** Props of the initial step. */
export interface InitialStepProps {
  values: RegisterValues;
  onChange: (patch: Partial<RegisterValues>) => void;
  invitation: InvitationContext | null;
  onNext: () => void;
}

/**
 * The initial step: company, full name (absent when invited), e-mail, terms (EULA and Privacy
 * Policy) and the optional marketing opt-in, checked by core's validator before moving on.
 */
export function InitialStep({ values, onChange, invitation, onNext }: InitialStepProps) {
  const marked = useMarkedFields();
  const invited = invitation !== null;
  const edit = (patch: Partial<RegisterValues>) => {
    onChange(patch);
    for (const field of Object.keys(patch)) marked.edited(field);
  };

  return (
    <form
      noValidate
      aria-label="Register"
      onSubmit={(event) => {
        event.preventDefault();
        if (marked.show(validateRegisterInitial(values, { invited }))) onNext();
      }}
    >
      <ErrorBanner errors={marked.errors} />
      <TextField
        label="Company Name"
        name="company"
        autoComplete="organization"
        autoFocus={!invited}
        readOnly={invited}
        value={values.company}
        onValueChange={(company) => edit({ company })}
        invalid={marked.isMarked('company')}
      />
      {invited ? null : (
        <TextField
          label="Full Name"
          name="fullname"
          autoComplete="name"
          value={values.fullname}
          onValueChange={(fullname) => edit({ fullname })}
          invalid={marked.isMarked('fullname')}
        />
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        readOnly={invited}
        value={values.email}
        onValueChange={(email) => edit({ email })}
        invalid={marked.isMarked('email')}
      />
      <CheckboxField
        name="termsOfService"
        checked={values.termsOfService}
        onCheckedChange={(termsOfService) => edit({ termsOfService })}
        invalid={marked.isMarked('termsOfService')}
        label={
          <>
            I agree to the{' '}
            <a href={EULA_URL} target="_blank" rel="noopener noreferrer">
              EULA
            </a>{' '}
            and the{' '}
            <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </a>
          </>
        }
      />
      <CheckboxField
        name="marketingOptIn"
        checked={values.marketingOptIn}
        onCheckedChange={(marketingOptIn) => edit({ marketingOptIn })}
        label="Send me occasional news about Coffer (optional)"
      />
      <div className="form-card__actions">
        <button type="submit" className="button button--primary">
          Next
        </button>
      </div>
    </form>
  );
}
