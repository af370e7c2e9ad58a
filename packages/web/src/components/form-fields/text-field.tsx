import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import './form-fields.css';

/** Props of a labelled text input; the rest go to the <input>. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Marks the field red (aria-invalid) until it is edited (spec section 5). */
  invalid?: boolean;
  /** A message under the field, read with it (e.g. the server's wrong-code message). */
  error?: ReactNode;
  /** A hint under the field. */
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A label, an input and optional hint and error, wired for screen readers. */
export function TextField({
  label,
  value,
  onValueChange,
  invalid,
  error,
  hint,
  inputRef,
  className,
  id,
  ...input
}: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={inputId}
        className={invalid || error ? 'field__input field__input--invalid' : 'field__input'}
        value={value}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
