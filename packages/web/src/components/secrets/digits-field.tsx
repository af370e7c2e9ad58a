import { keepDigits } from '@coffer/core';
import type { TextFieldProps } from '../form-fields/text-field.js';
import { TextField } from '../form-fields/text-field.js';

/** A text field that keeps only digits as they are typed or pasted (spec section 5, phone fields). */
export function DigitsField({ onValueChange, ...props }: TextFieldProps) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="off"
      onValueChange={(value) => onValueChange(keepDigits(value))}
    />
  );
}
