// Password history (issue 27): the values a secret had before an edit replaced them, kept inside the
// sealed payload so that only the secret's readers see them.
import { PASSWORD_HISTORY_LIMIT } from '../constants/secret-extras-constants.js';
import type { CustomField, PastValue, SecretPayload } from '../model/secret-payload-model.js';

/** The history entry's `field` for the password of a password secret. */
export const HISTORY_PASSWORD_FIELD = 'password';

function hiddenValues(fields: readonly CustomField[] | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const field of fields ?? []) {
    // The first field of a name wins, as the viewer shows fields in order.
    if (field.kind === 'hidden' && !values.has(field.name)) values.set(field.name, field.value);
  }
  return values;
}

/**
 * The payload an edit saves: `next` with the values the edit replaced prepended to its history,
 * newest first, at most PASSWORD_HISTORY_LIMIT. Kept: the password when it changed and was not empty;
 * a hidden field's value (matched by name) when it changed, or when the field was removed or renamed,
 * so that no secret value an edit drops is lost. An edit that replaces nothing returns `next` as it
 * is, so a secret without history keeps its shape.
 */
export function withPasswordHistory<P extends SecretPayload>(previous: SecretPayload, next: P, now: Date): P {
  const changedAt = now.toISOString();
  const replaced: PastValue[] = [];
  if ('password' in previous && 'password' in next) {
    if (previous.password !== '' && previous.password !== next.password)
      replaced.push({ field: HISTORY_PASSWORD_FIELD, value: previous.password, changedAt });
  }
  const nextHidden = new Map<string, string>();
  for (const field of next.fields ?? [])
    if (!nextHidden.has(field.name)) nextHidden.set(field.name, field.value);
  for (const [name, value] of hiddenValues(previous.fields)) {
    if (value !== '' && nextHidden.get(name) !== value) replaced.push({ field: name, value, changedAt });
  }
  if (replaced.length === 0) return next;
  const earlier = next.history ?? previous.history ?? [];
  return { ...next, history: [...replaced, ...earlier].slice(0, PASSWORD_HISTORY_LIMIT) };
}
