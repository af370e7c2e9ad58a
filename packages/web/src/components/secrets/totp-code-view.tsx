import type { TotpKey } from '@coffer/core';
import { parseTotp, TOTP_CANNOT_MAKE_CODES_MESSAGE, totpCode, totpSecondsRemaining } from '@coffer/core';
import { CopyButton } from './copy-button.js';
import { TOTP_CODE_LABEL, TOTP_LABEL, TOTP_NEXT_LABEL } from './extras-labels.js';
import { SecretFieldRow } from './secret-field-row.js';
import { useNow } from './use-now.js';

/** The next code shows in the last seconds of a period, so a code about to expire need not be typed. */
export const SHOW_NEXT_CODE_SECONDS = 5;
const RING_RADIUS = 15;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** '287082' as '287 082', '94287082' as '9428 7082': easier to read off and type. */
export function groupCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
}

/** The seconds left as a ring that empties, with the number inside; read as 'N seconds left'. */
export function CountdownRing({ remaining, period }: { remaining: number; period: number }) {
  const label = `${remaining} ${remaining === 1 ? 'second' : 'seconds'} left`;
  return (
    <svg className="totp-ring" viewBox="0 0 36 36" width="36" height="36" role="img" aria-label={label}>
      <circle className="totp-ring__track" cx="18" cy="18" r={RING_RADIUS} />
      <circle
        className={
          remaining <= SHOW_NEXT_CODE_SECONDS ? 'totp-ring__time totp-ring__time--ending' : 'totp-ring__time'
        }
        cx="18"
        cy="18"
        r={RING_RADIUS}
        strokeDasharray={RING_LENGTH}
        strokeDashoffset={RING_LENGTH * (1 - remaining / period)}
        transform="rotate(-90 18 18)"
      />
      <text x="18" y="22" textAnchor="middle" className="totp-ring__text">
        {remaining}
      </text>
    </svg>
  );
}

function LiveCode({ totpKey }: { totpKey: TotpKey }) {
  const now = useNow();
  const remaining = totpSecondsRemaining(totpKey, now);
  const code = totpCode(totpKey, now);
  const next = remaining <= SHOW_NEXT_CODE_SECONDS ? totpCode(totpKey, now + remaining * 1000) : null;
  return (
    <div className="secret-field">
      <dt className="secret-field__label">{TOTP_CODE_LABEL}</dt>
      <dd className="secret-field__value-row totp-code">
        <span className="secret-field__value totp-code__value" data-code={code}>
          {groupCode(code)}
        </span>
        <CountdownRing remaining={remaining} period={totpKey.period} />
        <CopyButton value={code} label={TOTP_CODE_LABEL} />
      </dd>
      {next !== null ? (
        <dd className="totp-code__next">
          {TOTP_NEXT_LABEL}: <span className="totp-code__next-value">{groupCode(next)}</span>
        </dd>
      ) : null}
    </div>
  );
}

/**
 * A password secret's authenticator: the current code with its countdown and Copy, and the next code
 * in the last seconds. A key kept verbatim that is not base32 (or no longer parses) shows masked with
 * the reason no code can be made, so it can still be copied into another app.
 */
export function TotpCodeView({ totp }: { totp: string }) {
  const parsed = parseTotp(totp);
  if (parsed.ok && parsed.key.usable) return <LiveCode totpKey={parsed.key} />;
  return (
    <SecretFieldRow
      label={TOTP_LABEL}
      value={totp}
      concealed
      note={parsed.ok ? TOTP_CANNOT_MAKE_CODES_MESSAGE : parsed.error}
    />
  );
}
