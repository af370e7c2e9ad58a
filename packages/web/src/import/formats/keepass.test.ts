import { describe, expect, it } from 'vitest';
import { sampleBytes, sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import { ImportError } from '../import-error.js';
import type { SourceItem } from '../source-item.js';

const KDBX = 'keepass-kdbx';
const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('KeePass KDBX', () => {
  it('opens a KDBX 3.1 file: every entry in its group, attachments, history and the TOTP of each plugin', async () => {
    const file = await parseExport(sampleBytes(KDBX, 'pass-import-keepass.kdbx'), {
      password: 'correct horse battery staple',
    });
    expect(file.format).toBe('keepass-kdbx');
    expect(file.items).toHaveLength(18);
    expect(credentials(file.items)).toEqual(expect.arrayContaining(credentials(reference)));
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('dpbx@fner.ws')?.container).toEqual(['Emails', 'WS']);
    const aib = byTitle.get('aib');
    expect(aib?.fields).toContainEqual({ name: 'pin', value: '462916', hidden: false });
    expect(aib?.attachments.map((attachment) => attachment.name).sort()).toEqual(['pass.png', 'tomb.jpg']);
    expect(aib?.attachments.every((attachment) => attachment.data.length > 0)).toBe(true);
    expect(
      file.items.filter((item) => item.title === 'ovh.com').some((item) => item.passwordHistory.length > 0),
    ).toBe(true);
    expect(byTitle.get('KeeWeb')?.totp).toMatch(/^otpauth:\/\//);
    expect(byTitle.get('KeePass 2.47')?.totp).not.toBe('');
    expect(byTitle.get('KeeTrayTOTP - Steam')?.totp).not.toBe('');
  });

  it('opens KDBX 4 with Argon2id and a key file: tags, protected fields hidden, auto-type kept, the recycle bin skipped', async () => {
    const file = await parseExport(sampleBytes(KDBX, 'kdbxweb-Argon2id.kdbx'), {
      password: 'demo',
      keyFile: sampleBytes(KDBX, 'kdbxweb-demo.key'),
    });
    expect(file.items.map((item) => item.title).sort()).toEqual([
      'Sample Entry',
      'Sample Entry #2',
      'my entry',
    ]);
    expect(file.skipped.trashed).toBe(1);
    const mine = file.items.find((item) => item.title === 'my entry');
    expect(mine?.container).toEqual(['General']);
    expect(mine?.tags).toEqual(['my', 'tag']);
    expect(mine?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'my field', hidden: false }),
        expect.objectContaining({ name: 'my field protected', hidden: true }),
        expect.objectContaining({ name: 'Auto-Type' }),
      ]),
    );
    expect(mine?.attachments.map((attachment) => attachment.name)).toEqual(['attachment']);
  });

  it('opens KDBX 4.1 and files whose password is not ASCII', async () => {
    const kdbx41 = await parseExport(sampleBytes(KDBX, 'kdbxweb-KDBX4.1.kdbx'), { password: 'test' });
    expect(kdbx41.items.map((item) => item.title).sort()).toEqual([
      'DisabledQ',
      'Sample Entry',
      'Was inside',
    ]);
    const nonAscii = await parseExport(sampleBytes(KDBX, 'keepassxc-NonAscii.kdbx'), { password: 'Δöض' });
    expect(nonAscii.items.map((item) => item.title)).toEqual(['秘密']);
    const cyrillic = await parseExport(sampleBytes(KDBX, 'kdbxweb-cyrillic.kdbx'), { password: 'пароль' });
    expect(cyrillic.items.find((item) => item.title === 'моя запись')?.tags).toEqual(['теги']);
  });

  it('asks for the password, and says a wrong one is wrong without reading anything', async () => {
    const bytes = sampleBytes(KDBX, 'keepassxc-Format400.kdbx');
    await expect(parseExport(bytes)).rejects.toMatchObject({ kind: 'needs-password' });
    const wrong = await parseExport(bytes, { password: 'not it' }).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(ImportError);
    expect(wrong).toMatchObject({
      kind: 'wrong-password',
      message: 'The password or key file is not right for this file.',
    });
    const right = await parseExport(bytes, { password: 't' });
    expect(right.items.map((item) => item.title)).toEqual(['Format400']);
  });
});

// A KDBX 3.1 file whose header asks for an AES-KDF round count no browser could finish.
function withRounds(bytes: Uint8Array, rounds: bigint): Uint8Array {
  const copy = new Uint8Array(bytes);
  const view = new DataView(copy.buffer);
  for (let at = 12; at < copy.length; ) {
    const id = copy[at] ?? 0;
    const length = view.getUint16(at + 1, true);
    if (id === 6) {
      view.setBigUint64(at + 3, rounds, true);
      return copy;
    }
    if (id === 0) break;
    at += 3 + length;
  }
  throw new Error('no TransformRounds field');
}

describe('KeePass KDBX key derivation', () => {
  it('refuses, before deriving anything, a file asking more work than a browser can do', async () => {
    const costly = withRounds(sampleBytes(KDBX, 'keepassxc-Format300.kdbx'), 249_108_109_168n);
    const started = Date.now();
    await expect(parseExport(costly, { password: 'a' })).rejects.toMatchObject({
      kind: 'too-large',
      message: expect.stringMatching(
        /^This file's key derivation settings are too costly for a browser to open\./,
      ),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('KeePass 2 XML', () => {
  it('reads the same entries as the other exports of the test vault', async () => {
    const file = await parseExport(sampleText('keepass-xml', 'keepass.xml'));
    expect(file.format).toBe('keepass-xml');
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(file.items.find((item) => item.title === 'dpbx@mnyfymt.ws')?.container).toEqual(['Emails', 'WS']);
  });

  it('keeps custom fields and multi-line notes', async () => {
    const file = await parseExport(sampleText('keepass-xml', 'bitwarden-keepass2-testdata.xml'));
    const google = file.items.find((item) => item.title === 'Google');
    expect(google).toMatchObject({ username: 'googleuser', password: 'googpass', urls: ['google.com'] });
    expect(google?.notes).toContain('line2');
    expect(google?.fields).toEqual(
      expect.arrayContaining([{ name: 'attr1', value: 'att1value\n\nline1\nline2', hidden: false }]),
    );
  });
});
