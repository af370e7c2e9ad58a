import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { CLEAR_URL_MESSAGE } from '../../services/secrets/secret-input.js';

/**
 * preValidation hook: a secret's URL lives only inside its encrypted payload (crypto.md), so a body
 * that carries `secret.url` is refused with a 400 rather than silently dropped: the client has a bug
 * that would otherwise leak the address to the server.
 */
export async function refuseClearUrl(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('secret' in body)) return;
  refuseUrlIn((body as { secret: unknown }).secret);
}

/** The same for each item of a bulk create (`secrets`), naming the item refused. */
export async function refuseClearUrls(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('secrets' in body)) return;
  const secrets = (body as { secrets: unknown }).secrets;
  if (!Array.isArray(secrets)) return;
  for (const [index, secret] of secrets.entries()) {
    try {
      refuseUrlIn(secret);
    } catch (error) {
      throw error instanceof AppError ? error.atIndex(index) : error;
    }
  }
}

function refuseUrlIn(secret: unknown): void {
  if (typeof secret === 'object' && secret !== null && 'url' in secret) {
    throw AppError.validation(CLEAR_URL_MESSAGE);
  }
}
