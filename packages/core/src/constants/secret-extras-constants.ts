// Limits and messages of the richer secrets (issue 27): authenticator codes, custom fields, URLs,
// password history and attachments. Client and server read the same numbers.

/** The payload keeps this many earlier values (password and hidden fields together). */
export const PASSWORD_HISTORY_LIMIT = 10;

/** One file's plaintext may be at most this many bytes (10 MB); the server's `ATTACHMENT_MAX_BYTES` default. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Files are sealed and stored in chunks of this many plaintext bytes (1 MiB), one database row each. */
export const ATTACHMENT_CHUNK_BYTES = 1024 * 1024;

/** What AES-GCM adds to each chunk: a 12-byte IV before it and a 16-byte tag after it. */
export const ATTACHMENT_CHUNK_OVERHEAD = 12 + 16;

/** An organisation's files together, on the Team Plan (1 GB). */
export const ATTACHMENT_TEAM_PLAN_TOTAL_BYTES = 1024 * 1024 * 1024;

/** An organisation's files together, on the free plan (50 MB). */
export const ATTACHMENT_FREE_PLAN_TOTAL_BYTES = 50 * 1024 * 1024;

/** Refused upload: the file is over ATTACHMENT_MAX_BYTES. */
export const attachmentTooLargeMessage = (maxBytes: number) =>
  `This file is too large. Files can be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`;

/** Refused upload: the organisation's files would pass its total. */
export const attachmentTotalReachedMessage = (totalBytes: number) =>
  `Your organisation has used its ${formatStorage(totalBytes)} of file storage. Remove some files or upgrade to store more.`;

/** A chunk arrived with another index than the next one expected. */
export const ATTACHMENT_CHUNK_ORDER_MESSAGE = 'File parts must be uploaded in order.';

/** Completing an upload whose parts do not add up to what was announced. */
export const ATTACHMENT_INCOMPLETE_MESSAGE = 'The file upload is incomplete. Please try again.';

/** A download whose ciphertext does not open (tampered, truncated, reordered): no bytes are given. */
export const ATTACHMENT_DAMAGED_MESSAGE = 'This file is damaged';

/** An upload announced with a number of parts that does not follow from its size. */
export const ATTACHMENT_CHUNK_COUNT_MESSAGE = 'The number of file parts does not match the file size.';

/** A part whose length is not the one its place in the file requires. */
export const ATTACHMENT_CHUNK_LENGTH_MESSAGE = 'This file part has the wrong length.';

/** A part sent to an upload that has already been completed. */
export const ATTACHMENT_ALREADY_COMPLETE_MESSAGE = 'This file has already been uploaded.';

/** How many chunks a file of `size` plaintext bytes is sealed in: an empty file is one empty chunk. */
export function attachmentChunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / ATTACHMENT_CHUNK_BYTES));
}

/**
 * Ciphertext bytes of chunk `index` of a file of `size` plaintext bytes: every chunk but the last
 * holds ATTACHMENT_CHUNK_BYTES of plaintext, and each adds ATTACHMENT_CHUNK_OVERHEAD.
 */
export function attachmentChunkCiphertextBytes(size: number, index: number): number {
  return attachmentChunkPlainBytes(size, index) + ATTACHMENT_CHUNK_OVERHEAD;
}

/** Plaintext bytes of chunk `index`: full chunks, then the last one holding the rest. */
export function attachmentChunkPlainBytes(size: number, index: number): number {
  const count = attachmentChunkCount(size);
  return index < count - 1 ? ATTACHMENT_CHUNK_BYTES : size - (count - 1) * ATTACHMENT_CHUNK_BYTES;
}

/** The whole file's ciphertext (what a download sends): the plaintext plus one overhead per chunk. */
export function attachmentCiphertextBytes(size: number): number {
  return size + attachmentChunkCount(size) * ATTACHMENT_CHUNK_OVERHEAD;
}

/** A custom field needs a name. */
export const FIELD_NAME_REQUIRED_MESSAGE = 'Please enter a name for each field.';

/** An otpauth URI naming an algorithm Coffer cannot compute. */
export const TOTP_UNKNOWN_ALGORITHM_MESSAGE =
  'This authenticator key uses an unknown algorithm. Use SHA1, SHA256 or SHA512.';

/** A screenshot in which no QR code could be read. */
export const TOTP_NO_QR_MESSAGE = 'No QR code was found in this image.';

/** 1 GB, 50 MB: a storage total as the messages say it. */
export function formatStorage(bytes: number): string {
  const gib = 1024 * 1024 * 1024;
  if (bytes >= gib && bytes % gib === 0) return `${bytes / gib} GB`;
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** An otpauth URI asking for codes shorter or longer than authenticator apps make. */
export const TOTP_DIGITS_MESSAGE =
  'This authenticator key asks for codes of an unusual length. Use 6, 7 or 8 digits.';

/** An otpauth URI whose period is not a whole number of seconds above zero. */
export const TOTP_PERIOD_MESSAGE =
  'This authenticator key has an invalid period. Use a whole number of seconds.';

/** An otpauth://hotp URI: counter-based codes need a counter kept in step, which Coffer does not keep. */
export const TOTP_HOTP_MESSAGE =
  'This is a counter-based (HOTP) key. Coffer makes time-based (TOTP) authenticator codes only.';

/** An otpauth URI without a secret parameter (or another kind of URI). */
export const TOTP_NO_SECRET_MESSAGE = 'This authenticator URI has no secret.';

/** The viewer, for a key kept verbatim that is not base32: stored as entered, but no codes from it. */
export const TOTP_CANNOT_MAKE_CODES_MESSAGE =
  'Coffer cannot make codes from this authenticator key: it is not a base32 secret. It is kept as entered.';

/** A QR code was read but holds something else than an authenticator key (a web link, text). */
export const TOTP_QR_NOT_A_KEY_MESSAGE = 'This QR code holds no authenticator key.';
