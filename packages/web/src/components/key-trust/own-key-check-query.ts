import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnKeyCheck } from '../../crypto-client/own-key-check.js';
import { privateKeyVersion } from '../../keys/key-store.js';

/**
 * Query keys of the own-key proof: one per user, listed key and private key held here (its version in
 * the key store), kept for the session (the cache is dropped when it ends), so the proof runs once per
 * key the server lists, not once per screen, and again once a new private key replaced the one it
 * used (the first personal password stores a fresh pair just after the server took its public key).
 */
export const ownKeyCheckKeys = {
  of: (userId: string, publicKey: string, keyVersion: number = privateKeyVersion()) =>
    ['own-key-check', userId, publicKey, keyVersion] as const,
};

/** The proof of the listed own key: crypto-client's checkOwnKey, loaded on demand (not in the shell's first download). */
export function ownKeyCheckQuery(userId: string, publicKey: string) {
  return queryOptions({
    queryKey: ownKeyCheckKeys.of(userId, publicKey),
    queryFn: async (): Promise<OwnKeyCheck> => {
      const { checkOwnKey } = await import('../../crypto-client/own-key-check.js');
      return checkOwnKey(userId, publicKey);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Whose listed key to prove: the signed-in user's id and the `public_key` the server lists for them. */
export interface ListedOwnKey {
  id: string;
  public_key: string | null;
}

/**
 * The proof of the key the server lists as the signed-in user's own; undefined while it runs or
 * when there is no user or no key to prove.
 */
export function useOwnKeyCheck(owner: ListedOwnKey | undefined): OwnKeyCheck | undefined {
  const userId = owner?.id ?? '';
  const publicKey = owner?.public_key ?? '';
  const check = useQuery({
    ...ownKeyCheckQuery(userId, publicKey),
    enabled: userId !== '' && publicKey !== '',
  });
  return check.data;
}
