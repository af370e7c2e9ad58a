import kdbxweb from 'kdbxweb';
import { ImportError } from '../import-error.js';
import type { SourceFile } from '../source-item.js';
import type { FileSample, ImportFormat } from './import-format.js';
import { keePassSourceFile } from './keepass-database.js';

/** KeePass 2's XML export (unprotected: every value in the clear). */
export const keePassXml: ImportFormat = {
  id: 'keepass-xml',
  name: 'KeePass 2 (xml)',
  detect: ({ text }) => /^\s*(<\?xml[^>]*\?>\s*)?<KeePassFile[\s>]/.test(text.replace(/^\uFEFF/, '')),
  async parse(sample: FileSample): Promise<SourceFile> {
    try {
      const db = await kdbxweb.Kdbx.loadXml(sample.text, new kdbxweb.Credentials(null));
      return keePassSourceFile(db, keePassXml.id);
    } catch {
      throw new ImportError('damaged', 'The KeePass XML file is damaged.');
    }
  },
};
