import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useInvitationDetails } from '../../api/accounts-queries.js';
import type { InvitationContext } from './register-values.js';

/** The query parameter of the invitation e-mail's link (`/register?invitation_token=...`). */
export const INVITATION_TOKEN_PARAM = 'invitation_token';

/** The invitation the visitor registers through, if any. */
export interface InvitationState {
  /** Whether the visitor came through an invitation link. */
  invited: boolean;
  invitation: InvitationContext | null;
  loading: boolean;
  /** The link's invitation is unknown, used or expired. */
  invalid: boolean;
}

interface InvitationLocationState {
  invitationToken?: unknown;
}

/**
 * Reads the invitation token, moves it from the address bar into the history entry's state (so it
 * survives a reload but not a shared or logged URL), and loads what the invitation prefills.
 */
export function useInvitation(): InvitationState {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = new URLSearchParams(location.search).get(INVITATION_TOKEN_PARAM);
  const stored = (location.state as InvitationLocationState | null)?.invitationToken;
  const token = fromUrl ?? (typeof stored === 'string' ? stored : null);

  useEffect(() => {
    if (!fromUrl) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(INVITATION_TOKEN_PARAM);
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: { invitationToken: fromUrl } },
    );
  }, [fromUrl, location.pathname, location.search, location.hash, navigate]);

  const details = useInvitationDetails(token);

  // One object per invitation, so that screens can depend on it in effects.
  const invitation = useMemo(
    () => (token && details.data ? { token, ...details.data } : null),
    [token, details.data],
  );
  return {
    invited: token !== null,
    invitation,
    loading: token !== null && details.isPending,
    invalid: token !== null && details.isError,
  };
}
