// Keyboard shortcuts as data: one dispatcher, one help panel, screens register with useShortcuts().
export { helpPanelStore, hideHelpPanel, showHelpPanelBriefly, toggleHelpPanel } from './help-panel-store.js';
export { formatCombo, matchesCombo, parseCombo } from './key-combo.js';
export { ShortcutHelpPanel } from './shortcut-help-panel.js';
export type { ShortcutScope } from './shortcut-registry.js';
export { appliesTo, listShortcuts, registerShortcuts } from './shortcut-registry.js';
export type { ShortcutContext, ShortcutDefinition } from './shortcut-types.js';
export { isTypingTarget } from './typing-target.js';
export { dispatchShortcut, useShortcutDispatcher } from './use-shortcut-dispatcher.js';
export { useShortcuts } from './use-shortcuts.js';
