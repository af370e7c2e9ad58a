// Layout thresholds of spec sections 2 and 9.

/** Below this width (px) forms use their compact layout. */
export const COMPACT_BREAKPOINT_PX = 767;
/** A row menu opens above its row when clicked below this share of the window height. */
export const ROW_MENU_FLIP_RATIO = 0.7;
/** ... or when this close (px) to the bottom. */
export const ROW_MENU_FLIP_MARGIN_PX = 200;
/** ... or, for the user row menu, this close (px) to the bottom. */
export const USER_ROW_MENU_FLIP_MARGIN_PX = 270;
