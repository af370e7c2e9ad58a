import { TOTP_NO_QR_MESSAGE, TOTP_QR_NOT_A_KEY_MESSAGE } from '@coffer/core';

/** RGBA pixels of an image, as a canvas gives them. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

// A phone screenshot is about 1200×2600; larger images are scaled down, which keeps jsQR quick and
// still leaves a QR code that fills a tenth of the width at several pixels per module.
const MAX_SIDE = 2048;

/**
 * The text of the QR code in the pixels, or null. Both polarities are tried: a screenshot in a dark
 * theme shows the code light on dark. jsQR (about 40 kB gzipped) loads only when a screenshot is chosen.
 */
export async function decodeQrPixels({ data, width, height }: Pixels): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The authenticator key of a QR code's text, or the message saying it holds none. */
export function totpFromQrText(
  text: string | null,
): { ok: true; totp: string } | { ok: false; error: string } {
  if (text === null) return { ok: false, error: TOTP_NO_QR_MESSAGE };
  const totp = text.trim();
  return /^otpauth:\/\//i.test(totp) ? { ok: true, totp } : { ok: false, error: TOTP_QR_NOT_A_KEY_MESSAGE };
}

/** Draws an image file on a canvas and reads its pixels, in this browser only (nothing is uploaded). */
async function readPixels(file: Blob): Promise<Pixels | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    // Not an image the browser can decode.
    return null;
  }
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return { data: context.getImageData(0, 0, width, height).data, width, height };
  } finally {
    bitmap.close();
  }
}

/** Reads the authenticator key from a screenshot of its QR code, or the message saying why not. */
export async function readTotpFromImage(
  file: Blob,
): Promise<{ ok: true; totp: string } | { ok: false; error: string }> {
  const pixels = await readPixels(file);
  return totpFromQrText(pixels ? await decodeQrPixels(pixels) : null);
}
