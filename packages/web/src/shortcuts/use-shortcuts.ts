import { useEffect, useRef } from 'react';
import type { ShortcutScope } from './shortcut-registry.js';
import { registerShortcuts } from './shortcut-registry.js';
import type { ShortcutDefinition } from './shortcut-types.js';

/**
 * Registers a screen's shortcuts while the screen is mounted. Definitions may be written inline:
 * they re-register only when their ids or keys change, and `run`/`when` always see the latest
 * render's closures. Screen shortcuts win over the shell's global ones on the same keys.
 */
export function useShortcuts(
  definitions: readonly ShortcutDefinition[],
  scope: ShortcutScope = 'screen',
): void {
  const latest = useRef(definitions);
  latest.current = definitions;
  const signature = definitions.map((d) => `${d.id}=${d.keys}:${d.description}`).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the definitions' shape
  useEffect(() => {
    const current = (id: string) => latest.current.find((d) => d.id === id);
    const stable = latest.current.map(
      (definition): ShortcutDefinition => ({
        ...definition,
        when: (context) => current(definition.id)?.when?.(context) ?? true,
        run: (context, event) => current(definition.id)?.run(context, event),
      }),
    );
    return registerShortcuts(stable, scope);
  }, [signature, scope]);
}
