// Session lifetime and fixed names of the organisation.

/** A session token expires this many hours after sign-in, whatever the activity. */
export const ABSOLUTE_SESSION_HOURS = 12;
/** Name of the default team every new user joins. */
export const DEFAULT_TEAM_NAME = 'Everyone';
/** The link that confirms a new e-mail address works this many hours (server and Email modal alike). */
export const EMAIL_CHANGE_LINK_HOURS = 24;
