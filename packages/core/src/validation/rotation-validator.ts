// The rotation forms (issue 31): the reason for marking a secret as not needing rotation, and a
// chest's "rotate every N days" policy. Spec section 5's messages; the limits are Coffer's own.
import { maxLengthMessage, numericMessage, requiredMessage } from './messages.js';
import { buildResult, type ValidationResult } from './validation-result.js';

/** The longest reason kept with a dismissed rotation (spec section 9's default text limit). */
export const ROTATION_REASON_MAX = 255;
/** The longest rotation period a chest may set: ten years. */
export const ROTATION_DAYS_MAX = 3650;
/** 'Rotate every N days' outside 1 to ROTATION_DAYS_MAX. */
export const ROTATION_DAYS_RANGE_MESSAGE = `Field Rotate every must be between 1 and ${ROTATION_DAYS_MAX} days.`;

/** 'Mark as not needing rotation': a reason is required (it goes into the audit log). */
export function validateRotationDismissal(reason: string): ValidationResult {
  const text = reason.trim();
  if (text === '') return buildResult([['reason', requiredMessage('Reason')]]);
  if (text.length > ROTATION_REASON_MAX) {
    return buildResult([['reason', maxLengthMessage('Reason', ROTATION_REASON_MAX)]]);
  }
  return buildResult([]);
}

/**
 * A chest's rotation period as typed ('' means no policy): digits only, 1 to ROTATION_DAYS_MAX.
 * Answers the parsed days (null for none) with the result.
 */
export function validateRotationDays(input: string): { days: number | null; result: ValidationResult } {
  const text = input.trim();
  if (text === '') return { days: null, result: buildResult([]) };
  if (!/^\d+$/.test(text))
    return { days: null, result: buildResult([['rotationDays', numericMessage('Rotate every')]]) };
  const days = Number(text);
  if (days < 1 || days > ROTATION_DAYS_MAX) {
    return { days: null, result: buildResult([['rotationDays', ROTATION_DAYS_RANGE_MESSAGE]]) };
  }
  return { days, result: buildResult([]) };
}
