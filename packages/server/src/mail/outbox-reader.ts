import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTBOX_FOLDER } from './mailer.js';

/** One message of the outbox, decoded enough for tests and e2e journeys to follow its link. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * Reads DATA_DIR/outbox/, oldest first. It understands the messages Coffer writes (a plain-text
 * part in 7bit, quoted-printable or base64), not arbitrary MIME.
 */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const folder = path.join(dataDir, OUTBOX_FOLDER);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      return parseMail(file, await readFile(file, 'utf8'));
    }),
  );
}

function parseMail(file: string, raw: string): OutboxMail {
  const source = raw.replace(/\r\n/g, '\n');
  const [head = ''] = splitHead(source);
  const text = findTextPart(source);
  return {
    file,
    to: readHeader(head, 'to'),
    subject: decodeHeaderWords(readHeader(head, 'subject')),
    text,
    links: [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
  };
}

function splitHead(part: string): [string, string] {
  const end = part.indexOf('\n\n');
  return end === -1 ? [part, ''] : [part.slice(0, end), part.slice(end + 2)];
}

function readHeader(head: string, name: string): string {
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  const line = unfolded.split('\n').find((entry) => entry.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

// "=?UTF-8?Q?...?=" words of long or non-ASCII subjects.
function decodeHeaderWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_all, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replaceAll('_', ' ')),
  );
}

// Split on the message's own boundary: a quoted-printable line of the body may itself start with
// "--" (a soft line break just before a token's "--"), which a split on any "--" line took for one.
function findTextPart(source: string): string {
  const boundary = /boundary="?([^";\n]+)"?/i.exec(splitHead(source)[0].replace(/\n[ \t]+/g, ' '))?.[1];
  // With a boundary, what comes before its first line is the message's own head (and a preamble).
  const parts = boundary ? source.split(`\n--${boundary}`).slice(1) : [source];
  for (const part of parts) {
    const [head, body] = splitHead(part.replace(/^\n/, ''));
    if (/content-type:\s*multipart\//i.test(head)) {
      const inner = findTextPart(part.replace(/^\n/, ''));
      if (inner !== '') return inner;
      continue;
    }
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
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
