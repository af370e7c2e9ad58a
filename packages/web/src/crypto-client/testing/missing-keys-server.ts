import type { KeyShare, ReshareKeyAttributes } from '@coffer/core';
import { bytesToBase64, KEYSHARE_FETCH_LIMIT, randomBytes } from '@coffer/core';
import type { FakeAnswer, FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import type { Rewrapper, RewrapperFactory } from '../rewrapper.js';

/** A fake of the server's missing-key calls over a list of pairs, as the real server orders them. */
export interface MissingKeysServer {
  calls: FetchCall[];
  /** The bodies delivered to reshare.json, one array per call. */
  deliveries: ReshareKeyAttributes[][];
  remaining(): KeyShare[];
}

const byPlace = (a: KeyShare, b: KeyShare) =>
  a.secret_id === b.secret_id ? a.user_id.localeCompare(b.user_id) : a.secret_id.localeCompare(b.secret_id);

/**
 * Serves reshare_all / reshare_user (pages of at most `pageSize`, by secret then user, like the
 * server: pairs nobody delivers stay first) and takes deliveries (delivered pairs stop being missing).
 */
export function serveMissingKeys(
  pairs: readonly KeyShare[],
  pageSize = KEYSHARE_FETCH_LIMIT,
  otherRoutes: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)> = {},
): MissingKeysServer {
  let missing = [...pairs].sort(byPlace);
  const deliveries: ReshareKeyAttributes[][] = [];
  const page = (list: KeyShare[], call: FetchCall) => {
    const asked = Number(new URL(call.path, 'http://localhost').searchParams.get('limit') ?? pageSize);
    return { body: { keyshare: list.slice(0, Math.min(asked, pageSize)), total: list.length } };
  };
  const calls = mockFetch({
    ...otherRoutes,
    'GET /api/v1/secret_keys/reshare_all.json': (call) => page(missing, call),
    'POST /api/v1/secret_keys/reshare_user.json': (call) => {
      const { id } = JSON.parse(String(call.init.body)) as { id: string };
      return page(
        missing.filter((pair) => pair.user_id === id),
        call,
      );
    },
    'POST /api/v1/secret_keys/reshare.json': (call) => {
      const shares = JSON.parse(String(call.init.body)).key_reshare_handler
        .secret_keys_attributes as ReshareKeyAttributes[];
      deliveries.push(shares);
      const delivered = new Set(shares.map((share) => `${share.secret_id}\n${share.user_id}`));
      const before = missing.length;
      missing = missing.filter((pair) => !delivered.has(`${pair.secret_id}\n${pair.user_id}`));
      return { body: { count: before - missing.length } };
    },
  });
  return { calls, deliveries, remaining: () => missing };
}

/** Missing pairs of `secrets` secrets for each of `users` (user id → public key); ids sort as listed. */
export function missingPairs(users: Record<string, string>, secrets: number, prefix = 's'): KeyShare[] {
  const pairs: KeyShare[] = [];
  for (let index = 0; index < secrets; index += 1) {
    const secretId = `${prefix}-${String(index).padStart(5, '0')}`;
    for (const [userId, publicKey] of Object.entries(users))
      pairs.push({
        secret_id: secretId,
        user_id: userId,
        public_key: publicKey,
        encrypted_value: 'AAAA',
        vault_id: 'c-1',
        hidden: false,
      });
  }
  return pairs;
}

/** A stand-in public key: fingerprints hash any base64, and the fake rewrapper never imports it. */
export const fakePublicKey = () => bytesToBase64(randomBytes(64));

/** A rewrapper without crypto that records its batches, for tests of the run itself. */
export function recordingRewrapper(): {
  factory: RewrapperFactory;
  batches: KeyShare[][];
  closed: () => number;
} {
  const batches: KeyShare[][] = [];
  let closed = 0;
  const factory: RewrapperFactory = () => {
    const rewrapper: Rewrapper = {
      threads: 3,
      kind: 'page',
      async rewrap(pairs) {
        batches.push([...pairs]);
        return {
          shares: pairs.map((pair) => ({
            user_id: pair.user_id,
            secret_id: pair.secret_id,
            version: 1,
            encrypted_value: `wrapped:${pair.secret_id}:${pair.user_id}`,
          })),
          failed: [],
        };
      },
      seal: async () => {
        throw new Error('a reshare seals nothing');
      },
      close: () => {
        closed += 1;
      },
    };
    return rewrapper;
  };
  return { factory, batches, closed: () => closed };
}
