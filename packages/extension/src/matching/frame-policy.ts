// Which frame of a tab may receive a secret. The top frame's origin is what the user sees in the address
// bar; a frame of the same origin is part of that page (its own URL must match the secret: an 'exact'
// rule may name the frame's path rather than the page's). A frame of another origin is never filled
// silently: the popup must ask, naming the frame's origin, and only when both the page and the frame
// match the secret (a login frame of accounts.example.com inside www.example.com). A frame that does not
// match the secret, or sits in a page of another origin that does not, is never offered it.
import type { SecretUrl } from '@coffer/core';
import { matchSecret } from './match-secret.js';
import { originOf, readPageAddress } from './web-address.js';

/** 'yes': fill; 'ask': fill only after the user confirms, shown the frame's origin; 'no': never. */
export type FrameDecision = 'yes' | 'ask' | 'no';

export function frameMayReceive(topUrl: string, frameUrl: string, urls: readonly SecretUrl[]): FrameDecision {
  const top = readPageAddress(topUrl);
  const frame = readPageAddress(frameUrl);
  if (!top || !frame) return 'no';
  if (!matchSecret(frameUrl, urls)) return 'no';
  if (originOf(top) === originOf(frame)) return 'yes';
  return matchSecret(topUrl, urls) ? 'ask' : 'no';
}

/** The origin to name when the popup asks about a frame ("https://accounts.example.com"), or null. */
export function frameOriginOf(frameUrl: string): string | null {
  const frame = readPageAddress(frameUrl);
  return frame ? originOf(frame) : null;
}
