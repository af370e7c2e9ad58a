// A field named like this holds a value its manager shows concealed (a custom column, a Zoho label,
// a Psono or Password Depot field): it stays hidden in Coffer.
const CONCEALED = /pass|pin|secret|cvv|cvc|security code|ssn|private key/i;

/** Whether a field of this name is kept hidden. */
export function looksConcealed(name: string): boolean {
  return CONCEALED.test(name);
}
