import type { ValidationResult } from '@coffer/core';
import { useCallback, useState } from 'react';

/** A form's error banner and red fields: set from a validation, a field unmarked once edited. */
export interface MarkedFields {
  errors: readonly string[];
  isMarked: (field: string) => boolean;
  /** Shows a validation result; answers whether it was valid. */
  show: (result: ValidationResult) => boolean;
  /** Shows messages that belong to no field (a server answer). */
  showErrors: (errors: readonly string[]) => void;
  /** Unmarks a field because the user edited it (spec section 5: "red until edited"). */
  edited: (field: string) => void;
  clear: () => void;
}

/** State of a form's error banner and red fields. */
export function useMarkedFields(): MarkedFields {
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());

  const show = useCallback((result: ValidationResult) => {
    setErrors(result.errors);
    setMarked(new Set(result.fields));
    return result.errors.length === 0;
  }, []);
  const showErrors = useCallback((next: readonly string[]) => setErrors(next), []);
  const edited = useCallback((field: string) => {
    setMarked((current) => {
      if (!current.has(field)) return current;
      const next = new Set(current);
      next.delete(field);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setErrors([]);
    setMarked(new Set());
  }, []);

  return { errors, isMarked: (field) => marked.has(field), show, showErrors, edited, clear };
}
