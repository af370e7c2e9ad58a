import { sessionCleared } from '../lib/clear-session.js';
import { createStore } from '../lib/create-store.js';
import { type SignOlderProgress, signOlderSecrets } from './sign-older-secrets.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/** Where the page's run of signOlderSecrets stands: it goes on while the administrator moves around. */
export interface SignOlderState {
  running: boolean;
  progress: SignOlderProgress | null;
  /** The last run ended (null: none yet, or one is running); `cancelled` when the person stopped it. */
  ended: { cancelled: boolean; error: string | null } | null;
}

const IDLE: SignOlderState = { running: false, progress: null, ended: null };

export const signOlderStore = createStore<SignOlderState>(IDLE);

let controller: AbortController | null = null;

/** Starts a run for `userId` unless one is running; settles when it ends. */
export async function startSigningOlder(userId: string): Promise<void> {
  if (controller) return;
  const running = new AbortController();
  controller = running;
  signOlderStore.set({ running: true, progress: null, ended: null });
  let ended: SignOlderState['ended'];
  let progress: SignOlderProgress | null = null;
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
    ended = running.signal.aborted
      ? { cancelled: true, error: null }
      : {
          cancelled: false,
          error:
            error instanceof Error && error.name === 'SignOlderRefused'
              ? error.message
              : toSecretAccessError(error).message,
        };
  }
  if (controller !== running) return;
  controller = null;
  signOlderStore.set({ running: false, progress, ended });
}

/** Stops the run between two secrets: what was signed stays signed. */
export function cancelSigningOlder(): void {
  controller?.abort();
}

sessionCleared.subscribe(() => {
  controller?.abort();
  controller = null;
  signOlderStore.set(IDLE);
});
