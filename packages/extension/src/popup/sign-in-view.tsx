import type { LoginMode } from '@coffer/web/pages/login/login-messages.js';
import type { PendingSignIn } from '@coffer/web/pages/login/sign-in-flow.js';
import { useEffect, useRef, useState } from 'react';
import { LOCAL_KEYS, readLocal } from '../platform/extension-storage.js';
import { probeServer } from '../session/server-probe.js';
import { finishSignIn, signInWithPassword } from '../session/sign-in.js';
import type { UnlockedSession } from '../session/unlocked-session.js';
import { useFocusOnMount } from './use-focus-on-mount.js';

interface SignInViewProps {
  notice: string | null;
  onUnlocked: (session: UnlockedSession) => void;
}

/** The server's address (asked once, remembered), e-mail and password; then a one-time or recovery code. */
export function SignInView({ notice, onUnlocked }: SignInViewProps) {
  const [server, setServer] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [mode, setMode] = useState<LoginMode>('login');
  const [error, setError] = useState<string | null>(notice);
  const [busy, setBusy] = useState(false);
  const [origin, setOrigin] = useState('');
  const pending = useRef<PendingSignIn | null>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const serverField = useFocusOnMount<HTMLInputElement>();
  const codeField = useFocusOnMount<HTMLInputElement>(mode !== 'login');

  useEffect(() => {
    void Promise.all([readLocal(LOCAL_KEYS.server), readLocal(LOCAL_KEYS.email)]).then(
      ([savedServer, savedEmail]) => {
        if (savedServer) setServer(savedServer);
        if (savedEmail) setEmail(savedEmail);
        if (savedServer && savedEmail) passwordField.current?.focus();
      },
    );
  }, []);

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch {
      setError('Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = () =>
    run(async () => {
      const probe = await probeServer(server);
      if (!probe.ok) {
        setError(probe.message);
        return;
      }
      setOrigin(probe.origin);
      const first = await signInWithPassword(probe.origin, email, password);
      setPassword('');
      if (first.kind === 'failed') setError(first.message);
      else if (first.kind === 'code') {
        pending.current = first.pending;
        setMode('twoFactor');
      } else onUnlocked(first.session);
    });

  const submitCode = () =>
    run(async () => {
      if (!pending.current) return;
      const done = await finishSignIn(origin, pending.current, mode, code.trim());
      setCode('');
      if (done.ok) onUnlocked(done.session);
      else setError(done.message);
    });

  if (mode !== 'login') {
    const recovery = mode === 'recovery';
    return (
      <form
        className="sign-in"
        onSubmit={(event) => {
          event.preventDefault();
          void submitCode();
        }}
      >
        <h1>{recovery ? 'Bypass two-step verification' : 'Two-factor verification'}</h1>
        <label>
          {recovery ? 'Recovery code' : 'One-time code'}
          <input
            ref={codeField}
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="submit" disabled={busy || code.trim() === ''}>
          Verify
        </button>
        <button type="button" className="link" onClick={() => setMode(recovery ? 'twoFactor' : 'recovery')}>
          {recovery ? 'Use a one-time code' : 'Use a recovery code'}
        </button>
      </form>
    );
  }

  return (
    <form
      className="sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        void submitPassword();
      }}
    >
      <h1>Sign in to Coffer</h1>
      <label>
        Server
        <input
          inputMode="url"
          placeholder="https://coffer.example.com"
          value={server}
          onChange={(event) => setServer(event.target.value)}
          ref={serverField}
        />
      </label>
      <label>
        Email
        <input
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label>
        Password
        <input
          ref={passwordField}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit" disabled={busy || server === '' || email === '' || password === ''}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
