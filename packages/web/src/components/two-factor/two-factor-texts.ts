// Texts of two-step setup that more than one step shows (the spec has none for the password prompts).

/** Shown when the setup code (the seed) cannot be fetched. */
export const TWO_FACTOR_CODE_FAILED_MESSAGE = 'The setup code could not be loaded. Please try again.';
/** Shown when the server refuses a code without a message of its own. */
export const TWO_FACTOR_ACTIVATE_FAILED_MESSAGE = 'The code could not be checked. Please try again.';

/** SecureConfirm before the seed is fetched (leaving CHOICE). */
export const START_TWO_FACTOR_CONFIRM = {
  title: 'Set up two-step verification?',
  subtext: 'Enter your password to continue: the setup code is shown only to someone who knows it.',
  confirmLabel: 'Continue',
  cancelLabel: 'Cancel',
} as const;

/** SecureConfirm when the password proof ran out while the code was being typed. */
export const ACTIVATE_TWO_FACTOR_CONFIRM = {
  title: 'Turn on two-step verification?',
  subtext:
    'Your password was entered more than five minutes ago. Enter it again to turn two-step verification on.',
  confirmLabel: 'Enable',
  cancelLabel: 'Cancel',
} as const;
