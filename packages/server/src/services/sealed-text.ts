// A blob a browser sealed for its user alone (health dismissals, the trust log's checkpoint): the
// server keeps it whole and never opens it, so its form is all there is to check.

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Whether `text` has a sealed blob's form: base64 text, as the web app's sealForSelf makes it. */
export function isSealedText(text: string): boolean {
  return BASE64.test(text);
}
