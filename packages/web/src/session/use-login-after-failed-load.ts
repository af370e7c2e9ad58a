import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/api-error.js';
import { getToken } from '../api/token-store.js';
import { removeStorage, STORAGE_KEYS } from '../lib/local-storage.js';
import { notify } from '../lib/notification-store.js';
import { logOut } from './session-actions.js';

/** Said at /login after a chest's secrets failed to load (the specification gives no words for it). */
export const CHEST_LOAD_FAILED_MESSAGE = "The chest's secrets could not be loaded. Please log in again.";

// A chest that is gone or hidden (404, 403) leaves its view as before, and a rate limit asks to wait;
// only a load that failed outright is the specification's failed fetch.
const NOT_A_FAILED_LOAD = new Set([403, 404, 429]);

/** Whether a chest's secrets failed to load in the sense of spec section 4. */
export function isFailedChestLoad(error: unknown): boolean {
  return !(error instanceof ApiError && NOT_A_FAILED_LOAD.has(error.status));
}

/**
 * Spec section 4: "a failed fetch of a chest's secrets redirects to login". When the first page of a
 * chest's secrets fails, the session ends (the token is revoked, as Log Out does) and /login says why.
 * The remembered chest is forgotten, so that signing in again does not reopen it into the same failure.
 */
export function useLoginAfterFailedLoad(list: { isLoadingError: boolean; error: unknown }): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const failed = list.isLoadingError && isFailedChestLoad(list.error);
  const done = useRef(false);
  useEffect(() => {
    if (!failed || done.current || !getToken()) return;
    done.current = true;
    removeStorage(STORAGE_KEYS.lastChest);
    void logOut(queryClient, navigate).then(() =>
      notify({ type: 'error', message: CHEST_LOAD_FAILED_MESSAGE }),
    );
  }, [failed, queryClient, navigate]);
}
