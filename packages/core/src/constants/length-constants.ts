// Length limits of spec sections 5 and 9, shared by forms and the server's request checks.

/** Minimum length of an account password. */
export const MIN_PASSWORD_LENGTH = 12;
/** Digits of a TOTP code. */
export const OTP_LENGTH = 6;
/** Maximum length of a secret's name. */
export const SECRET_NAME_MAX = 50;
/** Maximum length of a chest's name. */
export const CHEST_NAME_MAX = 25;
/** Maximum length of a team's name. */
export const TEAM_NAME_MAX = 25;
/** Maximum length of any other text field. */
export const DEFAULT_TEXT_MAX = 255;
/** Chest names are cut to this many characters in the chest view. */
export const CHEST_NAME_VIEW_MAX = 40;
/** Chest names are cut to this many characters in the move list. */
export const CHEST_NAME_MOVE_LIST_MAX = 12;
/** Sidebar tags are limited to this many. */
export const SIDEBAR_TAG_MAX = 50;
/** A table needs at least this many rows before it shows the 'popular' marker. */
export const POPULAR_MIN_ROWS = 4;
/** Password strength runs from 1 to this; the meter has as many bars. */
export const STRENGTH_MAX = 5;
/** Length of a generated password (new users, the secret generator). */
export const GENERATED_PASSWORD_LENGTH = 12;
