import { normaliseEmail } from '@coffer/core';
import { expect } from '@playwright/test';
import {
  type OutboxMail,
  readOutbox as readServerOutbox,
} from '../../packages/server/src/mail/outbox-reader.js';
import { dataDir } from './data-dir.js';

export type { OutboxMail };

/** Every message the server wrote to its outbox so far, oldest first: read by the server's own reader. */
export function readOutbox(): Promise<OutboxMail[]> {
  return readServerOutbox(dataDir);
}

/** The newest message to `address`, waiting for it to arrive; `count` asks for at least that many. */
export async function waitForMail(address: string, count = 1): Promise<OutboxMail> {
  const wanted = normaliseEmail(address);
  let found: OutboxMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readOutbox()).filter((mail) => mail.to.toLowerCase().includes(wanted));
        return found.length;
      },
      { message: `an e-mail to ${address} in the outbox`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const newest = found.at(-1);
  if (!newest) throw new Error(`No e-mail to ${address}`);
  return newest;
}

/** The first link of a message whose path and query match `pattern`, as a path for page.goto. */
export function findLink(mail: OutboxMail, pattern: RegExp): string {
  const link = mail.links.find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`No link matching ${pattern} in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
