/** The shape of a suite-1 vector file: crypto-vectors.json's, shared by the reference and Coffer's own. */
export interface SuiteVectors {
  suite: number;
  account: {
    email: string;
    password: string;
    kdf_iterations: number;
    salt_utf8: string;
    root_key_b64: string;
    encryption_key_b64: string;
    auth_hash_b64: string;
  };
  key_pair: {
    public_key: string;
    private_key_pkcs8_b64: string;
    private_key_iv: string;
    encrypted_private_key: string;
    fingerprint: string;
  };
  secret: {
    id: string;
    revision: number;
    user_id: string;
    secret_key_b64: string;
    encryption_iv: string;
    plaintext: string;
    encrypted_data: string;
    wrapped_key_for_user: string;
    note?: string;
  };
}
