// The richer parts of a payload (issue 27): authenticator keys and codes, password history.
export * from './password-history.js';
export * from './totp.js';
