import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/use-session.js';
import type { ShortcutContext } from './shortcut-types.js';

/** The context shortcuts see: current path, navigate, session and the query cache. */
export function useShortcutContext(): ShortcutContext {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({ pathname, navigate, session, queryClient }),
    [pathname, navigate, session, queryClient],
  );
}
