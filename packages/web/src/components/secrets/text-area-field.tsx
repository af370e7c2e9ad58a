import type { ReactNode } from 'react';
import { useId } from 'react';
import '../form-fields/form-fields.css';

/** Props of a labelled multi-line text field. */
export interface TextAreaFieldProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  rows?: number;
}

/** A label and a textarea (notes), marked like the text fields. */
export function TextAreaField({ label, value, onValueChange, invalid, rows = 4 }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={invalid ? 'field__input field__input--invalid' : 'field__input'}
        value={value}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
