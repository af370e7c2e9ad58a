import { randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Algorithm } from '@node-rs/argon2';
import { createWorkGate, type GateLimits, type GateStats, type WorkGate } from '../security/work-gate.js';

// OWASP's minimum for Argon2id (crypto.md): m = 19 MiB, t = 2, p = 1, random salt.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The global bound on Argon2id (docs/operations.md): half the cores (at least one) hash at once,
 * sixteen requests per slot may wait up to a second, anything more is answered 429 at once. One
 * Argon2id takes about 10 ms of a core, so a two-core server checks about 100 passwords a second
 * and always keeps a core for everything else, however many sign-ins arrive.
 */
export function defaultPasswordHashLimits(cores = availableParallelism()): GateLimits {
  const concurrency = Math.max(1, Math.floor(cores / 2));
  return { concurrency, queue: 16 * concurrency, maxWaitMs: 1_000 };
}

// The native module is loaded on the first hash, not at start: it costs about 3 MB of an idle
// server's memory, and a server may answer for hours before anyone signs in.
let argon2Module: Promise<typeof import('@node-rs/argon2')> | null = null;
function loadArgon2() {
  argon2Module ??= import('@node-rs/argon2');
  return argon2Module;
}

let gate: WorkGate = createWorkGate(defaultPasswordHashLimits());
let argon2Runs = 0;

/** Sets the bound (PASSWORD_HASH_CONCURRENCY at start; tests use small numbers). */
export function configurePasswordHashing(limits: Partial<GateLimits>): void {
  const defaults = defaultPasswordHashLimits(limits.concurrency ? limits.concurrency * 2 : undefined);
  gate = createWorkGate({ ...defaults, ...limits });
}

/** The gate's counters and how many Argon2id computations ran (tests, the flood benchmark). */
export function passwordHashStats(): GateStats & { argon2Runs: number } {
  return { ...gate.stats(), argon2Runs };
}

async function argon2<T>(work: () => Promise<T>): Promise<T> {
  argon2Runs += 1;
  return work();
}

/** Argon2id of the client's auth hash, for users.password_hash; 429 when the gate is full. */
export function hashPassword(authHash: string): Promise<string> {
  return gate.run(() => argon2(async () => (await loadArgon2()).hash(authHash, OPTIONS)));
}

/**
 * What runs in the gate's slot before the hash: the per-account count (security/rate-limits.ts), so
 * that a request the gate refuses has cost no write, and one the account's limit refuses no hash.
 */
export type Admission = () => Promise<void>;

const admitted: Admission = async () => {};

/** What a task holding a slot of the gate may do: one password check, real or imitated. */
export interface PasswordSlot {
  /** Whether the auth hash matches the stored Argon2id (constant time); false for a malformed hash. */
  verify(passwordHash: string, authHash: string): Promise<boolean>;
  /** A check of an account that does not exist: as long as a real one, without its CPU. */
  imitate(): Promise<void>;
}

const SLOT: PasswordSlot = {
  verify: (passwordHash, authHash) => timedVerify(passwordHash, authHash),
  imitate: () => imitateInSlot(),
};

/**
 * Runs `task` in a slot of the Argon2id gate. A full gate throws RetryLaterError (429, Retry-After)
 * before `task` starts, so whatever the task would read or write first (the account, its count)
 * costs a refused request nothing.
 */
export function inPasswordSlot<T>(task: (slot: PasswordSlot) => Promise<T>): Promise<T> {
  return gate.run(() => task(SLOT));
}

/**
 * Whether the auth hash matches the stored Argon2id (constant time); false for a malformed hash.
 * 429 (RetryLaterError) when the gate is full; `admit` runs first in the slot and may refuse.
 */
export function verifyPassword(passwordHash: string, authHash: string, admit = admitted): Promise<boolean> {
  return inPasswordSlot(async (slot) => {
    await admit();
    return slot.verify(passwordHash, authHash);
  });
}

// Wall-clock times of the latest verifications, which imitateInSlot replays.
const RECENT_TIMES = 64;
const recentMs: number[] = [];
let nextSlot = 0;
let decoyHash: Promise<string> | null = null;

async function timedVerify(passwordHash: string, authHash: string): Promise<boolean> {
  const startedAt = performance.now();
  try {
    return await argon2(async () => (await loadArgon2()).verify(passwordHash, authHash));
  } catch {
    return false;
  } finally {
    recentMs[nextSlot] = performance.now() - startedAt;
    nextSlot = (nextSlot + 1) % RECENT_TIMES;
  }
}

/**
 * What a password check of an unknown e-mail costs, so that the answer's timing does not tell
 * whether the account exists: it runs in a slot of the same gate (so a full gate refuses both alike)
 * and holds it as long as a real verification took lately (one drawn from the last 64), without
 * spending the CPU. Until a verification has been timed, it runs one against a decoy hash. A flood
 * of sign-ins with made-up addresses then costs the server next to nothing (docs/operations.md).
 */
async function imitateInSlot(): Promise<void> {
  if (recentMs.length === 0) {
    decoyHash ??= loadArgon2().then((argon2) => argon2.hash(randomBytes(32).toString('base64'), OPTIONS));
    await timedVerify(await decoyHash, randomBytes(32).toString('base64'));
    return;
  }
  await sleep(recentMs[randomInt(recentMs.length)] ?? 0);
}
