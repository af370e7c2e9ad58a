import type { TrustState, UserRow } from '@coffer/core';
import { publicKeyFingerprint } from '@coffer/core';
import { listEverything } from '../api/list-everything.js';
import type { WaitingPerson } from '../crypto-client/reshare-keys.js';

/*
 * People waiting to join the organisation record (issue 30): once an organisation has a log, only the
 * people it admits read anything, so someone who joined since (an accepted invitation, an account the
 * server says exists) waits until an administrator compares their fingerprint and confirms them; the
 * confirmation admits them (admit-trusted-people.ts), with their teams. Listed for administrators
 * beside the people the background reshare waits for.
 */

/** Users with a key and a confirmed e-mail whom the log has never admitted (a removed user stays in the log). */
export async function listPeopleToAdmit(state: TrustState, signal?: AbortSignal): Promise<WaitingPerson[]> {
  const users = await listEverything<UserRow>('/api/v1/users.json', { everything: true }, signal);
  const waiting = users.filter((user) => user.public_key && user.confirmed_at && !state.users.has(user.id));
  return Promise.all(
    waiting.map(async (user) => {
      const publicKey = user.public_key as string;
      return {
        userId: user.id,
        publicKey,
        fingerprint: await publicKeyFingerprint(publicKey),
        reason: 'unconfirmed' as const,
        waitingKeys: 0,
      };
    }),
  );
}
