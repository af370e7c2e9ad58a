import { normaliseOtp } from '@coffer/core';
import { useState } from 'react';
import { useActivateTwoFactor } from '../../api/accounts-mutations.js';
import { useTwoFactorCode } from '../../api/accounts-queries.js';
import { serverMessageOf } from '../../api/api-error.js';
import { TextField } from '../form-fields/text-field.js';
import { toSvgDataUrl } from './qr-image.js';

/** Shown when the TOTP key cannot be fetched. */
export const TWO_FACTOR_CODE_FAILED_MESSAGE = 'The setup code could not be loaded. Please try again.';
/** Shown when the server refuses a code without a message of its own. */
export const TWO_FACTOR_ACTIVATE_FAILED_MESSAGE = 'The code could not be checked. Please try again.';

/** CODE: scan the QR code or type the key, then prove it with a code; `onActivated` once two-step is on. */
export function TwoFactorCodeStep({ onActivated, onBack }: { onActivated: () => void; onBack: () => void }) {
  const setup = useTwoFactorCode();
  const activation = useActivateTwoFactor();
  const [code, setCode] = useState('');
  const [edited, setEdited] = useState(false);
  const [message, setMessage] = useState<string>();
  const busy = activation.isPending;

  const submit = async () => {
    if (busy || code === '') return;
    setEdited(false);
    const outcome = await activation.mutateAsync(code);
    if (outcome.ok) {
      onActivated();
      return;
    }
    setMessage(outcome.message ?? TWO_FACTOR_ACTIVATE_FAILED_MESSAGE);
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
      {setup.isPending ? <p role="status">Loading…</p> : null}
      {setup.isError ? (
        <p className="field__error" role="alert">
          {serverMessageOf(setup.error) ?? TWO_FACTOR_CODE_FAILED_MESSAGE}
        </p>
      ) : null}
      {setup.data ? (
        <div className="two-factor__qr">
          <img
            src={toSvgDataUrl(setup.data.qr)}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
          />
          <dl className="two-factor__key">
            <dt>Key</dt>
            <dd>
              <code data-testid="two-factor-key">{setup.data.key}</code>
            </dd>
          </dl>
        </div>
      ) : null}
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
