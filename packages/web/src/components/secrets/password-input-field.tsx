import { useId, useState } from 'react';
import { GeneratePasswordButton } from '../generator/generate-password-button.js';
import { PasswordStrengthMeter } from '../strength/password-strength-meter.js';
import '../form-fields/form-fields.css';

/** Props of the secret form's password entry. */
export interface PasswordInputFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  /** Words the meter should score lower (the secret's name and user name). */
  userInputs?: readonly string[];
}

/** The password of a password secret: masked input, Show/Hide, the generator and the strength meter. */
export function PasswordInputField({ value, onValueChange, invalid, userInputs }: PasswordInputFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Password
      </label>
      <div className="password-input">
        <input
          id={id}
          type={revealed ? 'text' : 'password'}
          className={invalid ? 'field__input field__input--invalid' : 'field__input'}
          value={value}
          autoComplete="new-password"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => onValueChange(event.target.value)}
        />
        <button
          type="button"
          className="button button--ghost button--small"
          aria-pressed={revealed}
          aria-label={revealed ? 'Hide password' : 'Show password'}
          onClick={() => setRevealed((current) => !current)}
        >
          {revealed ? 'Hide' : 'Show'}
        </button>
      </div>
      <div className="password-input__tools">
        <GeneratePasswordButton
          onGenerate={(password) => {
            onValueChange(password);
            setRevealed(true);
          }}
        />
        <PasswordStrengthMeter password={value} {...(userInputs ? { userInputs } : {})} />
      </div>
    </div>
  );
}
