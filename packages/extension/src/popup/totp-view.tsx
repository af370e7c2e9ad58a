import { parseTotp, totpCode, totpSecondsRemaining } from '@coffer/core';
import { useEffect, useState } from 'react';

/** The current authenticator code with its countdown, renewed each second; copied on demand. */
export function TotpView({
  authenticatorKey,
  onCopy,
}: {
  authenticatorKey: string;
  onCopy: (code: string) => void;
}) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const parsed = parseTotp(authenticatorKey);
  if (!parsed.ok) return <p role="alert">{parsed.error}</p>;
  const code = totpCode(parsed.key, now);
  return (
    <div className="totp">
      <output className="totp-code" aria-label="One-time code">
        {code}
      </output>
      <output className="totp-countdown" aria-label="Seconds left">
        {totpSecondsRemaining(parsed.key, now)}s
      </output>
      <button type="button" onClick={() => onCopy(code)}>
        Copy code
      </button>
    </div>
  );
}
