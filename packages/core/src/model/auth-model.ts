// Session and account payloads. Every `password` here is the auth hash, never the password (crypto.md).
import type { Profile } from './user-model.js';

/**
 * Registration body of `POST /users`, form-encoded, so every value is a string.
 * An owner registration sends `user[owned_organisation_attributes][name]`; accepting an
 * invitation sends `user[invitation_token]` instead (and may omit `user[name]`).
 */
export interface RegistrationForm {
  'user[email]': string;
  'user[name]'?: string;
  'user[password]': string;
  'user[public_key]': string;
  'user[encrypted_private_key]': string;
  'user[private_key_iv]': string;
  'user[kdf_iterations]': string;
  'user[owned_organisation_attributes][name]'?: string;
  'user[invitation_token]'?: string;
  'user[termsOfService]': string;
  'user[marketingOptIn]'?: string;
}

/** Body of `POST /users/sign_in.json`. */
export interface SignInRequest {
  user: { email: string; password: string; otp_attempt?: string };
}

/**
 * Body of a 201 from `POST /users/sign_in.json`; the token comes in the `Authorization` header.
 * It is the profile, which carries `encrypted_private_key`, `private_key_iv`, `kdf_iterations`
 * and `dark_mode` at the top level.
 */
export type SignInResponse = Profile;

/** Body of `POST /api/v1/prelogin`. */
export interface PreloginRequest {
  email: string;
}

/** Answer of `POST /api/v1/prelogin`: the account's derivation cost, or the default. */
export interface PreloginResponse {
  kdf_iterations: number;
}

/** Body of `POST /api/v1/two-factor-check`. */
export interface TwoFactorCheckRequest {
  email: string;
  password: string;
}

/** Answer of `POST /api/v1/two-factor-check`. */
export interface TwoFactorCheckResponse {
  '2faRequired': boolean;
  valid: boolean;
}

/** Fields of a password change (`PATCH /users.json`, body `{user}`): the private key re-encrypted. */
export interface PasswordChange {
  password: string;
  current_password: string;
  encrypted_private_key: string;
  private_key_iv: string;
  must_change_password: boolean;
  /** Iterations the private key was re-sealed under; the stored figure is kept when absent. */
  kdf_iterations?: number;
}

/** Body of a password change. */
export interface PasswordChangeRequest {
  user: PasswordChange;
}

/** Fields of an e-mail change (`PATCH /users.json`): new auth hash and re-encrypted private key. */
export interface EmailChange {
  email: string;
  password: string;
  current_password: string;
  encrypted_private_key: string;
  private_key_iv: string;
  /** Iterations the private key was re-sealed under; the stored figure is kept when absent. */
  kdf_iterations?: number;
}

/** Body of an e-mail change. */
export interface EmailChangeRequest {
  user: EmailChange;
}

/** Fields of an administrator's reset (`PATCH api/v1/users/{id}/reset_password`): a new key pair. */
export interface PasswordReset {
  public_key: string;
  encrypted_private_key: string;
  private_key_iv: string;
  password: string;
  password_confirmation: string;
  kdf_iterations?: number;
}

/** Body of a password reset. */
export interface PasswordResetRequest {
  user: PasswordReset;
}

/** Body of `POST /api/v1/users/verify_password.json`. */
export interface VerifyPasswordRequest {
  password: string;
}

/** Answer of `POST /api/v1/users/verify_password.json`. */
export interface VerifyPasswordResponse {
  valid: boolean;
}
