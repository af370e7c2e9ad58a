import { GENERATED_PASSWORD_LENGTH, generatePassword } from '@coffer/core';
import { useState } from 'react';

/** The spec's generator (core validation/): 12 characters with every class; copied on demand. */
export function GeneratorPanel({ onCopy }: { onCopy: (value: string) => void }) {
  const [password, setPassword] = useState<string | null>(null);
  if (password === null) {
    return (
      <button type="button" onClick={() => setPassword(generatePassword(GENERATED_PASSWORD_LENGTH))}>
        Generate password
      </button>
    );
  }
  return (
    <div className="generator">
      <output aria-label="Generated password">{password}</output>
      <button type="button" onClick={() => onCopy(password)}>
        Copy
      </button>
      <button type="button" onClick={() => setPassword(generatePassword(GENERATED_PASSWORD_LENGTH))}>
        Again
      </button>
    </div>
  );
}
