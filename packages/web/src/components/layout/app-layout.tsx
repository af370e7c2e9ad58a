import { Outlet } from 'react-router';
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
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
