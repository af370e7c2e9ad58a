import { useState } from 'react';
import { CopyButton } from './copy-button.js';

/** Props of one decrypted field in the viewer. */
export interface SecretFieldRowProps {
  label: string;
  value: string;
  /** Masked until revealed (passwords). */
  concealed?: boolean;
  /** Shown as multi-line text (notes). */
  multiline?: boolean;
  /** What the value shows as, when not the value itself (a country's name for its code). */
  display?: string;
  /** A short note after the value (a URL's match rule). */
  detail?: string;
  /** False for values nobody pastes (a yes/no field). */
  copyable?: boolean;
  /** A sentence under the value (why no code can be made from an authenticator key). */
  note?: string;
}

/** A field of an opened secret: its label, its value (masked for passwords), reveal and copy buttons. */
export function SecretFieldRow({
  label,
  value,
  concealed,
  multiline,
  display,
  detail,
  copyable = true,
  note,
}: SecretFieldRowProps) {
  const [revealed, setRevealed] = useState(false);
  const hidden = concealed === true && !revealed;
  const shown = hidden ? '••••••••••••' : (display ?? value);
  return (
    <div className="secret-field">
      <dt className="secret-field__label">{label}</dt>
      <dd className="secret-field__value-row">
        <span
          className={multiline ? 'secret-field__value secret-field__value--multiline' : 'secret-field__value'}
          data-concealed={hidden ? 'true' : undefined}
        >
          {value === '' ? <span className="secret-field__empty">—</span> : shown}
        </span>
        {detail && value !== '' ? <span className="secret-field__detail">{detail}</span> : null}
        {value !== '' && concealed ? (
          <button
            type="button"
            className="button button--ghost button--small"
            aria-pressed={revealed}
            aria-label={revealed ? `Hide ${label}` : `Show ${label}`}
            onClick={() => setRevealed((current) => !current)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null}
        {value !== '' && copyable ? <CopyButton value={value} label={label} /> : null}
      </dd>
      {note ? <dd className="secret-field__note">{note}</dd> : null}
    </div>
  );
}
