import { activeUser } from '@coffer/core';
import { sessionCleared } from '../lib/clear-session.js';
import { createStore } from '../lib/create-store.js';
import { trustLogStore } from '../trust-log/trust-log-store.js';
import { createRunLock } from './run-lock.js';
import { type SignOlderProgress, signOlderSecrets } from './sign-older-secrets.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/*
 * The signing of older secrets in an administrator's browser (sign-older-secrets.ts), in the background
 * as the reshare is: tried when the session starts and then at most every BACKGROUND_GAP_MS, one run at a
 * time across the browser's tabs; or started (again) by the administrator in Account Settings. The
 * state goes on while they move around the app.
 */

/** Where the page's run stands. */
export interface SignOlderState {
  running: boolean;
  /** The run in progress, or the last one, was started by the administrator (a button). */
  manual: boolean;
  progress: SignOlderProgress | null;
  /** The last run ended (null: none yet, or one is running); `cancelled` when the person stopped it. */
  ended: { cancelled: boolean; error: string | null } | null;
}

const IDLE: SignOlderState = { running: false, manual: false, progress: null, ended: null };

/** How long after a background run the next one may start (the server's count is cheap, but not free). */
export const BACKGROUND_GAP_MS = 10 * 60_000;

export const signOlderStore = createStore<SignOlderState>(IDLE);

const lock = createRunLock('coffer-sign-older');
let controller: AbortController | null = null;
let lastBackgroundRun = Number.NEGATIVE_INFINITY;

/** Whether `userId` may sign: an administrator of the organisation's verified log. */
function signsOlder(userId: string): boolean {
  const { log, alarm } = trustLogStore.get();
  return !!log && !alarm && activeUser(log.state, userId)?.admin === true;
}

async function run(userId: string, manual: boolean): Promise<void> {
  const running = new AbortController();
  controller = running;
  signOlderStore.set({ running: true, manual, progress: null, ended: null });
  let progress: SignOlderProgress | null = null;
  let ended: SignOlderState['ended'];
  try {
    progress = await signOlderSecrets(userId, {
      signal: running.signal,
      onProgress: (now) => {
        progress = now;
        if (controller === running) signOlderStore.set((state) => ({ ...state, progress: now }));
      },
    });
    ended = { cancelled: false, error: null };
  } catch (error) {
    const message =
      error instanceof Error && error.name === 'SignOlderRefused'
        ? error.message
        : toSecretAccessError(error).message;
    ended = running.signal.aborted ? { cancelled: true, error: null } : { cancelled: false, error: message };
  }
  if (controller !== running) return;
  controller = null;
  signOlderStore.set({ running: false, manual, progress, ended });
}

/** The administrator starts a run (Account Settings); nothing when one runs in this page. */
export async function startSigningOlder(userId: string): Promise<void> {
  if (controller) return;
  await lock.run('wait', () => run(userId, true));
}

/**
 * The background's try: a run when this user signs older secrets, none runs here or in another tab,
 * and the last background run is BACKGROUND_GAP_MS ago. A run with nothing to sign is one request.
 */
export async function pollSigningOlder(userId: string, now = Date.now()): Promise<void> {
  if (controller || !signsOlder(userId) || now - lastBackgroundRun < BACKGROUND_GAP_MS) return;
  lastBackgroundRun = now;
  await lock.run('skip-if-busy', () => run(userId, false));
}

/** Stops the run between two secrets: what was signed stays signed. */
export function cancelSigningOlder(): void {
  controller?.abort();
}

sessionCleared.subscribe(() => {
  controller?.abort();
  controller = null;
  lastBackgroundRun = Number.NEGATIVE_INFINITY;
  signOlderStore.set(IDLE);
});
