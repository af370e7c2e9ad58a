// Test helper: a QR code drawn as RGBA pixels (what a canvas would give for a screenshot of it).
import QRCode from 'qrcode';
import type { Pixels } from './qr-image.js';

/** `text` as a QR code, `scale` pixels per module, with the 4-module quiet zone; dark on light or inverted. */
export function qrPixels(text: string, { scale = 4, inverted = false } = {}): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      const dark = inside && modules.get(row, column) === 1;
      const shade = dark !== inverted ? 0 : 255;
      const offset = (y * side + x) * 4;
      data[offset] = shade;
      data[offset + 1] = shade;
      data[offset + 2] = shade;
      data[offset + 3] = 255;
    }
  }
  return { data, width: side, height: side };
}
