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
  /** Coffer's own set only: one attachment chunk (docs/crypto.md, "Attachments"). */
  attachment_chunk?: AttachmentChunkVector;
}

/** One sealed attachment chunk: fixed key, iv, ids and place; chunk_hex is `iv || ciphertext || tag`. */
export interface AttachmentChunkVector {
  secret_id: string;
  attachment_id: string;
  index: number;
  count: number;
  key_b64: string;
  iv_hex: string;
  plaintext_hex: string;
  additional_data: string;
  chunk_hex: string;
  note?: string;
}
