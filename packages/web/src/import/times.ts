/**
 * A time an export writes as a number since 1970, in ISO 8601; none when it is missing, zero, or out of
 * the range a Date holds (a damaged file must not throw mid-import).
 */
export function epochIso(value: unknown, unit: 'seconds' | 'milliseconds'): string | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return undefined;
  const date = new Date(unit === 'seconds' ? number * 1000 : number);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Created and updated times as SourceItem parts, leaving out the ones the source did not give. */
export function itemTimes(created: string | undefined, updated: string | undefined) {
  return { ...(created ? { createdAt: created } : {}), ...(updated ? { updatedAt: updated } : {}) };
}
