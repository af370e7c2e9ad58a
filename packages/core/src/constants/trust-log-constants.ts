// The organisation trust log (issue 30): the limits client and server share.

/**
 * Largest sealed trust-log checkpoint the server keeps per user (base64 characters): a sealed
 * `{seq, head}` with its key wrapped for the user is about 1,000.
 */
export const TRUST_CHECKPOINT_MAX_CHARS = 8192;
