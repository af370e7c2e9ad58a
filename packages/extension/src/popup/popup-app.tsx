import { signOut } from '@coffer/web/api/accounts-api.js';
import { deletePrivateKey } from '@coffer/web/keys/key-store.js';
import { useCallback, useEffect, useState } from 'react';
import { lock } from '../session/unlocked-session.js';
import type { PopupStart } from './popup-state.js';
import { announceSessionChange, startPopup } from './popup-state.js';
import { SignInView } from './sign-in-view.js';
import { VaultView } from './vault-view.js';

/** The popup: loading, then the sign-in or the unlocked vault. Lock ends the server session too. */
export function PopupApp() {
  const [state, setState] = useState<PopupStart | null>(null);

  useEffect(() => {
    void startPopup().then(setState);
  }, []);

  const onLock = useCallback((notice: string | null) => {
    // Locking on demand signs out on the server (best effort); an ended session has nothing to sign out.
    const ending = notice === null ? signOut().catch(() => undefined) : Promise.resolve();
    void ending
      .then(() => Promise.all([lock(), deletePrivateKey()]))
      .then(() => {
        announceSessionChange();
        setState({ kind: 'signed-out', notice });
      });
  }, []);

  if (!state) return <p>Loading…</p>;
  if (state.kind === 'signed-out') {
    return (
      <SignInView
        notice={state.notice}
        onUnlocked={(session) => {
          announceSessionChange();
          setState({ kind: 'unlocked', session });
        }}
      />
    );
  }
  return <VaultView session={state.session} onLock={onLock} />;
}
