// Password health (issue 31): the limits client and server share.

/** Largest sealed dismissals blob the server keeps per user (base64 characters): a few thousand findings. */
export const HEALTH_DISMISSALS_MAX_CHARS = 262_144;

/** Days after which a dismissed finding is raised again unless the user chose otherwise. */
export const HEALTH_DISMISSAL_DEFAULT_DAYS = 180;

/** Days after which a password counts as old unless the viewer chooses another figure. */
export const HEALTH_OLD_PASSWORD_DEFAULT_DAYS = 365;
