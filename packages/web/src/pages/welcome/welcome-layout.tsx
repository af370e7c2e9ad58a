import { WELCOME_FADE_MS } from '@coffer/core';
import { useMutation } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';
import { useWelcomeFlow } from './use-welcome-flow.js';
import './welcome.css';

/**
 * The frame of /welcome and its steps: only for first-time users (others go to /), a 500 ms fade
 * between pages, and the administrators' Skip link.
 */
export function Component() {
  const { profile, isAdministrator } = useSession();
  const { pathname } = useLocation();
  const flow = useWelcomeFlow();
  const skip = useMutation({ mutationFn: flow.skip });
  if (!profile) {
    return (
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    );
  }
  if (!profile.first_time) return <Navigate to={paths.home} replace />;

  return (
    <div className="welcome" style={{ '--welcome-fade': `${WELCOME_FADE_MS}ms` } as CSSProperties}>
      {isAdministrator ? (
        <div className="welcome__skip">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={skip.isPending}
            onClick={() => skip.mutate()}
          >
            Skip
          </button>
        </div>
      ) : null}
      <div key={pathname} className="welcome-fade">
        <Outlet />
      </div>
    </div>
  );
}
