import { PAGE_TRANSITION_MS } from '@coffer/core';
import type { CSSProperties } from 'react';
import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRouteHandle } from '../../navigation/route-handle.js';
import { useSession } from '../../session/use-session.js';
import { KeyTrustHost } from '../key-trust/key-trust-host.js';
import { OwnKeyAlarm } from '../key-trust/own-key-alarm.js';
import { useOwnKeyCheck } from '../key-trust/own-key-check-query.js';
import { GenesisConfirmNotice } from '../trust-log/genesis-confirm-notice.js';
import { TrustLogAlarmScreen } from '../trust-log/trust-log-alarm-screen.js';
import { useTrustLogSync } from '../trust-log/use-trust-log-sync.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { usePageTransition } from './use-page-transition.js';
import './layout.css';

/**
 * The layout route of every screen: header, the screen, footer. Every session it serves (a sign-in,
 * a reload, a profile the server answers again) first has the listed own key proven against the
 * private key unlocked here; a key that is not the user's replaces every screen with the alarm and
 * stops the background reshare, and so does a trust log that cannot be the one verified before (it is
 * synced and verified at once, then every few minutes). A new path fades the screen in (usePageTransition).
 */
export function AppLayout() {
  const { profile } = useSession();
  const notYours = useOwnKeyCheck(profile)?.status === 'not-yours';
  const organisationId = profile?.organisation?.id;
  // Not while a first personal password is due: the server answers nothing else until it is set.
  const trustLog = useTrustLogSync(
    profile && organisationId && !notYours && !profile.must_change_password
      ? { userId: profile.id, organisationId }
      : null,
  );
  // Either alarm stops everything: no screen, no background reshare.
  const blocked = notYours || trustLog.alarm !== null;
  const { pathname } = useLocation();
  const { pageTransition } = useRouteHandle();
  const mainRef = useRef<HTMLElement>(null);
  const onAnimationEnd = usePageTransition(mainRef, pageTransition === false ? null : pathname);
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      {blocked ? null : <KeyTrustHost />}
      {!blocked && trustLog.log && !trustLog.log.confirmed && trustLog.confirmGenesis ? (
        <GenesisConfirmNotice genesis={trustLog.log.genesis} confirm={trustLog.confirmGenesis} />
      ) : null}
      <main
        id="main"
        ref={mainRef}
        className="app-main"
        tabIndex={-1}
        style={{ '--page-transition': `${PAGE_TRANSITION_MS}ms` } as CSSProperties}
        onAnimationEnd={onAnimationEnd}
      >
        {notYours ? (
          <OwnKeyAlarm />
        ) : trustLog.alarm ? (
          <TrustLogAlarmScreen message={trustLog.alarm.message} />
        ) : (
          <Outlet />
        )}
      </main>
      <Footer />
    </div>
  );
}
