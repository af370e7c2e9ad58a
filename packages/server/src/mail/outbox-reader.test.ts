import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutbox } from './outbox-reader.js';

const LINK =
  'http://localhost:8080/register?invitation_token=HhgX7-ycxaYE5kfBkv3sawUXp--Q1w2e3r4t5y6u7i8o9p0aZ';

// A quoted-printable body whose soft line break falls just before the token's "--": the next line
// starts with "--", which a reader splitting on any "--" line took for the part's boundary.
const RAW = [
  'To: peter@example.test',
  'Subject: Bill invited you to Initech on Coffer',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative;',
  ' boundary="--_NmP-5a1d-Part_1"',
  '',
  '----_NmP-5a1d-Part_1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Bill invited you. Join here:',
  'http://localhost:8080/register?invitation_token=3DHhgX7-ycxaYE5kfBkv3sawUXp=',
  '--Q1w2e3r4t5y6u7i8o9p0aZ',
  '',
  '----_NmP-5a1d-Part_1',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Bill invited you.</p>',
  '----_NmP-5a1d-Part_1--',
  '',
].join('\r\n');

describe('readOutbox', () => {
  it('reads a link that a quoted-printable soft break split just before a "--"', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'coffer-outbox-'));
    await mkdir(path.join(dataDir, 'outbox'));
    await writeFile(path.join(dataDir, 'outbox', '0001.eml'), RAW);
    const [mail] = await readOutbox(dataDir);
    expect(mail?.subject).toBe('Bill invited you to Initech on Coffer');
    expect(mail?.links).toEqual([LINK]);
  });
});
