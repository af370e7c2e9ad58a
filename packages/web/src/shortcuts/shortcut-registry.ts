import { matchPath } from 'react-router';
import { createStore } from '../lib/create-store.js';
import type { ShortcutContext, ShortcutDefinition } from './shortcut-types.js';

/** 'global' for the app shell's shortcuts; 'screen' ones win over them on the same keys. */
export type ShortcutScope = 'global' | 'screen';

/** A registered group of shortcuts: the app's globals, or one screen's. */
interface Registration {
  key: number;
  scope: ShortcutScope;
  definitions: readonly ShortcutDefinition[];
}

/** Registered groups, in registration order. */
export const shortcutRegistry = createStore<readonly Registration[]>([]);

let nextKey = 1;

/** Adds shortcuts; answers the function that removes them again. */
export function registerShortcuts(
  definitions: readonly ShortcutDefinition[],
  scope: ShortcutScope = 'screen',
): () => void {
  const key = nextKey++;
  shortcutRegistry.set((list) => [...list, { key, scope, definitions }]);
  return () => shortcutRegistry.set((list) => list.filter((registration) => registration.key !== key));
}

/**
 * Every registered shortcut in the order the dispatcher tries them: screens' before the globals
 * (a screen's own binding wins), and among each the latest registered first (a dialog-like
 * screen mounted over another wins).
 */
export function listShortcuts(registrations = shortcutRegistry.get()): ShortcutDefinition[] {
  const rank = (registration: Registration) => (registration.scope === 'screen' ? 1 : 0);
  return [...registrations]
    .sort((a, b) => rank(b) - rank(a) || b.key - a.key)
    .flatMap((registration) => registration.definitions);
}

function onRoute(definition: ShortcutDefinition, pathname: string): boolean {
  return !definition.routes || definition.routes.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Whether a shortcut applies on this path and in this context. */
export function appliesTo(definition: ShortcutDefinition, context: ShortcutContext): boolean {
  if (!onRoute(definition, context.pathname)) return false;
  return definition.when ? definition.when(context) : true;
}

/** Whether the help panel lists a shortcut here: it applies, or it is always listed on its routes. */
export function isListed(definition: ShortcutDefinition, context: ShortcutContext): boolean {
  if (definition.hidden) return false;
  if (definition.alwaysListed) return onRoute(definition, context.pathname);
  return appliesTo(definition, context);
}
