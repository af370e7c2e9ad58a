// The toolbar icon, drawn here rather than kept as binary files: a blue rounded square with a white
// keyhole, as an RGBA PNG of the asked size (node:zlib does the compression).
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function pixel(size, x, y) {
  const u = (x + 0.5) / size;
  const v = (y + 0.5) / size;
  const r = 0.2;
  const dx = Math.max(r - u, u - (1 - r), 0);
  const dy = Math.max(r - v, v - (1 - r), 0);
  if (dx * dx + dy * dy > r * r) return [0, 0, 0, 0];
  const inHole =
    (u - 0.5) ** 2 + (v - 0.42) ** 2 < 0.012 || (Math.abs(u - 0.5) < 0.05 && v > 0.42 && v < 0.72);
  return inHole ? [255, 255, 255, 255] : [47, 111, 222, 255];
}

/** A PNG of `size` × `size` pixels. */
export function drawIcon(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...pixel(size, x, y));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
