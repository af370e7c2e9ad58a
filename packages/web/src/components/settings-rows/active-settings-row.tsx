import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { createContext, useContext, useMemo, useState } from 'react';

interface ActiveRowState {
  active: string | null;
  setActive: Dispatch<SetStateAction<string | null>>;
}

const ActiveRowContext = createContext<ActiveRowState | null>(null);

/**
 * Spec section 4: "Only one setting is active at once." Settings rows below this provider share one
 * active row: editing one ends (and so reverts) the edit of any other.
 */
export function ActiveSettingsRowProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<string | null>(null);
  const value = useMemo(() => ({ active, setActive }), [active]);
  return <ActiveRowContext.Provider value={value}>{children}</ActiveRowContext.Provider>;
}

/** One settings row's part in the shared edit state. */
export interface SettingsRowState {
  /** This row is the active one (its field is enabled, Save and Cancel show). */
  editing: boolean;
  /** Makes this row the active one; any other row stops editing. */
  edit: () => void;
  /** Ends this row's edit (after Save or Cancel). */
  done: () => void;
}

/** A settings row's edit state: shared with the other rows under the provider, else its own. */
export function useSettingsRow(id: string): SettingsRowState {
  const shared = useContext(ActiveRowContext);
  const [ownActive, setOwnActive] = useState<string | null>(null);
  const { active, setActive } = shared ?? { active: ownActive, setActive: setOwnActive };
  return {
    editing: active === id,
    edit: () => setActive(id),
    done: () => setActive((current) => (current === id ? null : current)),
  };
}
