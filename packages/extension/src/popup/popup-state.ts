import type { UnlockedSession } from '../session/unlocked-session.js';
import { loadUnlocked, openSession } from '../session/unlocked-session.js';

/** What the popup shows first: the sign-in (with a reason, when a session just ended) or the vault. */
export type PopupStart =
  | { kind: 'signed-out'; notice: string | null }
  | { kind: 'unlocked'; session: UnlockedSession };

/** Re-opens the unlocked session in this popup, or answers that the password is needed. */
export async function startPopup(): Promise<PopupStart> {
  const session = await loadUnlocked();
  if (!session) return { kind: 'signed-out', notice: null };
  try {
    await openSession(session);
    return { kind: 'unlocked', session };
  } catch {
    return { kind: 'signed-out', notice: null };
  }
}

/** Tells the service worker the session changed, so its auto-lock alarm follows. */
export function announceSessionChange(): void {
  chrome.runtime.sendMessage({ type: 'session-changed' }).catch(() => undefined);
}
