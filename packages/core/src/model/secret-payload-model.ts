// The decrypted payload of each secret category: only ever inside `encrypted_data`.
import type { SecretCategory } from './secret-model.js';

/** Payload of a password secret. */
export interface PasswordPayload {
  username: string;
  password: string;
  url: string;
  note: string;
}

/** Payload of a telephone secret; country is the dialling code, all digits. */
export interface TelephonePayload {
  country: string;
  number: string;
  extension: string;
  note: string;
}

/** Payload of an address secret; country is a two-letter ISO code. */
export interface AddressPayload {
  addressOne: string;
  addressTwo: string;
  addressThree: string;
  addressFour: string;
  postalCode: string;
  country: string;
  note: string;
}

/** Payload of a note secret. */
export interface NotePayload {
  note: string;
}

/** Maps each category to its payload type. */
export interface SecretPayloadByCategory {
  password: PasswordPayload;
  telephone: TelephonePayload;
  address: AddressPayload;
  note: NotePayload;
}

/** Any decrypted payload. */
export type SecretPayload = SecretPayloadByCategory[SecretCategory];
