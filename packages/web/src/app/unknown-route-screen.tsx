import { useLocation } from 'react-router';

/** The catch-all screen (spec section 2): 'Unknown route: {path}'. Lazy-loaded by the route table. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <section className="unknown-route">
      <h1 className="unknown-route__text">{`Unknown route: ${pathname}`}</h1>
    </section>
  );
}
