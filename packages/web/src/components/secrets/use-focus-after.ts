import { useEffect, useState } from 'react';

/**
 * Focuses an element by id after the next render: a row added, moved or removed keeps the keyboard
 * where the user is (a moved row's button, a new row's first input) instead of dropping it to <body>.
 */
export function useFocusAfter(): (id: string | readonly string[]) => void {
  const [target, setTarget] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!target) return;
    for (const id of target) {
      const element = document.getElementById(id);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        break;
      }
    }
    setTarget(null);
  }, [target]);
  return (id) => setTarget(typeof id === 'string' ? [id] : id);
}
