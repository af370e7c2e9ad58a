import { loadUnlocked, lockDueAt } from '../session/unlocked-session.js';

const LOCK_ALARM = 'auto-lock';

/**
 * Arms the auto-lock for the session's inactivity limit; when it rings, loadUnlocked locks an idle
 * session (and a session used meanwhile is simply armed again). The service worker may sleep between.
 */
export async function armLockAlarm(): Promise<void> {
  await chrome.alarms.clear(LOCK_ALARM);
  const session = await loadUnlocked();
  const due = session ? lockDueAt(session) : null;
  if (due !== null) await chrome.alarms.create(LOCK_ALARM, { when: Math.max(due, Date.now() + 1_000) });
  if (!session) await chrome.action.setBadgeText({ text: '' });
}

export function isLockAlarm(alarm: chrome.alarms.Alarm): boolean {
  return alarm.name === LOCK_ALARM;
}
