import { bytesToBase64, utf8Encode } from '@coffer/core';

/**
 * The server's QR code SVG as a data: URL for an <img>. The CSP allows images from data: but no
 * inline markup or script, and an SVG shown through <img> never runs scripts.
 */
export function toSvgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${bytesToBase64(utf8Encode(svg))}`;
}
