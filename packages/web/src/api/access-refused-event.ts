import { createEvent } from '../lib/create-event.js';

/**
 * Fired by the API client for every 403, with the path asked. A refusal often means the session's
 * picture of its roles is out of date (ownership moved, the administrator flag was taken away in
 * another browser), so the shell refetches the profile (app/use-profile-freshness.ts).
 */
export const accessRefused = createEvent<string>();
