// The richer parts of a payload (issue 27): reading them from an opened payload, authenticator keys
// and codes, password history.
export * from './password-history.js';
export * from './payload-extras-reader.js';
export * from './totp.js';
