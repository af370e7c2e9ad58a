import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import type { SessionState } from '../session/use-session.js';

/** What a shortcut's `when` and `run` receive. */
export interface ShortcutContext {
  pathname: string;
  navigate: NavigateFunction;
  session: SessionState;
  queryClient: QueryClient;
}

/** One keyboard shortcut, as data: the dispatcher runs it and the help panel lists it. */
export interface ShortcutDefinition {
  /** Unique among the registered shortcuts, e.g. 'global.profile' or 'dashboard.new-secret'. */
  id: string;
  /** The combination: modifiers then key, joined by '+': 'Shift+H', 'Shift+/', 'Shift+ArrowDown', 'I', 'Escape'. */
  keys: string;
  /** Shown in the help panel. */
  description: string;
  /** Route patterns (react-router matchPath, e.g. '/admin/*') where it applies; everywhere when absent. */
  routes?: readonly string[];
  /** Extra condition, e.g. administrators only. */
  when?: (context: ShortcutContext) => boolean;
  /** Fire even while a text field has focus (e.g. Escape leaving the search box). */
  allowInInputs?: boolean;
  /** Fire again while the key is held (arrow navigation). */
  allowRepeat?: boolean;
  /** Left out of the help panel (duplicates, or keys the panel should not advertise). */
  hidden?: boolean;
  /**
   * Listed in the help panel on its routes even while `when` is false: keys that act on a focused row
   * (Enter, Right) must still be learnable from a panel opened elsewhere on the page.
   */
  alwaysListed?: boolean;
  /** The action; the dispatcher has already called preventDefault() on the event. */
  run: (context: ShortcutContext, event: KeyboardEvent) => void;
}
