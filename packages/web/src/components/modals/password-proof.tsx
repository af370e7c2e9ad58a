import { isCryptoError, PASSWORD_ENTERED_INCORRECT_MESSAGE } from '@coffer/core';
import { useState } from 'react';
import { useProvePassword } from '../../api/accounts-mutations.js';
import { WEAK_KDF_MESSAGE } from '../../keys/account-messages.js';
import type { AccountKeyRecord } from '../../keys/account-rekey.js';
import { deriveCurrentKeys } from '../../keys/account-rekey.js';
import { provePassword } from '../../keys/prove-and-rekey.js';
import { TextField } from '../form-fields/text-field.js';
import '../form-fields/form-fields.css';

/** Shown when the password check could not be made and the server gave no reason. */
export const PASSWORD_CHECK_FAILED_MESSAGE = 'Your password could not be checked. Please try again.';

/**
 * Proves the password to the server as sign-in does: the auth hash is derived in the browser with the
 * account's iterations (never fewer than 600,000) and sent to `POST /api/v1/users/verify_password.json`.
 * When it is right the session counts as freshly verified for five minutes, which the guarded call
 * needs. Answers null when proven, else the message to show.
 */
export async function proveOwnPassword(account: AccountKeyRecord, password: string): Promise<string | null> {
  let authHash: string;
  try {
    authHash = (await deriveCurrentKeys(account, password)).authHash;
  } catch (error) {
    if (isCryptoError(error, 'iterations-too-low')) return WEAK_KDF_MESSAGE;
    throw error;
  }
  const refusal = await provePassword(authHash);
  if (!refusal) return null;
  return refusal.reason === 'unverified'
    ? (refusal.message ?? PASSWORD_CHECK_FAILED_MESSAGE)
    : PASSWORD_ENTERED_INCORRECT_MESSAGE;
}

/** A modal's password proof: the typed password, the check's refusal and whether it runs. */
export interface PasswordProof {
  password: string;
  /** Why the password was refused (wrong, or the check failed); null otherwise. */
  error: string | null;
  busy: boolean;
  /** Types the password (clears the refusal). */
  setPassword: (password: string) => void;
  /** Proves the password (proveOwnPassword); answers whether it was proven, else shows the refusal. */
  prove: () => Promise<boolean>;
}

/** The password proof of SecureConfirm and Transfer. */
export function usePasswordProof(account: AccountKeyRecord): PasswordProof {
  const [password, setPasswordValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const proving = useProvePassword((typed: string) => proveOwnPassword(account, typed));
  return {
    password,
    error,
    busy: proving.isPending,
    setPassword: (value) => {
      setPasswordValue(value);
      setError(null);
    },
    prove: async () => {
      setError(null);
      let problem: string | null;
      try {
        problem = await proving.mutateAsync(password);
      } catch {
        problem = PASSWORD_CHECK_FAILED_MESSAGE;
      }
      if (problem) setError(problem);
      return problem === null;
    },
  };
}

/** The password field of a proof, with 'Checking your password…' while it runs. */
export function PasswordProofField({ proof, autoFocus }: { proof: PasswordProof; autoFocus?: boolean }) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        name="current_password"
        autoComplete="current-password"
        data-autofocus={autoFocus || undefined}
        value={proof.password}
        error={proof.error ?? undefined}
        disabled={proof.busy}
        onValueChange={proof.setPassword}
      />
      {proof.busy ? (
        <p className="form-status" role="status">
          Checking your password…
        </p>
      ) : null}
    </>
  );
}
