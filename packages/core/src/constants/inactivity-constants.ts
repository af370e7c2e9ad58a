// Auto-logout choices (spec sections 4 and 9).

/** The inactivity value that disables auto logout. */
export const NEVER = -1;
/** Minutes used when the server gives no number. */
export const DEFAULT_INACTIVITY_MINUTES = 10;

/** One choice of the Auto Logout dropdown. */
export interface InactivityOption {
  value: number;
  label: string;
}

const MINUTES = [5, 10, 15, 20, 30, 60, 120];

/** The Auto Logout dropdown, in order: Never, then minutes. */
export const INACTIVITY_OPTIONS: readonly InactivityOption[] = [
  { value: NEVER, label: 'Never' },
  ...MINUTES.map((minutes) => ({ value: minutes, label: `${minutes} minutes` })),
];

/** Whether a value is one of the dropdown's choices (what the server accepts on save). */
export function isInactivityOption(value: unknown): value is number {
  return INACTIVITY_OPTIONS.some((option) => option.value === value);
}

/** The minutes to use for a stored value: the default when the server gave no number. */
export function resolveInactivityMinutes(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return DEFAULT_INACTIVITY_MINUTES;
  return value;
}
