// A seeded pseudo-random source, so the same plan always makes the same rows (names, ids, sizes)
// and a cached database can be rebuilt identically. Not for anything secret.

/** A generator of numbers in [0, 1) from a 32-bit seed (mulberry32), with the helpers the dataset uses. */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** An integer from min to max, both included. */
    int,
    /** true with probability p. */
    chance: (p) => next() < p,
    /** One element of a non-empty list. */
    pick: (list) => list[Math.floor(next() * list.length)],
    /** One element, with probability proportional to its weight: [[value, weight], …]. */
    pickWeighted: (entries) => pickWeighted(entries, next()),
    /** A lower-case version-4 UUID (the only form the server accepts as a secret id). */
    uuid: () => formatUuid(Array.from({ length: 16 }, () => int(0, 255))),
  };
}

function pickWeighted(entries, roll) {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let left = roll * total;
  for (const [value, weight] of entries) {
    left -= weight;
    if (left < 0) return value;
  }
  return entries[entries.length - 1][0];
}

function formatUuid(bytes) {
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
