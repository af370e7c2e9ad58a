import { FormCard } from '../../components/form-fields/form-card.js';
import { RecoveryForm, TwoFactorForm } from './code-forms.js';
import { LoginForm } from './login-form.js';
import { RECOVERY_TITLE, TWO_FACTOR_TITLE } from './login-messages.js';
import { useConfirmationToken } from './use-confirmation-token.js';
import { useLoginFlow } from './use-login-flow.js';
import './login.css';

/** /login: the Login, 2FA and Recovery states (spec sections 2 and 4); confirms accounts from e-mail links. */
export function Component() {
  useConfirmationToken();
  const flow = useLoginFlow();

  if (flow.mode === 'twoFactor') {
    return (
      <FormCard title={TWO_FACTOR_TITLE} intro="Your account is protected by two-step verification.">
        <TwoFactorForm
          busy={flow.busy}
          error={flow.error}
          onSubmit={(code) => void flow.submitCode(code)}
          onUseRecovery={() => flow.switchMode('recovery')}
        />
      </FormCard>
    );
  }
  if (flow.mode === 'recovery') {
    return (
      <FormCard title={RECOVERY_TITLE} intro="Lost your phone? Log in once with a recovery code.">
        <RecoveryForm
          busy={flow.busy}
          error={flow.error}
          onSubmit={(code) => void flow.submitCode(code)}
          onCancel={() => flow.switchMode('twoFactor')}
        />
      </FormCard>
    );
  }
  return (
    <FormCard title="Login">
      <LoginForm
        busy={flow.busy}
        error={flow.error}
        onSubmit={(email, password) => void flow.submitCredentials(email, password)}
      />
      <div className="form-card__footer">
        <p>
          <strong>Forgot your password?</strong> Coffer has no self-service password reset, because nobody but
          you can unlock your encrypted data. Please contact an administrator of your organisation.
        </p>
      </div>
    </FormCard>
  );
}
