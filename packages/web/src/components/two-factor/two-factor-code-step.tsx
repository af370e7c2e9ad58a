import type { TwoFactorSetup } from '@coffer/core';
import { normaliseOtp } from '@coffer/core';
import { useState } from 'react';
import { useActivateTwoFactor } from '../../api/accounts-mutations.js';
import { serverMessageOf } from '../../api/api-error.js';
import type { AccountKeyRecord } from '../../keys/account-rekey.js';
import { TextField } from '../form-fields/text-field.js';
import { withFreshPassword } from '../modals/fresh-password.js';
import { toSvgDataUrl } from './qr-image.js';
import { ACTIVATE_TWO_FACTOR_CONFIRM, TWO_FACTOR_ACTIVATE_FAILED_MESSAGE } from './two-factor-texts.js';

/** Props of CODE: the seed the start fetched, and the account SecureConfirm proves the password of. */
export interface TwoFactorCodeStepProps {
  seed: TwoFactorSetup;
  account: AccountKeyRecord;
  onActivated: () => void;
  onBack: () => void;
}

/**
 * CODE: scan the QR code or type the key, then prove it with a code; `onActivated` once two-step is
 * on. The password was proven when setup started; if it has run out meanwhile, SecureConfirm asks
 * again and the same code is sent again.
 */
export function TwoFactorCodeStep({ seed, account, onActivated, onBack }: TwoFactorCodeStepProps) {
  const activation = useActivateTwoFactor();
  const [code, setCode] = useState('');
  const [edited, setEdited] = useState(false);
  const [message, setMessage] = useState<string>();
  const busy = activation.isPending;

  const submit = async () => {
    if (busy || code === '') return;
    setEdited(false);
    try {
      const activated = await withFreshPassword(
        { ...ACTIVATE_TWO_FACTOR_CONFIRM, account },
        () => activation.mutateAsync(code),
        { askFirst: false },
      );
      // Cancelled: the same code may be sent again.
      if (!activated.done) {
        setEdited(true);
        return;
      }
      if (activated.value.ok) {
        onActivated();
        return;
      }
      setMessage(activated.value.message ?? TWO_FACTOR_ACTIVATE_FAILED_MESSAGE);
    } catch (error) {
      setMessage(serverMessageOf(error) ?? TWO_FACTOR_ACTIVATE_FAILED_MESSAGE);
    }
  };

  return (
    <form
      className="two-factor__step"
      noValidate
      aria-label="Enable two-step verification"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="two-factor__title">Scan the QR code</h2>
      <p>
        Scan this code with your authenticator app, or type the key into it. Then enter the code it shows.
      </p>
      <div className="two-factor__qr">
        <img src={toSvgDataUrl(seed.qr)} alt="QR code for your authenticator app" width={200} height={200} />
        <dl className="two-factor__key">
          <dt>Key</dt>
          <dd>
            <code data-testid="two-factor-key">{seed.key}</code>
          </dd>
        </dl>
      </div>
      <TextField
        label="Verification code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onValueChange={(value) => {
          setCode(normaliseOtp(value));
          setEdited(true);
          setMessage(undefined);
        }}
        error={message}
        disabled={busy}
      />
      <div className="form-card__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button--primary" disabled={!edited || code === '' || busy}>
          Enable
        </button>
      </div>
    </form>
  );
}
