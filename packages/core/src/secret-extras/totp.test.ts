import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  TOTP_DIGITS_MESSAGE,
  TOTP_HOTP_MESSAGE,
  TOTP_NO_SECRET_MESSAGE,
  TOTP_PERIOD_MESSAGE,
  TOTP_UNKNOWN_ALGORITHM_MESSAGE,
} from '../constants/secret-extras-constants.js';
import type { TotpAlgorithm, TotpKey } from './totp.js';
import {
  normaliseBase32,
  parseTotp,
  totpCode,
  totpInputError,
  totpSecondsRemaining,
  totpStep,
} from './totp.js';

const base32Of = (ascii: string) => Secret.fromUTF8(ascii).base32;

// RFC 6238 Appendix B: the seeds are ASCII '1234567890' repeated to 20, 32 and 64 bytes.
const SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: base32Of('12345678901234567890'),
  SHA256: base32Of('12345678901234567890123456789012'),
  SHA512: base32Of('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [seconds: number, algorithm: TotpAlgorithm, code: string][] = [
  [59, 'SHA1', '94287082'],
  [59, 'SHA256', '46119246'],
  [59, 'SHA512', '90693936'],
  [1111111109, 'SHA1', '07081804'],
  [1111111109, 'SHA256', '68084774'],
  [1111111109, 'SHA512', '25091201'],
  [1111111111, 'SHA1', '14050471'],
  [1111111111, 'SHA256', '67062674'],
  [1111111111, 'SHA512', '99943326'],
  [1234567890, 'SHA1', '89005924'],
  [1234567890, 'SHA256', '91819424'],
  [1234567890, 'SHA512', '93441116'],
  [2000000000, 'SHA1', '69279037'],
  [2000000000, 'SHA256', '90698825'],
  [2000000000, 'SHA512', '38618901'],
  [20000000000, 'SHA1', '65353130'],
  [20000000000, 'SHA256', '77737706'],
  [20000000000, 'SHA512', '47863826'],
];

