import { useEffect, useRef } from 'react';

/** Focuses the element once it is shown, when `when` holds: the popup is used from the keyboard first. */
export function useFocusOnMount<T extends HTMLElement>(when = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
