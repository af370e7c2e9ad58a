import type { KeyShare, ReshareAllResponse } from '@coffer/core';
import { toBool } from '../db/to-bool.js';
import type { MissingKey } from '../repositories/missing-key-repository.js';
import { storedSignedHeader } from './secret-presenter.js';

/**
 * One missing pair: the newcomer's public key and the caller's own wrapped key of the secret, with
 * the secret's chest, hidden flag and signed header (null for a suite-1 secret).
 */
export function presentKeyShare(missing: MissingKey): KeyShare {
  return {
    secret_id: missing.secret_id,
    user_id: missing.user_id,
    public_key: missing.public_key,
    encrypted_value: missing.encrypted_value,
    vault_id: missing.vault_id,
    hidden: toBool(missing.hidden),
    signed_header: storedSignedHeader(missing.signed_header),
  };
}

/** Answer of reshare_all, reshare_team and reshare_user. */
export function presentKeyShares(missing: MissingKey[], total: number): ReshareAllResponse {
  return { keyshare: missing.map(presentKeyShare), total };
}
