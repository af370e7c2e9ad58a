import type { SecretHeader, SecretListItem } from '@coffer/core';
import { isSecretHeaderError, verifyListedSecretHeader } from '@coffer/core';
import type { VerifiedTrustLog } from '../trust-log/sync-trust-log.js';
import { isMarked } from './secret-header-status.js';

/*
 * What a list shows of a secret's signed header (suite 2, issue 30; docs/web.md, "Signed secret
 * headers"): a list item carries its header but no ciphertext, so its authorship and metadata are
 * checked here and the payload's checks wait until it is opened. Lists render at once and mark rows
 * when the checks answer.
 */

/**
 * - 'verified': the author signed this name, category, chest and hidden flag, and could write it;
 * - 'unverified': no header (saved before suite 2 or without a log), or one made under an entry this
 *   browser has not verified yet: the metadata is the server's word;
 * - 'altered': the header does not hold; `header` is what its author signed when only the metadata
 *   differs (shown instead of the server's).
 */
export type ListedHeaderStatus =
  | { kind: 'verified' }
  | { kind: 'unverified' }
  | { kind: 'altered'; header?: SecretHeader };

// Verdicts by the log's head and everything the check reads of an item, so that a list refetched
// or scrolled back costs nothing, and a changed item or a moved log is checked again.
const verdicts = new Map<string, Promise<ListedHeaderStatus>>();
const MAX_VERDICTS = 5_000;

function verdictKey(item: SecretListItem, log: VerifiedTrustLog): string {
  const { id, name, category, vault_id, hidden, strength, form_fill, signed_header } = item;
  return JSON.stringify([
    log.state.head,
    id,
    name,
    category,
    vault_id,
    hidden,
    strength,
    form_fill,
    isMarked(item),
    signed_header?.sig ?? null,
  ]);
}

async function check(item: SecretListItem, log: VerifiedTrustLog): Promise<ListedHeaderStatus> {
  if (!item.signed_header) return { kind: 'unverified' };
  try {
    await verifyListedSecretHeader(item.signed_header, {
      state: log.state,
      stateAt: log.stateAt,
      record: {
        id: item.id,
        vault_id: item.vault_id,
        hidden: item.hidden,
        deleted: isMarked(item),
        name: item.name,
        category: item.category,
        strength: item.strength,
        form_fill: item.form_fill,
      },
    });
    return { kind: 'verified' };
  } catch (error) {
    if (!isSecretHeaderError(error)) throw error;
    if (error.kind === 'stale-log') return { kind: 'unverified' };
    return error.header ? { kind: 'altered', header: error.header } : { kind: 'altered' };
  }
}

/** The header status of a listed secret under the verified `log` (remembered per log head and item). */
export function listedHeaderStatus(item: SecretListItem, log: VerifiedTrustLog): Promise<ListedHeaderStatus> {
  const key = verdictKey(item, log);
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = check(item, log);
    if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(key, verdict);
  }
  return verdict;
}
