import { bytesToBase64, utf8Encode } from '@coffer/core';
import type { HealthRecord, HealthSubject } from './health-record.js';
import type { HealthScorer } from './health-scorer.js';
import { loadHealthScorer } from './health-scorer.js';
import type { RangeFetch } from './pwned-range.js';
import { createRangeChecker, sha1Hex } from './pwned-range.js';

/** A batch of opened password secrets to check, with how. */
export interface ToHealthWorker {
  requestId: number;
  subjects: HealthSubject[];
  /** The HMAC key of reuse tags (non-extractable; structured-cloned to the worker). */
  tagKey: CryptoKey;
  /** The range API, or null when the breach check is off. */
  rangeUrl: string | null;
  /** The check's time (ISO): every record of one run carries the same. */
  checkedAt: string;
}

/** The worker's answer: the batch's records, or why it failed. */
export type FromHealthWorker =
  | { requestId: number; ok: true; records: HealthRecord[] }
  | { requestId: number; ok: false; message: string };

/** Fails a batch: the range API or the scorer could not be reached. */
export const HEALTH_CHECK_FAILED_MESSAGE = 'The password health check could not finish. Please try again.';

/** A password of at most 6 digits is a PIN (a card's, a door's): its strength is not a finding. */
export function isPinLike(password: string): boolean {
  return /^\d{1,6}$/.test(password);
}

/** The first URL that is plain http: (nothing but the scheme is judged). */
export function insecureUrlOf(urls: readonly string[]): string | null {
  return urls.find((url) => /^http:/i.test(url.trim())) ?? null;
}

// One range checker per worker (per range URL): a prefix is asked once however many batches need it.
const checkers = new Map<string, (hash: string) => Promise<number>>();

async function reuseTag(key: CryptoKey, password: string): Promise<string> {
  return bytesToBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8Encode(password))));
}

/**
 * Checks a batch (in the worker, or on the page where there is none): zxcvbn with the subject's
 * user inputs (unless the not-weak proof spares it), the keyed reuse tag, the breach count from the range API, the insecure URL.
 */
export async function handleHealthMessage(
  message: ToHealthWorker,
  fetchRange?: RangeFetch,
): Promise<FromHealthWorker> {
  try {
    const scorer: HealthScorer = await loadHealthScorer();
    let breachesOf: ((hash: string) => Promise<number>) | null = null;
    if (message.rangeUrl) {
      const known = fetchRange ? undefined : checkers.get(message.rangeUrl);
      breachesOf = known ?? createRangeChecker(message.rangeUrl, fetchRange);
      if (!fetchRange) checkers.set(message.rangeUrl, breachesOf);
    }
    const records = await Promise.all(
      message.subjects.map(async (subject): Promise<HealthRecord> => {
        const [tag, breaches] = await Promise.all([
          reuseTag(message.tagKey, subject.password),
          breachesOf ? sha1Hex(subject.password).then(breachesOf) : Promise.resolve(null),
        ]);
        return {
          id: subject.id,
          updatedAt: subject.updatedAt,
          revision: subject.revision,
          score: isPinLike(subject.password) ? null : scorer(subject.password, subject.userInputs),
          tag,
          breaches,
          insecureUrl: insecureUrlOf(subject.urls),
          passwordChangedAt: subject.passwordChangedAt,
          checkedAt: message.checkedAt,
        };
      }),
    );
    return { requestId: message.requestId, ok: true, records };
  } catch {
    return { requestId: message.requestId, ok: false, message: HEALTH_CHECK_FAILED_MESSAGE };
  }
}
