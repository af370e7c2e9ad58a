import {
  INVALID_SERVER_URL_MESSAGE,
  NOT_COFFER_MESSAGE,
  SERVER_UNREACHABLE_MESSAGE,
} from './session-messages.js';

/** A server address the user typed, checked: its origin, or why it cannot be used. */
export type ServerProbe = { ok: true; origin: string } | { ok: false; message: string };

/** The origin of a typed address (https assumed when no scheme is given), or null when it is not one. */
export function serverOrigin(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Asks the server's health check before anything else is sent: a Coffer server answers
 * `{status, database}` as JSON. Nothing about the user travels with it.
 */
export async function probeServer(input: string, fetchImpl: typeof fetch = fetch): Promise<ServerProbe> {
  const origin = serverOrigin(input);
  if (!origin) return { ok: false, message: INVALID_SERVER_URL_MESSAGE };
  let response: Response;
  try {
    response = await fetchImpl(`${origin}/healthz`, { headers: { Accept: 'application/json' } });
  } catch {
    return { ok: false, message: SERVER_UNREACHABLE_MESSAGE };
  }
  const body: unknown = await response.json().catch(() => null);
  const isCoffer = typeof body === 'object' && body !== null && 'status' in body && 'database' in body;
  return isCoffer ? { ok: true, origin } : { ok: false, message: NOT_COFFER_MESSAGE };
}
