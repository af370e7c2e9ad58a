import { secretAddress } from '@coffer/web/navigation/paths.js';

/**
 * Where 'Open in Coffer' goes: the web app's address of one secret on the session's server (its
 * dashboard with that secret's viewer open; the web app signs in first when it must, then returns
 * there). The URL carries the secret's id and nothing else.
 */
export function secretWebAppAddress(server: string, secretId: string): string {
  return new URL(secretAddress(secretId), server).href;
}
