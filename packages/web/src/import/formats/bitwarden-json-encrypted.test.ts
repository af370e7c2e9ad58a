import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { ImportError } from '../import-error.js';

const FOLDER = 'bitwarden-json-encrypted';
const PBKDF2_SAMPLE = 'keepassxc-bitwarden_encrypted_export.json';
const ARGON2_SAMPLE = 'keepassxc-bitwarden_encrypted_argon2id_export.json';

const KEEPASSXC_LOGIN = {
  kind: 'login',
  title: 'KeePassXC',
  username: 'keepassxc',
  password: 'TYsbQUyeD3qrav',
  urls: ['https://keepassxc.org', 'https://github.com/keepassxreboot/keepassxc'],
  notes: 'KeePassXC password manager',
  totp: 'fsfsfsfsefefef',
  favourite: true,
  container: [],
  sourceId: '4952bb03-05ac-433f-bade-af7e017b0cc3',
};

async function refusal(input: string, password?: string): Promise<ImportError> {
  return parseExport(input, password === undefined ? {} : { password }).then(
    () => {
      throw new Error('the file was read');
    },
    (error: ImportError) => error,
  );
}

function edited(file: string, change: (json: Record<string, unknown>) => void): string {
  const json = JSON.parse(sampleText(FOLDER, file)) as Record<string, unknown>;
  change(json);
  return JSON.stringify(json);
}

describe('Bitwarden password-protected JSON', () => {
  it('opens a PBKDF2-SHA256 export with its password and reads it as Bitwarden JSON', async () => {
    const file = await parseExport(sampleText(FOLDER, PBKDF2_SAMPLE), { password: 'a' });
    expect(file.format).toBe('bitwarden-json-encrypted');
    expect(file.problems).toEqual([]);
    expect(file.items).toHaveLength(1);
    expect(file.items[0]).toMatchObject(KEEPASSXC_LOGIN);
  });

  it('opens an Argon2id export with its password, keeping the dates', async () => {
    const file = await parseExport(sampleText(FOLDER, ARGON2_SAMPLE), { password: 'a' });
    expect(file.items).toHaveLength(1);
    expect(file.items[0]).toMatchObject({
      ...KEEPASSXC_LOGIN,
      createdAt: '2023-01-02T23:00:04.606Z',
      updatedAt: '2023-05-21T18:32:28.103Z',
    });
  });

  it('asks for the password, and says a wrong one is wrong (both key derivations)', async () => {
    expect((await refusal(sampleText(FOLDER, PBKDF2_SAMPLE))).kind).toBe('needs-password');
    const wrong = await refusal(sampleText(FOLDER, PBKDF2_SAMPLE), 'b');
    expect(wrong.kind).toBe('wrong-password');
    expect(wrong.message).toBe('The password is not right for this file.');
    expect((await refusal(sampleText(FOLDER, ARGON2_SAMPLE), 'b')).kind).toBe('wrong-password');
  });

  it('calls a file whose data was altered damaged, not its password wrong', async () => {
    const altered = edited(PBKDF2_SAMPLE, (json) => {
      const [iv, data, mac] = String(json.data).split('|');
      json.data = [iv, `${data?.startsWith('A') ? 'B' : 'A'}${data?.slice(1)}`, mac].join('|');
    });
    const error = await refusal(altered, 'a');
    expect(error.kind).toBe('damaged');
    expect(error.message).toBe('The Bitwarden export is damaged: its data cannot be decrypted.');
  });

  it('refuses key derivation settings beyond Bitwarden’s own limits before deriving anything', async () => {
    const costly = [
      edited(PBKDF2_SAMPLE, (json) => {
        json.kdfIterations = 2_000_001;
      }),
      edited(ARGON2_SAMPLE, (json) => {
        json.kdfMemory = 1025;
      }),
      edited(ARGON2_SAMPLE, (json) => {
        json.kdfIterations = 11;
      }),
      edited(ARGON2_SAMPLE, (json) => {
        json.kdfParallelism = 17;
      }),
    ];
    for (const input of costly) {
      const started = Date.now();
      expect((await refusal(input, 'a')).kind).toBe('too-large');
      expect(Date.now() - started).toBeLessThan(200);
    }
  });

  it('calls unreadable settings damaged', async () => {
    const broken = [
      edited(PBKDF2_SAMPLE, (json) => {
        json.kdfType = 7;
      }),
      edited(PBKDF2_SAMPLE, (json) => {
        json.kdfIterations = -1;
      }),
      edited(PBKDF2_SAMPLE, (json) => {
        json.salt = '';
      }),
      edited(PBKDF2_SAMPLE, (json) => {
        json.data = '2.not base64|x|y';
      }),
    ];
    for (const input of broken) expect((await refusal(input, 'a')).kind).toBe('damaged');
  });

  it('says an account-restricted export only opens in its Bitwarden account', async () => {
    const accountRestricted = JSON.stringify({
      encrypted: true,
      encKeyValidation_DO_NOT_EDIT: '2.AAAAAAAAAAAAAAAAAAAAAA==|AAAAAAAAAAAAAAAAAAAAAA==|AAAA',
      folders: [],
      items: [{ id: 'a', type: 1, name: '2.AAAA|BBBB|CCCC' }],
    });
    const error = await refusal(accountRestricted, 'a');
    expect(error.kind).toBe('unknown-format');
    expect(error.message).toMatch(/^This Bitwarden export is account restricted/);
  });
});
