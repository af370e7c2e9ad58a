import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('RoboForm CSV', () => {
  it('reads the test vault (older Rf_fields export) into its folders', async () => {
    const file = await parseExport(sampleText('roboform-csv', 'roboform.csv'));
    expect(file.format).toBe('roboform-csv');
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('dpbx@mnyfymt.ws')).toMatchObject({
      container: ['Emails', 'WS'],
      urls: ['https://mail.mnyfymt.ws'],
      fields: [],
    });
    expect(byTitle.get('note')).toMatchObject({ kind: 'note', container: ['CornerCases'] });
  });

  it('the newer export: folders, and form fields that repeat the login left out', async () => {
    const file = await parseExport(sampleText('roboform-csv', 'bitwarden-with-folders.csv'));
    expect(file.items[1]).toMatchObject({
      title: 'Test',
      username: 'test@gmail.com',
      password: ':testPassword',
      urls: ['https://www.test.com/'],
      notes: 'test',
      container: ['folder1'],
      fields: [],
    });
    expect(file.items.map((item) => item.container)).toEqual([
      ['folder1'],
      ['folder1'],
      ['folder2'],
      ['folder3'],
      [],
    ]);
    expect(file.items[4]).toMatchObject({
      kind: 'note',
      title: 'note - 2023-03-31',
      notes: 'This is a safe note',
    });
  });

  it('keeps a form field of its own, a concealed one hidden', async () => {
    const file = await parseExport(
      'Name,Url,MatchUrl,Login,Pwd,Note,Folder,RfFieldsV2\n' +
        'Bank,https://bank.example,https://bank.example/login,ann,pw,,/Money,"User ID$,,,txt,ann","Password$,,,pwd,pw","PIN$,,,pwd,12,34","Branch$,,,txt,North"\n',
    );
    expect(file.items[0]).toMatchObject({
      urls: ['https://bank.example', 'https://bank.example/login'],
      container: ['Money'],
      fields: [
        { name: 'PIN', value: '12,34', hidden: true },
        { name: 'Branch', value: 'North', hidden: false },
      ],
    });
  });
});
