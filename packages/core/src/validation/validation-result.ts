// The result every validator returns.

/** Messages for the red banner, and the field keys to mark red until edited. */
export interface ValidationResult {
  errors: string[];
  fields: Set<string>;
}

/** Whether a result carries no error. */
export function isValid(result: ValidationResult): boolean {
  return result.errors.length === 0;
}

/** A result with one message per failing field, in the order given. */
export function buildResult(
  failures: readonly (readonly [field: string, message: string])[],
): ValidationResult {
  return {
    errors: failures.map(([, message]) => message),
    fields: new Set(failures.map(([field]) => field)),
  };
}

/** Several results as one: their messages in order, their fields together (a form with several validators). */
export function mergeResults(...results: readonly ValidationResult[]): ValidationResult {
  return {
    errors: results.flatMap((result) => result.errors),
    fields: new Set(results.flatMap((result) => [...result.fields])),
  };
}
