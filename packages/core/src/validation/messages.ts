// Every validation message of spec section 5, verbatim. Forms and the server both report these.

/** 'Required field {Field} is empty.' */
export function requiredMessage(field: string): string {
  return `Required field ${field} is empty.`;
}

/** 'Field {Field} is not a valid email.' */
export function emailMessage(field: string): string {
  return `Field ${field} is not a valid email.`;
}

/** 'Field {Field} must contain only numeric characters.' */
export function numericMessage(field: string): string {
  return `Field ${field} must contain only numeric characters.`;
}

/** 'Field {Field} requires a minimum of {n} characters.' */
export function minLengthMessage(field: string, n: number): string {
  return `Field ${field} requires a minimum of ${n} characters.`;
}

/** 'Field {Field} exceeds the maximum of {n} characters.' */
export function maxLengthMessage(field: string, n: number): string {
  return `Field ${field} exceeds the maximum of ${n} characters.`;
}

/** A secret saved without a chest. */
export const SELECT_CHEST_MESSAGE = 'Must select Chest from dropdown.';
/** A chest (or picker) without any team. */
export const SELECT_TEAM_MESSAGE = 'Please select at least one Team using the dropdown provided.';
/** A team (or picker) without any chest. */
export const SELECT_CHESTS_MESSAGE = 'Please select at least one Chest using the dropdown provided.';

/** Registration password step: confirmation differs. */
export const REGISTER_PASSWORDS_MATCH_MESSAGE = 'Please ensure passwords match';
/** Registration password step: too short. */
export const REGISTER_PASSWORD_LENGTH_MESSAGE =
  'Please enter a password with a minimum length of 12 characters';

/** Password change dialog: too short. */
export const NEW_PASSWORD_LENGTH_MESSAGE = 'New Password must be at least 12 characters';
/** Password change dialog: the hint under the field. */
export const PASSWORD_LENGTH_HINT = 'The password should be at least twelve characters long.';
/** Password change dialog: confirmation differs. */
export const PASSWORDS_MUST_MATCH_MESSAGE = 'Passwords must match';
/** Reset password and the change-password input dialog: too short. */
export const RESET_PASSWORD_LENGTH_MESSAGE = 'Password must be at least 12 characters long.';

/** E-mail change: the new address is malformed. */
export const INVALID_NEW_EMAIL_MESSAGE = 'Invalid New Email';
/** E-mail change: confirmation differs. */
export const EMAILS_DO_NOT_MATCH_MESSAGE = 'Emails Do Not Match';
/** Password check failed (e-mail change, password change). */
export const INCORRECT_PASSWORD_MESSAGE = 'Incorrect Password';
/** Password change: the current password is wrong. */
export const CURRENT_PASSWORD_INCORRECT_MESSAGE = 'Current password is incorrect';
/** SecureConfirm and Transfer: the password is wrong. */
export const PASSWORD_ENTERED_INCORRECT_MESSAGE = 'Password entered is incorrect.';
/**
 * The server's 403 of a call that needs the password proven within five minutes (step-up); the web
 * app answers it with SecureConfirm and sends the call again.
 */
export const PASSWORD_CONFIRMATION_REQUIRED_MESSAGE = 'Please enter your password again to continue.';
/** Transfer: no administrator picked. */
export const PICK_ADMINISTRATOR_MESSAGE = 'Please pick an administrator.';
