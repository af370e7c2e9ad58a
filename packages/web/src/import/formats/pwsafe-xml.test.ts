import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import { ImportError } from '../import-error.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('Password Safe XML', () => {
  it('reads the test vault into groups nested with dots', async () => {
    const file = await parseExport(sampleText('pwsafe-xml', 'pwsafe.xml'));
    expect(file.format).toBe('pwsafe-xml');
    expect(file.items).toHaveLength(14);
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('aib')).toMatchObject({
      sourceId: '66ade93b8f264e46520794c5f97aed91',
      username: 'dpbx@fner.ws',
      urls: ['https://onlinebanking.aib.ie'],
      container: ['Bank'],
      updatedAt: '2017-01-01T00:00:00.000Z',
    });
    expect(byTitle.get('dpbx@mnyfymt.ws')?.container).toEqual(['Emails', 'WS']);
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
  });

  it('keeps notes with their line breaks, the e-mail and the password history, newest first', async () => {
    const file = await parseExport(sampleText('pwsafe-xml', 'pwsafe.xml'));
    const note = file.items.find((item) => item.title === 'note');
    expect(note?.notes).toBe(
      'This is a multiline note entry. Cube shank petroleum guacamole dart mower\nacutely slashing upper cringing lunchbox tapioca wrongful unbeaten sift.',
    );
    expect(note?.username).toBe('someuser@example.com');
    expect(note?.passwordHistory.map((past) => past.password)).toEqual([
      '&a<H{P*y0,R3',
      'fhZR.aQc)r{!',
      '123test',
    ]);
    expect(note?.passwordHistory[0]?.changedAt).toBe('2017-01-01T00:00:00.000Z');
  });

  it('agrees with the Bitwarden reading where it holds the same entries', async () => {
    const file = await parseExport(sampleText('pwsafe-xml', 'pwsafe.xml'));
    const logins = (items: readonly SourceItem[]) =>
      credentials(items.filter((item) => item.password !== ''));
    expect(logins(file.items)).toEqual(logins(reference));
  });

  it('a dotted group name, further elements as fields; a broken file is damaged', async () => {
    const file = await parseExport(
      '<?xml version="1.0"?><passwordsafe delimiter="»"><entry id="1"><group>Work.Lab\\.2</group><title>Box</title>' +
        '<password>0012</password><runcommand>ssh box</runcommand><ctimex>2020-01-02T03:04:05</ctimex></entry></passwordsafe>',
    );
    expect(file.items[0]).toMatchObject({
      container: ['Work', 'Lab.2'],
      password: '0012',
      fields: [{ name: 'Run command', value: 'ssh box', hidden: false }],
      createdAt: '2020-01-02T03:04:05.000Z',
    });
    await expect(parseExport('<passwordsafe><entry><title>x</entry>')).rejects.toBeInstanceOf(ImportError);
  });
});
