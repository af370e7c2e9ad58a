import { createHmac } from 'node:crypto';
import { DEFAULT_KDF_ITERATIONS, normaliseEmail } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { countKdfFigures, type KdfFigureCount } from '../repositories/kdf-figure-repository.js';
import type { ServerSecrets } from '../server-secrets.js';

/** How long the figures in use are reused before they are counted again. */
export const FIGURES_TTL_MS = 10 * 60_000;

const cache = new WeakMap<Kysely<Database>, { at: number; figures: Promise<KdfFigureCount[]> }>();

function figuresInUse(db: Kysely<Database>, now: number): Promise<KdfFigureCount[]> {
  const cached = cache.get(db);
  if (cached && now - cached.at < FIGURES_TTL_MS) return cached.figures;
  const figures = countKdfFigures(db);
  cache.set(db, { at: now, figures });
  // A failed count is not kept: the next call tries again.
  figures.catch(() => cache.delete(db));
  return figures;
}

/** A number in [0, 1) fixed per e-mail by the server's secret, unguessable without it. */
function emailPoint(secrets: ServerSecrets, email: string): number {
  const key = createHmac('sha256', secrets.atRestKey).update('coffer:prelogin-decoy:1').digest();
  const mac = createHmac('sha256', key).update(normaliseEmail(email), 'utf8').digest();
  return mac.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The iterations prelogin answers for an e-mail without an account (docs: prelogin). A real
 * account's answer is its own figure, so to reveal nothing the answer for an unknown e-mail is drawn
 * from the same distribution: the figures real accounts use, each as often as accounts use it. The
 * draw is fixed per e-mail by an HMAC under the server's secret, so asking again gives the same
 * answer, as it would for an account, and nobody without the secret can predict it. An e-mail
 * answering an unusual figure is then no evidence that an account exists.
 */
export async function decoyIterations(
  db: Kysely<Database>,
  secrets: ServerSecrets,
  email: string,
  now = Date.now(),
): Promise<number> {
  const figures = await figuresInUse(db, now);
  const total = figures.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return DEFAULT_KDF_ITERATIONS;
  let target = emailPoint(secrets, email) * total;
  for (const entry of figures) {
    if (target < entry.count) return entry.kdf_iterations;
    target -= entry.count;
  }
  return figures[figures.length - 1]?.kdf_iterations ?? DEFAULT_KDF_ITERATIONS;
}
