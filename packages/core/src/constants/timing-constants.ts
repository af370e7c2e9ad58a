// UI timings of spec sections 4 and 9. Names end in their unit.

/** Debounce of the dashboard and admin top-bar search. */
export const SEARCH_DEBOUNCE_MS = 2000;
/** Debounce of the admin table search. */
export const TABLE_SEARCH_DEBOUNCE_MS = 300;
/** Debounce of the audit log search. */
export const AUDIT_SEARCH_DEBOUNCE_MS = 300;
/** Notification banners clear after this long. */
export const NOTIFICATION_MS = 8000;
/** Copy buttons show 'Copied' this long. */
export const COPIED_MS = 1000;
/** The generated-password tick shows this long. */
export const GENERATED_TICK_MS = 3000;
/** Shift+H shows the shortcut panel this long. */
export const SHORTCUT_PANEL_MS = 10_000;
/** Delay of a tab switch. */
export const TAB_SWITCH_MS = 250;
/** Duration of a page transition. */
export const PAGE_TRANSITION_MS = 300;
/** Duration of the welcome fade. */
export const WELCOME_FADE_MS = 500;
/** Countdown of the inactivity warning before logout. */
export const INACTIVITY_WARNING_SECONDS = 60;
/** Slides of the welcome tutorial. */
export const TUTORIAL_SLIDES = 3;
