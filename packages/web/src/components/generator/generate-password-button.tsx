import { GENERATED_TICK_MS, generatePassword } from '@coffer/core';
import { useEffect, useState } from 'react';
import './generator.css';

/**
 * Makes a 12-character password with every character class (core's generatePassword) and hands it
 * to `onGenerate`; a tick shows for 3 s after (spec section 9).
 */
export function GeneratePasswordButton({ onGenerate }: { onGenerate: (password: string) => void }) {
  const [generated, setGenerated] = useState(0);

  useEffect(() => {
    if (generated === 0) return;
    const timer = setTimeout(() => setGenerated(0), GENERATED_TICK_MS);
    return () => clearTimeout(timer);
  }, [generated]);

  return (
    <span className="generator">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          onGenerate(generatePassword());
          setGenerated((count) => count + 1);
        }}
      >
        Generate password
      </button>
      {generated > 0 ? (
        <span className="generator__tick" role="status" aria-label="Password generated">
          ✓
        </span>
      ) : null}
    </span>
  );
}
