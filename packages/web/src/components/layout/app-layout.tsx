import { Outlet } from 'react-router';
import { KeyTrustHost } from '../key-trust/key-trust-host.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import './layout.css';

/** The layout route of every screen: header, the screen, footer. */
export function AppLayout() {
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <KeyTrustHost />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
