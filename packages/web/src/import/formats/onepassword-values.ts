import { record, text } from '../json-values.js';

// What 1Password's exports (1PUX, 1PIF) write alike: typed field values and times in epoch seconds.

// One value as text: 1Password's typed values (a month and year, an address, an e-mail) written out.
export function fieldValue(type: string, raw: unknown): string {
  if (type === 'monthYear') {
    const digits = text(raw);
    return digits.length === 6 ? `${digits.slice(4)}/${digits.slice(0, 4)}` : digits;
  }
  if (type === 'date') return epochTime(raw, 'at').at ?? '';
  if (type === 'email') return text(record(raw)?.email_address) || text(raw);
  const parts = record(raw);
  if (parts)
    return Object.entries(parts)
      .map(([key, value]) => [key, text(value)])
      .filter(([, value]) => value)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n');
  return text(raw);
}

/** An epoch-seconds time as ISO 8601 under the given key, or nothing when it is missing or zero. */
export function epochTime<K extends string>(seconds: unknown, key: K): Partial<Record<K, string>> {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0
    ? ({ [key]: new Date(value * 1000).toISOString() } as Record<K, string>)
    : {};
}
