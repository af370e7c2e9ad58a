/** The four kinds of secret; each has its own decrypted payload shape. */
export type SecretCategory = 'password' | 'telephone' | 'address' | 'note';
