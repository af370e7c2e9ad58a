import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleFolderZip } from '../../test/import-samples.js';
import { detectFormat, parseExport, sampleOf } from '../detect-format.js';
import { ImportError } from '../import-error.js';
import { base64Bytes } from './opvault-crypto.js';

// keepassxc's test vault (KeePassXC's OPVault reader reads the same one), zipped as a user would.
const vault = sampleFolderZip('1password-opvault', 'keepassxc.opvault', 'default');
const file = await parseExport(vault, { password: 'a' });
const byTitle = (title: string) => file.items.find((item) => item.title === title);

async function refusal(input: Uint8Array, password?: string): Promise<ImportError> {
  const error = await parseExport(input, password === undefined ? {} : { password }).catch((e) => e);
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe('1Password OPVault', () => {
  it('is detected from the zipped folder and asks for its password', async () => {
    expect((await detectFormat(sampleOf(vault))).format.id).toBe('1password-opvault');
    expect(await refusal(vault)).toMatchObject({
      kind: 'needs-password',
      message: 'This file is protected: give its password.',
    });
    expect(await refusal(vault, 'b')).toMatchObject({
      kind: 'wrong-password',
      message: 'The password is not right for this file.',
    });
  });

  it('reads every item, the trashed one skipped and counted', () => {
    expect(file.format).toBe('1password-opvault');
    expect(file.problems).toEqual([]);
    expect(file.skipped).toEqual({ trashed: 1, notASecret: 0 });
    expect(file.items.map((item) => [item.title, item.kind])).toEqual([
      ['Secure Note', 'note'],
      ['Complex Password', 'login'],
      ['KeePassXC', 'login'],
      ['KeePassXC Server', 'other'],
      ['My Credit Card', 'card'],
      ['Expired Login', 'login'],
      ['Team KeePassXC', 'identity'],
    ]);
    expect(file.items.every((item) => item.container.length === 0)).toBe(true);
  });

  it('reads a login field by field: URLs, notes, TOTP, times and its file', () => {
    const login = byTitle('KeePassXC');
    expect(login).toMatchObject({
      sourceId: '30B6513EE64B4DFE9C47EC2F257CE296',
      username: 'keepassxc',
      password: 'opvault',
      urls: ['https://www.keepassxc.org', 'https://snapshot.keepassxc.org'],
      notes: 'KeePassXC Account',
      totp: 'JBSWY3DPEHPK3PXP',
      fields: [],
      createdAt: '2020-04-18T14:10:27.000Z',
      updatedAt: '2020-04-19T14:15:37.000Z',
    });
    expect(login?.attachments.map((a) => [a.name, new TextDecoder().decode(a.data)])).toEqual([
      ['attachment.txt', 'attachment'],
    ]);
    expect(byTitle('Complex Password')).toMatchObject({
      password: 'HfgcHjEL}iO}^3N!?*cv~O:9GJZQ0>oC',
      totp: 'otpauth://totp/KeePassXC:team@keepassxc.org?secret=JBSWY3DPEHPK3PXP&digits=8&period=45&algorithm=sha256',
    });
    expect(byTitle('Expired Login')).toMatchObject({
      username: 'expired',
      password: '1234',
      fields: [{ name: 'Expiration: expires', value: '2017-11-01T12:01:00.000Z', hidden: false }],
    });
  });

  it('keeps a card’s, a server’s and a note’s values as fields, the secret ones hidden', () => {
    expect(byTitle('My Credit Card')?.fields).toEqual([
      { name: 'cardholder name', value: 'Team KeePassXC', hidden: false },
      { name: 'type', value: 'visa', hidden: false },
      { name: 'number', value: '1234567890', hidden: true },
      { name: 'verification number', value: '123', hidden: true },
      { name: 'expiry date', value: '12/2020', hidden: false },
      { name: 'valid from', value: '11/2017', hidden: false },
      { name: 'Contact Information: issuing bank', value: 'KPXC', hidden: false },
      { name: 'Contact Information: phone (local)', value: '123-456-7890', hidden: false },
      { name: 'Contact Information: website', value: 'https://keepassxc.org', hidden: false },
      { name: 'Additional Details: PIN', value: '1234', hidden: true },
      { name: 'Additional Details: credit limit', value: '$100', hidden: false },
      { name: 'Additional Details: interest rate', value: '20%', hidden: false },
    ]);
    expect(byTitle('KeePassXC Server')?.fields).toContainEqual({
      name: 'Admin Console: console password',
      value: '1234',
      hidden: true,
    });
    expect(byTitle('Secure Note')).toMatchObject({
      notes: 'This is a secure note',
      fields: [{ name: 'Custom Section: details', value: 'this note has details', hidden: false }],
    });
    expect(byTitle('Team KeePassXC')?.fields).toContainEqual({
      name: 'Address: address',
      value: 'street: 123 Password Lane\ncity: Encrypted\nstate: NY\nzip: 10050',
      hidden: false,
    });
  });

  it('reads nested folders (sealed with the overview key); smart folders are not places', async () => {
    const entries = unzipSync(vault);
    const overview = await overviewKeyBytes(entries, 'a');
    const sealedTitle = async (title: string) =>
      seal(new TextEncoder().encode(JSON.stringify({ title })), overview);
    const folders = {
      F1: { uuid: 'F1', overview: await sealedTitle('Work') },
      F2: { uuid: 'F2', parent: 'F1', overview: await sealedTitle('Servers') },
      F3: { uuid: 'F3', smart: true, overview: await sealedTitle('Recent') },
    };
    const bandName = 'keepassxc.opvault/default/band_4.js';
    const band = new TextDecoder().decode(entries[bandName]);
    entries['keepassxc.opvault/default/folders.js'] = new TextEncoder().encode(
      `loadFolders(${JSON.stringify(folders)});`,
    );
    entries[bandName] = new TextEncoder().encode(
      band.replace('"category":"110"', '"category":"110","folder":"F2"'),
    );
    const filed = await parseExport(zipSync(entries), { password: 'a' });
    expect(filed.items.find((item) => item.title === 'KeePassXC Server')?.container).toEqual([
      'Work',
      'Servers',
    ]);
    expect(filed.items.filter((item) => item.container.length > 0)).toHaveLength(1);
  });

  it('names an item that cannot be decrypted as a problem and reads the others', async () => {
    const entries = unzipSync(vault);
    const bandName = 'keepassxc.opvault/default/band_A.js';
    const band = new TextDecoder().decode(entries[bandName]);
    // The item's sealed key altered: its HMAC no longer holds.
    entries[bandName] = new TextEncoder().encode(
      band.replace(/"k":"(.)/, (_, first) => `"k":"${first === 'A' ? 'B' : 'A'}`),
    );
    const altered = await parseExport(zipSync(entries), { password: 'a' });
    expect(altered.problems).toEqual([
      { ref: 'item A6C49CAF606248828E33F0938FCEFF5C', message: 'This item cannot be decrypted.' },
    ]);
    expect(altered.items).toHaveLength(6);
  });

  it('refuses a profile asking for more key derivation than a tab should do, before deriving', async () => {
    const entries = unzipSync(vault);
    const profileName = 'keepassxc.opvault/default/profile.js';
    const profile = new TextDecoder().decode(entries[profileName]);
    entries[profileName] = new TextEncoder().encode(
      profile.replace('"iterations":100000', '"iterations":900000000'),
    );
    expect(await refusal(zipSync(entries), 'a')).toMatchObject({ kind: 'too-large' });
  });
});

// The overview key's raw bytes, as the reader derives them, for sealing test folders with it.
async function overviewKeyBytes(entries: Record<string, Uint8Array>, password: string): Promise<Uint8Array> {
  const content = new TextDecoder().decode(entries['keepassxc.opvault/default/profile.js']);
  const profile = JSON.parse(content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1));
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const derived = new Uint8Array(
    await crypto.subtle.deriveBits(
      {
        name: 'PBKDF2',
        hash: 'SHA-512',
        salt: base64Bytes(profile.salt) ?? new Uint8Array(),
        iterations: profile.iterations,
      },
      base,
      512,
    ),
  );
  const blob = base64Bytes(profile.overviewKey) ?? new Uint8Array();
  const key = await crypto.subtle.importKey('raw', derived.slice(0, 32), 'AES-CBC', false, ['decrypt']);
  const body = blob.slice(32, blob.length - 32);
  // The overview key's plaintext is block-aligned (256 bytes after 16 of padding): WebCrypto's own
  // padding check is met by decrypting all but the HMAC with one padding block of its own.
  const padded = await crypto.subtle.encrypt(
    { name: 'AES-CBC', iv: body.slice(body.length - 16) },
    await crypto.subtle.importKey('raw', derived.slice(0, 32), 'AES-CBC', false, ['encrypt']),
    new Uint8Array(),
  );
  const whole = new Uint8Array(body.length + 16);
  whole.set(body);
  whole.set(new Uint8Array(padded), body.length);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-CBC', iv: blob.slice(16, 32) }, key, whole),
  );
  const length = new DataView(blob.buffer).getUint32(8, true);
  return new Uint8Array(await crypto.subtle.digest('SHA-512', plain.slice(plain.length - length)));
}

// An opdata01 blob (base64) of the plaintext under a raw 64-byte key pair: random padding first.
async function seal(plain: Uint8Array, keys: Uint8Array): Promise<string> {
  const padding = crypto.getRandomValues(new Uint8Array(16 - (plain.length % 16)));
  const padded = new Uint8Array(padding.length + plain.length);
  padded.set(padding);
  padded.set(plain, padding.length);
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey('raw', keys.slice(0, 32), 'AES-CBC', false, ['encrypt']);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, padded)).slice(
    0,
    padded.length,
  );
  const body = new Uint8Array(32 + cipher.length);
  body.set(new TextEncoder().encode('opdata01'));
  new DataView(body.buffer).setUint32(8, plain.length, true);
  body.set(iv, 16);
  body.set(cipher, 32);
  const macKey = await crypto.subtle.importKey(
    'raw',
    keys.slice(32, 64),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', macKey, body));
  const blob = new Uint8Array(body.length + mac.length);
  blob.set(body);
  blob.set(mac, body.length);
  return btoa(String.fromCharCode(...blob));
}
