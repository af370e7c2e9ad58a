import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { outboxDir } from './data-dir.js';

/** One message of the server's outbox, decoded enough to follow its links. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Every message written to the outbox so far, oldest first (file names start with the time). */
export async function readOutbox(): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(outboxDir, name);
      return parseMail(file, await readFile(file, 'utf8'));
    }),
  );
}

/** The newest message to `address`, waiting for it to arrive; `count` asks for at least that many. */
export async function waitForMail(address: string, count = 1): Promise<OutboxMail> {
  const wanted = address.trim().toLowerCase();
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

function parseMail(file: string, raw: string): OutboxMail {
  const source = raw.replace(/\r\n/g, '\n');
  const [head] = splitHead(source);
  const text = findTextPart(source);
  return {
    file,
    to: readHeader(head, 'to'),
    subject: readHeader(head, 'subject'),
    text,
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]),
  };
}

function splitHead(part: string): [string, string] {
  const end = part.indexOf('\n\n');
  return end === -1 ? [part, ''] : [part.slice(0, end), part.slice(end + 2)];
}

function readHeader(head: string, name: string): string {
  const line = head
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')
    .find((entry) => entry.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

// The plain-text part, in whichever transfer encoding nodemailer chose for it.
function findTextPart(source: string): string {
  for (const part of source.split(/\n--[^\n]+\n/)) {
    const [head, body] = splitHead(part);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const encoding = readHeader(head, 'content-transfer-encoding').toLowerCase();
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  return '';
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}
