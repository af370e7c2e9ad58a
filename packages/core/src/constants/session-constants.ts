// Session lifetime and fixed names of the organisation.

/** A session token expires this many hours after sign-in, whatever the activity. */
export const ABSOLUTE_SESSION_HOURS = 12;
/** Name of the default team every new user joins. */
export const DEFAULT_TEAM_NAME = 'Everyone';
