import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs`; a reset to '' (the logo) applies at once. */
export function useDebouncedValue<T>(value: T, delayMs: number, immediate?: (value: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  const now = immediate?.(value) === true;
  useEffect(() => {
    if (now) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, now]);
  return now ? value : settled;
}
