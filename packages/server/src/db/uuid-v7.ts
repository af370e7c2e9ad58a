import { randomFillSync } from 'node:crypto';

// UUID version 7 (RFC 9562, 5.7): 48 bits of Unix milliseconds, then, by the RFC's method 1 (6.2),
// a 42-bit counter split around the version and variant bits, then 32 random bits. As lower-case
// hex with hyphens in fixed places, ids compare like their bytes in SQLite's binary collation and in
// PostgreSQL's (C, or a language's, which puts digits before letters), so ids from one generator
// sort as text in the order they were made.
// Written here because the only `uuid` package installed (8.x, a benchmark tool's) has no v7.

/** Where a generator is: the millisecond of its last id and the counter within it. */
export interface UuidV7Position {
  ms: number;
  counter: number;
}

const MAX_MS = 2 ** 48 - 1;
const MAX_COUNTER = 2 ** 42 - 1;
// A new millisecond's counter starts below half its range (the RFC's rollover guard): at least
// 2^41 ids fit in it before the counter runs out.
const SEED_LIMIT = 2 ** 41;

/**
 * The position of the next id after `last`, for a clock reading `now` and a random `seed` below
 * 2^41. A later millisecond starts from the seed. The same millisecond, or an earlier one (the clock
 * stepped back), keeps the last millisecond and counts on, so ids never go backwards; a full counter
 * moves to the next millisecond, ahead of the clock by one.
 */
export function advanceUuidV7(last: UuidV7Position | null, now: number, seed: number): UuidV7Position {
  if (!Number.isSafeInteger(now) || now < 0 || now > MAX_MS) {
    throw new RangeError(`a UUIDv7 needs a millisecond time from 0 to 2^48 - 1, not ${now}`);
  }
  if (last === null || now > last.ms) return { ms: now, counter: seed };
  if (last.counter < MAX_COUNTER) return { ms: last.ms, counter: last.counter + 1 };
  if (last.ms === MAX_MS) throw new RangeError('UUIDv7 time ran out');
  return { ms: last.ms + 1, counter: seed };
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The id at a position, with `tail` (4 random bytes) as its last 32 bits. */
export function formatUuidV7({ ms, counter }: UuidV7Position, tail: Uint8Array): string {
  const bytes = new Uint8Array(16);
  let time = ms;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  // 42 bits do not fit JavaScript's 32-bit operators: split into the 12 before the variant and 30 after.
  const high = Math.floor(counter / 2 ** 30);
  const low = counter % 2 ** 30;
  bytes[6] = 0x70 | (high >>> 8);
  bytes[7] = high & 0xff;
  bytes[8] = 0x80 | (low >>> 24);
  bytes[9] = (low >>> 16) & 0xff;
  bytes[10] = (low >>> 8) & 0xff;
  bytes[11] = low & 0xff;
  bytes.set(tail.subarray(0, 4), 12);
  const hex = Array.from(bytes, (byte) => HEX[byte]).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Fills a buffer with random bytes (crypto's randomFillSync; tests pass their own). */
export type RandomFill = (bytes: Uint8Array) => unknown;

/**
 * A UUIDv7 generator: each id it makes is greater (as text, and as bytes) than the one before,
 * whatever the clock does. One per process orders that process's ids; ids of different processes
 * in one millisecond interleave at random.
 */
export function createUuidV7Generator(fill: RandomFill = randomFillSync): (now?: number) => string {
  let last: UuidV7Position | null = null;
  const random = new Uint8Array(10);
  return (now = Date.now()) => {
    fill(random);
    // The first six bytes seed a new millisecond's counter; the last four are the tail.
    const seed = readUint48(random) % SEED_LIMIT;
    last = advanceUuidV7(last, now, seed);
    return formatUuidV7(last, random.subarray(6, 10));
  };
}

function readUint48(bytes: Uint8Array): number {
  let value = 0;
  for (let index = 0; index < 6; index += 1) value = value * 256 + bytes[index]!;
  return value;
}

/** This process's generator: the audit log's ids come from it, so they increase in the order written. */
export const uuidV7 = createUuidV7Generator();

/** The millisecond a UUIDv7 was made in (its first 48 bits). */
export function uuidV7Time(id: string): number {
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
