import { useEffect, useRef } from 'react';
import { isModalOpen } from '../lib/modal-store.js';
import { matchesCombo, parseCombo } from './key-combo.js';
import { appliesTo, listShortcuts } from './shortcut-registry.js';
import type { ShortcutContext } from './shortcut-types.js';
import { isTypingTarget } from './typing-target.js';
import { useShortcutContext } from './use-shortcut-context.js';

/**
 * THE keyboard dispatcher, mounted once by the root layout. On each keydown it runs the first
 * registered shortcut that matches and applies here. It stays quiet during IME composition,
 * while a text field has focus (unless the shortcut allows it), while a modal is open (modals
 * handle their own keys) and for events another handler already consumed.
 */
export function useShortcutDispatcher(): void {
  const context = useShortcutContext();
  const contextRef = useRef<ShortcutContext>(context);
  contextRef.current = context;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => dispatchShortcut(event, contextRef.current);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Runs the shortcut an event triggers, if any; answers whether one ran. */
export function dispatchShortcut(event: KeyboardEvent, context: ShortcutContext): boolean {
  if (event.defaultPrevented || event.isComposing || event.keyCode === 229) return false;
  if (isModalOpen()) return false;
  const typing = isTypingTarget(event.target);
  const definition = listShortcuts().find(
    (candidate) =>
      (!typing || candidate.allowInInputs === true) &&
      (!event.repeat || candidate.allowRepeat === true) &&
      matchesCombo(event, parseCombo(candidate.keys)) &&
      appliesTo(candidate, context),
  );
  if (!definition) return false;
  event.preventDefault();
  definition.run(context, event);
  return true;
}
