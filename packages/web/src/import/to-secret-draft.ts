/**
 * One imported item as the Coffer secret it becomes: the category, the name the list shows and the
 * payload to seal, with the richer parts (authenticator key, further URLs, custom fields, password
 * history) where the source had them. Nothing is dropped: what has no place of its own becomes a
 * field, and a title longer than a secret's name may be keeps its whole text in a field.
 */
import type {
  CustomField,
  NotePayload,
  PasswordPayload,
  PastValue,
  PayloadExtras,
  SecretCategory,
  SecretPayload,
} from '@coffer/core';
import { SECRET_NAME_MAX } from '@coffer/core';
import type { SourceAttachment, SourceItem } from './source-item.js';

/** What an import seals for one item, and the files it uploads beside it. */
export interface SecretDraftFromImport {
  /** The source item's reference (row number or id), for the preview and its problems. */
  ref: string;
  category: SecretCategory;
  name: string;
  payload: SecretPayload;
  /** The folder path the item sat in: the preview maps it onto a chest. */
  container: string[];
  attachments: SourceAttachment[];
}

/** The field that keeps a title the secret's name had to shorten. */
export const FULL_TITLE_FIELD = 'Title';
/** The field that keeps the source's tags (Coffer has no tags of its own). */
export const TAGS_FIELD = 'Tags';
/** A name for an item with no title, username or URL. */
export const UNTITLED_NAME = 'Untitled';

function hostOf(url: string): string {
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).hostname;
  } catch {
    return '';
  }
}

/** The list's name: the title, else the first URL's host, else the username; at most SECRET_NAME_MAX. */
function nameOf(item: SourceItem): { name: string; shortened: boolean } {
  const whole = item.title.trim() || hostOf(item.urls[0] ?? '') || item.username.trim() || UNTITLED_NAME;
  const characters = Array.from(whole);
  if (characters.length <= SECRET_NAME_MAX) return { name: whole, shortened: false };
  return { name: `${characters.slice(0, SECRET_NAME_MAX - 1).join('')}…`, shortened: true };
}

function isLogin(item: SourceItem): boolean {
  if (item.kind === 'note' || item.kind === 'card' || item.kind === 'identity') return false;
  return item.username !== '' || item.password !== '' || item.urls.length > 0 || item.totp !== '';
}

function extrasOf(item: SourceItem, shortenedTitle: boolean): PayloadExtras {
  const fields: CustomField[] = [];
  if (shortenedTitle) fields.push({ name: FULL_TITLE_FIELD, kind: 'text', value: item.title });
  for (const field of item.fields)
    fields.push({ name: field.name, kind: field.hidden ? 'hidden' : 'text', value: field.value });
  if (item.tags.length > 0) fields.push({ name: TAGS_FIELD, kind: 'text', value: item.tags.join(', ') });
  // Every earlier password the source kept: Coffer's own limit applies to the changes made in Coffer.
  const history: PastValue[] = item.passwordHistory
    .filter((past) => past.password !== '')
    .map((past) => ({ field: 'password', value: past.password, changedAt: past.changedAt ?? '' }));
  const extras: PayloadExtras = {};
  if (fields.length > 0) extras.fields = fields;
  if (history.length > 0) extras.history = history;
  return extras;
}

/** Maps a source item onto a password secret (a login) or a note (everything else). */
export function toSecretDraft(item: SourceItem): SecretDraftFromImport {
  const { name, shortened } = nameOf(item);
  // A Coffer export's secret comes back as it was stored: its own category and its whole payload.
  if (item.coffer) {
    const payload = shortened
      ? {
          ...item.coffer.payload,
          fields: [
            { name: FULL_TITLE_FIELD, kind: 'text' as const, value: item.title },
            ...(item.coffer.payload.fields ?? []),
          ],
        }
      : item.coffer.payload;
    return {
      ref: item.ref,
      category: item.coffer.category,
      name,
      payload,
      container: item.container,
      attachments: item.attachments,
    };
  }
  const extras = extrasOf(item, shortened);
  let category: SecretCategory;
  let payload: SecretPayload;
  if (isLogin(item)) {
    category = 'password';
    const [main = '', ...more] = item.urls;
    const login: PasswordPayload = {
      username: item.username,
      password: item.password,
      url: main,
      note: item.notes,
      ...extras,
    };
    if (more.length > 0) login.moreUrls = more.map((url) => ({ url }));
    if (item.totp !== '') login.totp = item.totp;
    payload = login;
  } else {
    category = 'note';
    // A card's or identity's values are its fields; a login part without a place is kept as fields too.
    const leftovers: CustomField[] = [];
    if (item.username !== '') leftovers.push({ name: 'Username', kind: 'text', value: item.username });
    if (item.password !== '') leftovers.push({ name: 'Password', kind: 'hidden', value: item.password });
    for (const url of item.urls) leftovers.push({ name: 'URL', kind: 'text', value: url });
    if (item.totp !== '') leftovers.push({ name: 'One-time password', kind: 'hidden', value: item.totp });
    const note: NotePayload = { note: item.notes, ...extras };
    const fields = [...leftovers, ...(extras.fields ?? [])];
    if (fields.length > 0) note.fields = fields;
    payload = note;
  }
  return { ref: item.ref, category, name, payload, container: item.container, attachments: item.attachments };
}
