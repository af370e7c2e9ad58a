// What a field is for, from what the page says about it: the autocomplete tokens first (the HTML
// standard's way for a site to tell a password manager), then the type, then the words of its name, id,
// placeholder and labels. Search boxes, one-time codes and captchas are never a username.

/**
 * 'username' carries a sign of being one; 'text' is a plain text field with no sign either way (taken
 * as the username only right before a password); 'other' is known not to be a sign-in field.
 */
export type FieldRole = 'username' | 'text' | 'current-password' | 'new-password' | 'other';

const TEXT_TYPES = new Set(['text', 'email', 'tel', 'url', 'number']);

const USERNAME_TOKENS = new Set(['username', 'email', 'tel', 'webauthn']);
const OTHER_TOKENS = new Set(['one-time-code', 'cc-number', 'cc-csc', 'new-password', 'current-password']);
const USERNAME_WORDS =
  /user|login|log-in|log_in|e-?mail|account|ident|member|nick|handle|phone|mobile|uid\b|sign.?in|customer|client.?(id|number)|benutzer|courriel|usuario/;
const NEW_PASSWORD_WORDS =
  /new|confirm|repeat|retype|again|verif|re-?enter|create|choose|neu|wiederhol|nouveau/;
const NOT_SIGN_IN_WORDS =
  /search|query|find|filter|coupon|promo|voucher|captcha|otp|one.?time|2fa|mfa|totp|verification|security.?code|sms.?code|pin\b|zip|postal|city|street|first.?name|last.?name|full.?name|company|subject|message|comment/;
const SEARCH_NAMES = new Set([
  'q',
  's',
  'k',
  'p',
  'w',
  'query',
  'search',
  'keyword',
  'keywords',
  'term',
  'find',
]);

export function roleOf(input: HTMLInputElement): FieldRole {
  const tokens = autocompleteTokens(input);
  if (input.type === 'password') return passwordRole(input, tokens);
  if (!TEXT_TYPES.has(input.type)) return 'other';
  if (tokens.some((token) => USERNAME_TOKENS.has(token))) return 'username';
  if (tokens.some((token) => OTHER_TOKENS.has(token)) || isSearch(input)) return 'other';
  const words = wordsOf(input);
  if (NOT_SIGN_IN_WORDS.test(words)) return 'other';
  if (input.type === 'email' || USERNAME_WORDS.test(words)) return 'username';
  return input.type === 'text' || input.type === 'tel' ? 'text' : 'other';
}

function passwordRole(input: HTMLInputElement, tokens: string[]): FieldRole {
  if (tokens.includes('new-password')) return 'new-password';
  if (tokens.includes('current-password')) return 'current-password';
  if (tokens.includes('one-time-code')) return 'other';
  const words = wordsOf(input);
  if (/otp|one.?time|pin\b|cvv|cvc|security.?code/.test(words)) return 'other';
  return NEW_PASSWORD_WORDS.test(words) ? 'new-password' : 'current-password';
}

/** Whether the page itself marked this password field as the one an existing account signs in with. */
export function saysCurrentPassword(input: HTMLInputElement): boolean {
  return autocompleteTokens(input).includes('current-password');
}

function isSearch(input: HTMLInputElement): boolean {
  if (input.getAttribute('role') === 'searchbox' || input.closest('[role="search"], search')) return true;
  return SEARCH_NAMES.has(input.name.toLowerCase()) || SEARCH_NAMES.has(input.id.toLowerCase());
}

function autocompleteTokens(input: HTMLInputElement): string[] {
  return (input.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** The words a page gives a field: its name, id, placeholder, aria label and labels, in lower case. */
export function wordsOf(input: HTMLInputElement): string {
  const labelledBy = (input.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? input.ownerDocument.getElementById(id)?.textContent : ''));
  const labels = Array.from(input.labels ?? [], (label) => label.textContent);
  return [input.name, input.id, input.placeholder, input.getAttribute('aria-label'), ...labelledBy, ...labels]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
