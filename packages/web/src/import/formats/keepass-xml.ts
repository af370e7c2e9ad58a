import { ImportError } from '../import-error.js';
import type { SourceFile } from '../source-item.js';
import type { FileSample, ImportFormat } from './import-format.js';

/** KeePass 2's XML export (unprotected: every value in the clear). */
export const keePassXml: ImportFormat = {
  id: 'keepass-xml',
  name: 'KeePass 2 (xml)',
  detect: ({ text }) => /^\s*(<\?xml[^>]*\?>\s*)?<KeePassFile[\s>]/.test(text.replace(/^\uFEFF/, '')),
  async parse(sample: FileSample): Promise<SourceFile> {
    // kdbxweb (and the KeePass mapping) is loaded only for a KeePass XML, not for the other XML formats.
    const [{ default: kdbxweb }, { keePassSourceFile }] = await Promise.all([
      import('kdbxweb'),
      import('./keepass-database.js'),
    ]);
    try {
      const db = await kdbxweb.Kdbx.loadXml(sample.text, new kdbxweb.Credentials(null));
      return keePassSourceFile(db, keePassXml.id);
    } catch {
      throw new ImportError('damaged', 'The KeePass XML file is damaged.');
    }
  },
};
