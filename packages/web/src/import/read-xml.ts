import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ImportError } from './import-error.js';

/** An XML element as fast-xml-parser gives it: attributes as `@_name`, text as `#text`, children by name. */
export type XmlNode = Record<string, unknown>;

/**
 * Reads an XML export into plain objects. Values stay text exactly as written (a password "0012" is
 * not a number, surrounding spaces are kept); the elements named in `repeated` are always lists, so a
 * file with one entry reads like a file with many. A file that is not well-formed is said to be damaged.
 */
export function readXml(text: string, repeated: readonly string[]): XmlNode {
  const body = text.replace(/^\uFEFF/, '');
  if (XMLValidator.validate(body) !== true)
    throw new ImportError(
      'damaged',
      'The file looks like XML but cannot be read: it may be cut short or damaged.',
    );
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => repeated.includes(name),
  });
  try {
    return parser.parse(body) as XmlNode;
  } catch {
    throw new ImportError(
      'damaged',
      'The file looks like XML but cannot be read: it may be cut short or damaged.',
    );
  }
}

/** An element's text: its own text, or its `#text` when it also has attributes; else empty. */
export function xmlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return xmlText((value as XmlNode)['#text']);
  return '';
}

/** Whether a file's text starts (after any declaration, processing instructions or comments) with this root element. */
export function startsWithElement(text: string, root: string): boolean {
  const head = text.replace(/^\uFEFF/, '').slice(0, 4096);
  const skipped = head.replace(/^\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*)*/, '');
  return new RegExp(`^<${root}[\\s>/]`).test(skipped);
}
