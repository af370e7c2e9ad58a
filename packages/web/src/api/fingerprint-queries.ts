import { publicKeyFingerprint } from '@coffer/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys of public-key fingerprints, computed in the browser and kept as long as the key is the same. */
export const fingerprintQueryKeys = {
  of: (publicKey: string) => ['fingerprint', publicKey] as const,
};

/** The fingerprint of a public key (SHA-256 in groups of four hex digits, crypto.md). */
export function fingerprintQuery(publicKey: string) {
  return queryOptions({
    queryKey: fingerprintQueryKeys.of(publicKey),
    queryFn: () => publicKeyFingerprint(publicKey),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
