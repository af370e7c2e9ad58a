import { restrictSessionStore } from '../platform/extension-storage.js';
import { isExtensionMessage } from '../platform/messages.js';
import { fillFromShortcut } from './fill-command.js';
import { armLockAlarm, isLockAlarm } from './lock-alarm.js';
import { offerToSave } from './save-offers.js';

// The service worker: the lock alarm, the save offers' badge and the fill shortcut. Chromium stops it
// when idle; everything it needs is in chrome.storage.session, so each event starts from there.

void restrictSessionStore();

chrome.runtime.onStartup.addListener(() => void armLockAlarm());
chrome.runtime.onInstalled.addListener(() => void restrictSessionStore());
chrome.alarms.onAlarm.addListener((alarm) => {
  if (isLockAlarm(alarm)) void armLockAlarm();
});

chrome.runtime.onMessage.addListener((message: unknown, sender) => {
  if (!isExtensionMessage(message)) return;
  if (message.type === 'session-changed') void armLockAlarm();
  else void offerToSave(message, sender);
});

chrome.commands.onCommand.addListener((command) => {
  if (command === 'fill-login') fillFromShortcut().catch(() => undefined);
});
