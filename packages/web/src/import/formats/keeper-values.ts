import { containerPath } from '../source-item.js';

// What Keeper's CSV and JSON exports read alike, without the CSV reader (keeper-json.ts needs none).

/** Custom fields Keeper's exports do not mark: secret by their name (a PIN, a key, an account number). */
export const KEEPER_CONCEALED = /password|secret|pin|code|key|number/i;

/** A Keeper folder path: nested with backslashes (Keeper's) or slashes (as pass-import writes it). */
export function keeperPath(path: string): string[] {
  return containerPath(path.replaceAll('\\', '/'));
}
