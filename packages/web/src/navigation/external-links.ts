// Links out of the app, overridable at build time (VITE_* variables, see vite-env.d.ts).

/** The footer's Help link. */
export const HELP_URL = import.meta.env.VITE_HELP_URL ?? 'https://coffer.app/help';
