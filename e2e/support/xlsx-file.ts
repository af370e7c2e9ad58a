import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

// Reads what the owner's export wrote, with nothing but Node: an .xlsx file is a zip archive of XML.

/** The files of a zip archive by path (stored or deflated entries, as spreadsheet writers make them). */
export function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip archive');
  const entries = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < entries; index += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('Broken central directory');
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(dataStart, dataStart + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const decodeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replaceAll('&amp;', '&');

/** A workbook read back: its sheets in order, each with its rows of cell texts and its column widths. */
export interface Workbook {
  sheets: Map<string, { rows: string[][]; widths: number[] }>;
}

/** Reads an .xlsx file: sheet names from the workbook, cells from shared or inline strings. */
export async function readWorkbook(path: string): Promise<Workbook> {
  const files = unzip(await readFile(path));
  const text = (name: string) => files.get(name)?.toString('utf8') ?? '';
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>(.*?)<\/si>/gs)].map((item) =>
    decodeXml([...(item[1] ?? '').matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((part) => part[1]).join('')),
  );
  const relations = new Map(
    [...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship [^>]*>/g)].map((match) => [
      /Id="([^"]+)"/.exec(match[0])?.[1] ?? '',
      /Target="([^"]+)"/.exec(match[0])?.[1] ?? '',
    ]),
  );
  const sheets = new Map<string, { rows: string[][]; widths: number[] }>();
  for (const match of text('xl/workbook.xml').matchAll(/<sheet [^>]*\/?>/g)) {
    const name = decodeXml(/name="([^"]*)"/.exec(match[0])?.[1] ?? '');
    const target = relations.get(/r:id="([^"]+)"/.exec(match[0])?.[1] ?? '') ?? '';
    const xml = text(`xl/${target.replace(/^\/?xl\//, '')}`);
    const rows = [...xml.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((row) =>
      [...(row[1] ?? '').matchAll(/<c ([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map(
        ([, attributes = '', inner = '']) => {
          if (/\bt="s"/.test(attributes)) return shared[Number(/<v>(.*?)<\/v>/s.exec(inner)?.[1])] ?? '';
          return decodeXml(/<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? /<v>(.*?)<\/v>/s.exec(inner)?.[1] ?? '');
        },
      ),
    );
    const widths = [...xml.matchAll(/<col [^>]*width="([\d.]+)"/g)].map((width) => Number(width[1]));
    sheets.set(name, { rows, widths });
  }
  return { sheets };
}