function keyOf(input: string): TotpKey {
  const parsed = parseTotp(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.key;
}

describe('totpCode: RFC 6238 Appendix B', () => {
  it.each(VECTORS)('at %i s with %s gives %s', (seconds, algorithm, code) => {
    const key = keyOf(`otpauth://totp/RFC?secret=${SEEDS[algorithm]}&algorithm=${algorithm}&digits=8`);
    expect(totpCode(key, seconds * 1000)).toBe(code);
  });

  it('gives the 6-digit tail of the SHA1 vector by default', () => {
    expect(totpCode(keyOf(SEEDS.SHA1), 59_000)).toBe('287082');
    expect(totpCode(keyOf(SEEDS.SHA1), 1111111109_000)).toBe('081804');
  });

  it('refuses to make a code from a key kept verbatim', () => {
    expect(() => totpCode(keyOf('not base32!'), 0)).toThrow(/not base32/);
  });
});

describe('parseTotp: otpauth URIs', () => {
  it('reads every parameter of a full URI', () => {
    expect(
      keyOf(
        'otpauth://totp/ACME%20Co:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&algorithm=SHA256&digits=7&period=60',
      ),
    ).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      usable: true,
      digits: 7,
      period: 60,
      algorithm: 'SHA256',
      issuer: 'ACME Co',
      label: 'alice@example.com',
    });
  });

  it('uses the defaults for missing parameters and an empty label', () => {
    expect(keyOf('otpauth://totp/?secret=JBSWY3DPEHPK3PXP')).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      usable: true,
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
      issuer: '',
      label: '',
    });
  });

  it('takes the issuer from the label prefix when the parameter is missing, the parameter when both', () => {
    expect(keyOf('otpauth://totp/GitHub:bob?secret=JBSWY3DPEHPK3PXP').issuer).toBe('GitHub');
    expect(keyOf('otpauth://totp/Old:bob?secret=JBSWY3DPEHPK3PXP&issuer=New').issuer).toBe('New');
    expect(keyOf('otpauth://totp/bob?secret=JBSWY3DPEHPK3PXP').label).toBe('bob');
  });

  it('tolerates upper-case schemes, lower-case and padded secrets, spaced values and SHA-256 spelling', () => {
    const key = keyOf(
      '  OTPAUTH://TOTP/x?secret=jbsw%20y3dp%20ehpk%203pxp%3D%3D%3D&algorithm=sha-512&digits=%208 ',
    );
    expect(key).toMatchObject({ secret: 'JBSWY3DPEHPK3PXP', usable: true, algorithm: 'SHA512', digits: 8 });
  });

  it('keeps a URI whose secret is not base32, verbatim and unusable', () => {
    expect(keyOf('otpauth://totp/x?secret=abc!def&digits=8')).toMatchObject({
      secret: 'abc!def',
      usable: false,
      digits: 8,
    });
  });

  it('refuses an unknown algorithm', () => {
    expect(parseTotp('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&algorithm=MD5')).toEqual({
      ok: false,
      error: TOTP_UNKNOWN_ALGORITHM_MESSAGE,
    });
    expect(totpInputError('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&algorithm=SHA3-256')).toBe(
      TOTP_UNKNOWN_ALGORITHM_MESSAGE,
    );
  });

  it.each(['5', '9', '10', '0', 'six', '6.5', '-6'])('refuses digits=%s', (digits) => {
    expect(totpInputError(`otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=${digits}`)).toBe(
      TOTP_DIGITS_MESSAGE,
    );
  });

  it.each(['0', '-30', 'x', '1.5'])('refuses period=%s', (period) => {
    expect(totpInputError(`otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&period=${period}`)).toBe(
      TOTP_PERIOD_MESSAGE,
    );
  });

  it('refuses counter-based (HOTP) URIs clearly', () => {
    expect(totpInputError('otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=3')).toBe(TOTP_HOTP_MESSAGE);
    expect(totpInputError('otpauth://HOTP/x?secret=JBSWY3DPEHPK3PXP')).toBe(TOTP_HOTP_MESSAGE);
  });

  it('refuses a URI without a secret, another otpauth type, and an empty input', () => {
    expect(totpInputError('otpauth://totp/x?issuer=ACME')).toBe(TOTP_NO_SECRET_MESSAGE);
    expect(totpInputError('otpauth://totp/x?secret=')).toBe(TOTP_NO_SECRET_MESSAGE);
    expect(totpInputError('otpauth://yubikey/x?secret=JBSWY3DPEHPK3PXP')).toBe(TOTP_NO_SECRET_MESSAGE);
    expect(totpInputError('otpauth://')).toBe(TOTP_NO_SECRET_MESSAGE);
    expect(totpInputError('   ')).toBe(TOTP_NO_SECRET_MESSAGE);
  });

  it('does not stumble on a label with a broken percent escape', () => {
    expect(keyOf('otpauth://totp/ACME:%E0%A4%A?secret=JBSWY3DPEHPK3PXP').label).toBe('%E0%A4%A');
  });
});

describe('parseTotp: bare secrets', () => {
  it('reads a base32 secret with spaces, lower case and padding', () => {
    expect(keyOf('jbsw y3dp ehpk 3pxp')).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      usable: true,
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
      issuer: '',
      label: '',
    });
    expect(keyOf('GEZDGNBV======').secret).toBe('GEZDGNBV');
  });

  it('keeps anything else verbatim (trimmed) and unusable: garbage is stored, not refused', () => {
    for (const garbage of ['hello world 1890!', 'https://example.com', 'Ω', 'A', '0123456789']) {
      expect(keyOf(` ${garbage} `)).toMatchObject({ secret: garbage, usable: false });
    }
  });

  it('normaliseBase32 answers null for what is not base32', () => {
    expect(normaliseBase32('MZXW 6===')).toBe('MZXW6');
    expect(normaliseBase32('MZ1W')).toBeNull();
    expect(normaliseBase32('')).toBeNull();
  });
});

describe('time steps', () => {
  const key = keyOf('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&period=60');

  it('counts seconds remaining from the period down to 1', () => {
    expect(totpSecondsRemaining(key, 0)).toBe(60);
    expect(totpSecondsRemaining(key, 59_999)).toBe(1);
    expect(totpSecondsRemaining(key, 60_000)).toBe(60);
    expect(totpSecondsRemaining({ period: 30 }, 1111111109_000)).toBe(1);
  });

  it('changes the step (and so the code) at the period boundary', () => {
    expect(totpStep(key, 59_999)).toBe(0);
    expect(totpStep(key, 60_000)).toBe(1);
    expect(totpCode(key, 59_999)).not.toBe(totpCode(key, 60_000));
    expect(totpCode(key, 0)).toBe(totpCode(key, 59_999));
  });
});
