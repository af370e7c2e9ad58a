// Turning the index's JSON into the few bytes a popup reads back fast: deflated before it is
// sealed (its URLs, names and keys repeat a great deal), and base64 with the platform's own codec
// where it has one (Chromium 140+, Firefox 133+): decoding megabytes a character at a time cost a
// popup hundreds of milliseconds. Nothing here checks the bytes: AES-GCM authenticates them.

type Base64Codec = {
  fromBase64?: (text: string) => Uint8Array<ArrayBuffer>;
};
type WithToBase64 = Uint8Array & { toBase64?: () => string };

const CHUNK = 0x8000;

/** Bytes as standard base64. */
export function toBase64(bytes: Uint8Array): string {
  const native = (bytes as WithToBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

/** Standard base64 as bytes; throws on text that is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as Base64Codec).fromBase64;
  if (typeof native === 'function') return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

// Written straight into the transform: a Blob's stream would read its bytes back through the
// browser's blob storage, a round trip per chunk that a busy machine makes slow.
async function pipe(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream) {
  const writer = transform.writable.getWriter();
  const written = writer.write(bytes).then(() => writer.close());
  const [out] = await Promise.all([new Response(transform.readable).arrayBuffer(), written]);
  return new Uint8Array(out);
}

/** Raw DEFLATE (the platform's CompressionStream). */
export function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return pipe(bytes, new CompressionStream('deflate-raw'));
}

/** Undoes deflate; throws on bytes that are not raw DEFLATE. */
export function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return pipe(bytes, new DecompressionStream('deflate-raw'));
}
