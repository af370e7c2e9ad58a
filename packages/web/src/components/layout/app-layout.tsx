import { Outlet } from 'react-router';
import { useSession } from '../../session/use-session.js';
import { KeyTrustHost } from '../key-trust/key-trust-host.js';
import { OwnKeyAlarm } from '../key-trust/own-key-alarm.js';
import { useOwnKeyCheck } from '../key-trust/own-key-check-query.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import './layout.css';

/**
 * The layout route of every screen: header, the screen, footer. Every session it serves (a sign-in,
 * a reload, a profile the server answers again) first has the listed own key proven against the
 * private key unlocked here; a key that is not the user's replaces every screen with the alarm and
 * stops the background reshare.
 */
export function AppLayout() {
  const { profile } = useSession();
  const notYours = useOwnKeyCheck(profile)?.status === 'not-yours';
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      {notYours ? null : <KeyTrustHost />}
      <main id="main" className="app-main" tabIndex={-1}>
        {notYours ? <OwnKeyAlarm /> : <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
