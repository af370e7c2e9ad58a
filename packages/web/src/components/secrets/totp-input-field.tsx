import { parseTotp, TOTP_CANNOT_MAKE_CODES_MESSAGE } from '@coffer/core';
import { useId, useState } from 'react';
import '../form-fields/form-fields.css';
import { SCAN_QR_LABEL, SCANNING_QR_TEXT, TOTP_HINT, TOTP_LABEL } from './extras-labels.js';
import { readTotpFromImage } from './qr-image.js';

/** Props of the authenticator key entry. */
export interface TotpInputFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
}

/**
 * The authenticator key of a password secret: pasted (otpauth:// URI or base32 secret) or read from a
 * QR code screenshot in this browser. A key that cannot be kept says why at once; one kept verbatim
 * says that no codes can be made from it.
 */
export function TotpInputField({ value, onValueChange, invalid }: TotpInputFieldProps) {
  const id = useId();
  const [scanning, setScanning] = useState(false);
  const [scanError, setScanError] = useState<string | null>(null);
  // The key is as secret as a password: masked like one, with Show/Hide.
  const [revealed, setRevealed] = useState(false);
  const parsed = value.trim() === '' ? null : parseTotp(value);
  const error = parsed && !parsed.ok ? parsed.error : undefined;
  const hint = parsed?.ok && !parsed.key.usable ? TOTP_CANNOT_MAKE_CODES_MESSAGE : TOTP_HINT;

  const scan = async (file: File | undefined) => {
    if (!file) return;
    setScanning(true);
    setScanError(null);
    const read = await readTotpFromImage(file);
    setScanning(false);
    if (read.ok) onValueChange(read.totp);
    else setScanError(read.error);
  };

  return (
    <div className="totp-input">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-key`}>
          {TOTP_LABEL}
        </label>
        <div className="password-input">
          <input
            id={`${id}-key`}
            type={revealed ? 'text' : 'password'}
            className={invalid || error ? 'field__input field__input--invalid' : 'field__input'}
            value={value}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid || error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            onChange={(event) => onValueChange(event.target.value)}
          />
          <button
            type="button"
            className="button button--ghost button--small"
            aria-pressed={revealed}
            aria-label={revealed ? 'Hide authenticator key' : 'Show authenticator key'}
            onClick={() => setRevealed((current) => !current)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        </div>
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="totp-input__scan">
        <label className="field__label" htmlFor={`${id}-qr`}>
          {SCAN_QR_LABEL}
        </label>
        <input
          id={`${id}-qr`}
          type="file"
          accept="image/*"
          disabled={scanning}
          onChange={(event) => {
            const input = event.currentTarget;
            void scan(input.files?.[0]).finally(() => {
              // The same screenshot may be chosen again after a fix.
              input.value = '';
            });
          }}
        />
        {scanning ? <p role="status">{SCANNING_QR_TEXT}</p> : null}
        {scanError ? (
          <p className="field__error" role="alert">
            {scanError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
