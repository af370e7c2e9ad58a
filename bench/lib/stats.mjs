// Small statistics helpers shared by the comparisons.

/** The median of a list of numbers (the mean of the middle two for an even count); NaN when empty. */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `part / whole` rounded to three decimals, or null when `whole` is zero. */
export function ratio(part, whole) {
  if (!whole) return null;
  return Math.round((part / whole) * 1000) / 1000;
}

/** The nearest-rank percentile (`share` 0.95 for p95) of a non-empty list. */
export function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** Each list of timings as its median and p95, rounded to hundredths: `{key: {median, p95}}`. */
export function medianAndP95ByKey(timesByKey) {
  const hundredths = (value) => Math.round(value * 100) / 100;
  return Object.fromEntries(
    Object.entries(timesByKey).map(([key, list]) => [
      key,
      { median: hundredths(median(list)), p95: hundredths(percentile(list, 0.95)) },
    ]),
  );
}
