import { TOTP_NO_QR_MESSAGE, TOTP_QR_NOT_A_KEY_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { decodeQrPixels, totpFromQrText } from './qr-image.js';
import { qrPixels } from './qr-test-pixels.js';

const URI = 'otpauth://totp/ACME:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME&digits=8';

describe('reading a QR code screenshot', () => {
  it('decodes an otpauth URI from the pixels of its QR code', async () => {
    expect(await decodeQrPixels(qrPixels(URI))).toBe(URI);
    expect(totpFromQrText(await decodeQrPixels(qrPixels(URI)))).toEqual({ ok: true, totp: URI });
  });

  it('decodes a code shown light on dark (a dark-theme screenshot)', async () => {
    expect(await decodeQrPixels(qrPixels(URI, { inverted: true }))).toBe(URI);
  });

  it('finds no code in a blank image, and says so', async () => {
    const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 };
    expect(await decodeQrPixels(blank)).toBeNull();
    expect(totpFromQrText(null)).toEqual({ ok: false, error: TOTP_NO_QR_MESSAGE });
  });

  it('refuses a QR code that holds something else than an authenticator key', async () => {
    expect(totpFromQrText(await decodeQrPixels(qrPixels('https://example.com/login')))).toEqual({
      ok: false,
      error: TOTP_QR_NOT_A_KEY_MESSAGE,
    });
  });
});
