/** The `user` object of POST /users (form-encoded, so every value is text). */
export interface RegistrationInput {
  email?: string;
  name?: string;
  password?: string;
  public_key?: string;
  encrypted_private_key?: string;
  private_key_iv?: string;
  kdf_iterations?: string;
  owned_organisation_attributes?: { name?: string };
  termsOfService?: string;
  marketingOptIn?: string;
  invitation_token?: string;
}
