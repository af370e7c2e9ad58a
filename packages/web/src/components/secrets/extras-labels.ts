import type { CustomFieldKind, UrlMatchRule } from '@coffer/core';

/** The authenticator key's field in the form, and its hint. */
export const TOTP_LABEL = 'Authenticator key (TOTP)';
export const TOTP_HINT =
  'Paste an otpauth:// URI or the base32 secret, or scan the QR code from a screenshot.';
/** The file input that reads a QR code screenshot in the browser. */
export const SCAN_QR_LABEL = 'Scan QR code from image';
/** While a screenshot is read. */
export const SCANNING_QR_TEXT = 'Reading the QR code…';

/** The viewer's label of the current code, and the next code's. */
export const TOTP_CODE_LABEL = 'Authenticator code';
export const TOTP_NEXT_LABEL = 'Next code';

/** How each match rule reads. */
export const URL_RULE_LABELS: { readonly [R in UrlMatchRule]: string } = {
  host: 'Host',
  exact: 'Exact',
  'starts-with': 'Starts with',
};
export const URL_RULE_OPTIONS = [
  { value: 'host', label: 'Host (default)' },
  { value: 'exact', label: URL_RULE_LABELS.exact },
  { value: 'starts-with', label: URL_RULE_LABELS['starts-with'] },
] as const;
/** The legend of the URLs' group, its hint, and the button that adds a row. */
export const URLS_LEGEND = 'URLs and match rules';
export const URLS_HINT = 'Match rules tell the browser extension which pages this login belongs to.';
export const ADD_URL_LABEL = 'Add URL';
/** The label of the n-th URL (the main one is 'URL'). */
export const urlLabel = (position: number) => (position === 1 ? 'URL' : `URL ${position}`);

/** How each custom field kind reads. */
export const FIELD_KIND_LABELS: { readonly [K in CustomFieldKind]: string } = {
  text: 'Text',
  hidden: 'Hidden',
  boolean: 'Yes/No',
};
export const CUSTOM_FIELDS_LEGEND = 'Custom fields';
export const ADD_FIELD_LABEL = 'Add field';
export const NO_FIELDS_TEXT = 'No custom fields yet.';
/** A yes/no field's value as the viewer shows it. */
export const yesNo = (value: string) => (value === 'true' ? 'Yes' : 'No');

/** The viewer's password history: its button, heading, and how an entry's field reads. */
export const HISTORY_BUTTON_LABEL = 'Password history';
export const HISTORY_EMPTY_TEXT = 'No earlier values.';
export const historyFieldLabel = (field: string) => (field === 'password' ? 'Password' : field);
