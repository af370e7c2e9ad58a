import type { Profile } from '@coffer/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useProfile } from '../api/accounts-queries.js';
import { useToken } from '../api/token-store.js';
import { ownershipOf } from './ownership.js';
import { logOut, startSession } from './session-actions.js';

/** What a screen knows about the session. */
export interface SessionState {
  token: string | null;
  signedIn: boolean;
  /** The profile once loaded; undefined while loading or signed out. */
  profile: Profile | undefined;
  isAdministrator: boolean;
  /** The organisation owner (spec: user id equals owner_id), as ownershipOf reads it. */
  isOwner: boolean;
  isDataAdministrator: boolean;
}

/** Reads the session: token, profile and the role flags derived from it. */
export function useSession(): SessionState {
  const token = useToken();
  const { data } = useProfile();
  const profile = token && data ? data : undefined;
  return {
    token,
    signedIn: token !== null,
    profile,
    isAdministrator: profile?.administrator === true,
    isOwner: ownershipOf(profile).isOwner,
    isDataAdministrator: profile?.data_administrator === true,
  };
}

/** Session actions bound to this app's query cache and router. */
export interface SessionActions {
  /** Call after a 201 from POST /users/sign_in.json with the Authorization header and the body. */
  startSession(token: string, profile: Profile): void;
  /** DELETE /users/sign_out.json, clear the session, go to /login. */
  logOut(): Promise<void>;
}

/** The session actions for components. */
export function useSessionActions(): SessionActions {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      startSession: (token, profile) => startSession(queryClient, token, profile),
      logOut: () => logOut(queryClient, navigate),
    }),
    [queryClient, navigate],
  );
}
