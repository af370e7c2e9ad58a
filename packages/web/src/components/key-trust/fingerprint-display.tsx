import { fingerprintWords } from '@coffer/core';
import './fingerprint-display.css';

/** The words of a fingerprint, or none when it is not one (then only the hex is shown, as it was). */
function wordsOf(fingerprint: string): string | undefined {
  try {
    return fingerprintWords(fingerprint).join(' ');
  } catch {
    return undefined;
  }
}

/**
 * A public-key fingerprint as people compare it: 8 words (easy to read aloud over the phone) above the
 * full hex (for whoever compares every digit). Both come from the same hex, so they always agree.
 */
export function FingerprintDisplay({ fingerprint }: { fingerprint: string }) {
  const words = wordsOf(fingerprint);
  return (
    <span className="fingerprint">
      {words ? (
        <span className="fingerprint__words" data-testid="fingerprint-words">
          {words}
        </span>
      ) : null}
      <code className="fingerprint__hex" data-testid="fingerprint-hex">
        {fingerprint}
      </code>
    </span>
  );
}
