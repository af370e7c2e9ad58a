import { describe, expect, it } from 'vitest';
import { advanceUuidV7, createUuidV7Generator, formatUuidV7, uuidV7, uuidV7Time } from './uuid-v7.js';

// RFC 9562's example time (appendix A.6): Tuesday, 22 February 2022 19:22:22 UTC, 0x017F22E279B0.
const RFC_MS = 1_645_557_742_000;
const V7_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const bytesOf = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const constantFill = (value: number) => (bytes: Uint8Array) => bytes.fill(value);

// Each id above the one before, compared as text (what the databases compare) and as bytes.
function expectIncreasing(ids: string[]): void {
  const misordered = ids.findIndex(
    (id, index) =>
      index > 0 && !(ids[index - 1]! < id && Buffer.compare(bytesOf(ids[index - 1]!), bytesOf(id)) < 0),
  );
  expect(misordered, `${ids[misordered - 1]} before ${ids[misordered]}`).toBe(-1);
}

describe('UUIDv7 ids', () => {
  it('carries the time in its first 48 bits, version 7 and variant 0b10', () => {
    const next = createUuidV7Generator();
    for (let count = 0; count < 1000; count += 1) {
      const id = next(RFC_MS);
      expect(id).toMatch(V7_SHAPE);
      expect(id.startsWith('017f22e2-79b0-7')).toBe(true);
      const bytes = bytesOf(id);
      expect(bytes[6]! >> 4).toBe(7);
      expect(bytes[8]! >> 6).toBe(0b10);
      expect(uuidV7Time(id)).toBe(RFC_MS);
    }
  });

  it('reads the clock when given no time', () => {
    // A generator of its own: the process's never goes back, and another file of the worker may
    // have made ids under a mocked clock (server tests share their modules, vitest.config.ts).
    const next = createUuidV7Generator();
    const before = Date.now();
    const id = next();
    expect(uuidV7()).toMatch(V7_SHAPE);
    expect(id).toMatch(V7_SHAPE);
    expect(uuidV7Time(id)).toBeGreaterThanOrEqual(before);
    expect(uuidV7Time(id)).toBeLessThanOrEqual(Date.now());
  });

  it('strictly increases over 100,000 ids in one millisecond, and never repeats', () => {
    const next = createUuidV7Generator();
    const ids = Array.from({ length: 100_000 }, () => next(RFC_MS));
    expectIncreasing(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => uuidV7Time(id) === RFC_MS)).toBe(true);
  });

  it('keeps increasing when the clock steps back, holding the last millisecond', () => {
    const next = createUuidV7Generator();
    const times = [RFC_MS, RFC_MS, RFC_MS - 1, RFC_MS - 5, RFC_MS, RFC_MS - 2, RFC_MS + 1, RFC_MS];
    const ids = times.map((time) => next(time));
    expectIncreasing(ids);
    expect(ids.map(uuidV7Time)).toEqual([...Array(6).fill(RFC_MS), RFC_MS + 1, RFC_MS + 1]);
  });

  it('puts a later millisecond after an earlier one, whatever the counters drew', () => {
    let draw = 0xff;
    const next = createUuidV7Generator((bytes) => bytes.fill(draw));
    const late = next(RFC_MS);
    draw = 0x00;
    const later = next(RFC_MS + 1);
    expectIncreasing([late, later]);
  });

  it('starts each millisecond at a random counter below half its range', () => {
    const highest = createUuidV7Generator(constantFill(0xff))(RFC_MS);
    // Counter 2^41 - 1: its top bit clear, every other bit set; then the tail.
    expect(highest).toBe('017f22e2-79b0-77ff-bfff-ffffffffffff');
    expect(createUuidV7Generator(constantFill(0))(RFC_MS)).toBe('017f22e2-79b0-7000-8000-000000000000');
  });

  it('moves to the next millisecond when the counter runs out', () => {
    const full = { ms: RFC_MS, counter: 2 ** 42 - 1 };
    const next = advanceUuidV7(full, RFC_MS, 5);
    expect(next).toEqual({ ms: RFC_MS + 1, counter: 5 });
    const tail = new Uint8Array(4);
    expectIncreasing([formatUuidV7(full, tail.fill(0xff)), formatUuidV7(next, tail.fill(0))]);
    expect(formatUuidV7(full, tail.fill(0))).toBe('017f22e2-79b0-7fff-bfff-ffff00000000');
  });

  it('refuses a time it cannot hold', () => {
    for (const time of [-1, 1.5, 2 ** 48, Number.NaN]) {
      expect(() => createUuidV7Generator()(time)).toThrow(RangeError);
    }
  });
});
