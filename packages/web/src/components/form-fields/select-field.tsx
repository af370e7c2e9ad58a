import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import './form-fields.css';

/** One option of a select field. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of a labelled select; the rest go to the <select>. */
export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** A first, empty option ('Select a Chest'). */
  placeholder?: string;
  invalid?: boolean;
}

/** A label and a select, styled and marked like the text fields. */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  placeholder,
  invalid,
  id,
  ...select
}: SelectFieldProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  return (
    <div className="field">
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        {...select}
        id={selectId}
        className={invalid ? 'field__input field__input--invalid' : 'field__input'}
        value={value}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
