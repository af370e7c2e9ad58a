// Matching a page against secrets' URLs (issue 29): pure functions, no browser API, used by the
// service worker, the popup and the page side's last check before a fill.
export { type FrameDecision, frameMayReceive, frameOriginOf } from './frame-policy.js';
export { closer, MATCH_KINDS, type MatchKind, matchSecret, type UrlMatch } from './match-secret.js';
export { type RankableSecret, type RankedSecret, rankSecrets } from './rank-secrets.js';
export { type HeldCredential, type SaveOffer, saveOfferFor } from './save-offer.js';
export { secretUrlsOf } from './secret-urls.js';
export {
  originOf,
  readPageAddress,
  readSavedAddress,
  siteOf,
  type WebAddress,
  type WebScheme,
} from './web-address.js';
