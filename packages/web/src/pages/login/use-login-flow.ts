import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { KEY_UNLOCK_FAILED_MESSAGE, WEAK_KDF_MESSAGE } from '../../keys/account-messages.js';
import { deletePrivateKey } from '../../keys/key-store.js';
import { clearStorageExcept, STORAGE_KEYS } from '../../lib/local-storage.js';
import { useSessionActions } from '../../session/use-session.js';
import type { LoginMode } from './login-messages.js';
import { signInFailureMessage } from './login-messages.js';
import type { PendingSignIn, SignInFailure } from './sign-in-flow.js';
import { completeSignIn, proveCredentials } from './sign-in-flow.js';

/** The login state machine for the screen: the state, its error, and the actions. */
export interface LoginFlow {
  mode: LoginMode;
  busy: boolean;
  error: string | null;
  /** Login state: e-mail and password. */
  submitCredentials: (email: string, password: string) => Promise<void>;
  /** 2FA or Recovery state: the one-time or recovery code. */
  submitCode: (code: string) => Promise<void>;
  /** 2FA ↔ Recovery (the link and Cancel). */
  switchMode: (mode: 'twoFactor' | 'recovery') => void;
}

/**
 * Login → (2FA ↔ Recovery) → signed in (spec section 4). Storage is cleared first except dark_mode;
 * on success the key is in the key store and startSession() lets GuestOnly take the user on.
 */
export function useLoginFlow(): LoginFlow {
  const { startSession } = useSessionActions();
  const [mode, setMode] = useState<LoginMode>('login');
  const [error, setError] = useState<string | null>(null);
  // The derived keys live only in memory, only between the password and the code.
  const pending = useRef<PendingSignIn | null>(null);

  const fail = (failure: SignInFailure, inMode: LoginMode) => {
    if (failure.reason === 'weak-kdf') setError(WEAK_KDF_MESSAGE);
    else if (failure.reason === 'unlock') setError(KEY_UNLOCK_FAILED_MESSAGE);
    else setError(signInFailureMessage(inMode, failure.serverMessage));
  };

  const finish = async (ready: PendingSignIn, inMode: LoginMode, code?: string) => {
    const result = await completeSignIn(ready, code);
    if (!result.ok) {
      fail(result, inMode);
      return;
    }
    pending.current = null;
    startSession(result.token, result.profile);
  };

  // Each step is a mutation: its pending state is the screen's busy state.
  const stepping = useMutation({ mutationFn: (step: () => Promise<void>) => step() });
  const busy = stepping.isPending;
  const run = async (step: () => Promise<void>) => {
    setError(null);
    await stepping.mutateAsync(step);
  };

  const submitCredentials = (email: string, password: string) =>
    run(async () => {
      clearStorageExcept([STORAGE_KEYS.darkMode]);
      await deletePrivateKey().catch(() => undefined);
      const first = await proveCredentials(email, password);
      if (!first.ok) {
        fail(first, 'login');
        return;
      }
      if (first.needsCode) {
        pending.current = first.pending;
        setMode('twoFactor');
        return;
      }
      await finish(first.pending, 'login');
    });

  const submitCode = (code: string) =>
    run(async () => {
      if (!pending.current) return;
      await finish(pending.current, mode, code);
    });

  const switchMode = (next: 'twoFactor' | 'recovery') => {
    setError(null);
    setMode(next);
  };

  return { mode, busy, error, submitCredentials, submitCode, switchMode };
}
