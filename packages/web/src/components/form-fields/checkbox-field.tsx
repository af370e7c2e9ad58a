import type { ReactNode } from 'react';
import { useId } from 'react';
import './form-fields.css';

/** Props of a labelled checkbox. */
export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  name?: string;
  /** Marks the box red until it is changed. */
  invalid?: boolean;
}

/** A checkbox with its label beside it (the label may hold links). */
export function CheckboxField({ label, checked, onCheckedChange, name, invalid }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={invalid ? 'checkbox-field checkbox-field--invalid' : 'checkbox-field'}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
