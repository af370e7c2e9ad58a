// The items an import-throughput run imports: logins as a password manager exports them (a title, a
// username, a random 16-character password, a URL, a short note), each round's titles its own so no
// round finds an earlier one's secrets to match.
import { type SourceFile, sourceItem } from '@coffer/web-src/import/source-item.js';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%&*+-=?';

function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** `count` logins at the source's top level, read as a Bitwarden JSON file would give them. */
export function generatedSource(count: number, round: string): SourceFile {
  const items = Array.from({ length: count }, (_unused, index) =>
    sourceItem(`item ${index + 1}`, {
      sourceId: `${round}-${index}`,
      title: `Service ${round} ${index}`,
      username: `ops-${index}@example.com`,
      password: randomPassword(),
      urls: [`https://service-${index}.example.com/login`],
      notes: `Account ${index} of the ${round} import; rotated every quarter.`,
    }),
  );
  return { format: 'bitwarden-json', items, skipped: { trashed: 0, notASecret: 0 }, problems: [] };
}
