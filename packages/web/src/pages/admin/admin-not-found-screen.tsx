import { Link } from 'react-router';
import { paths } from '../../navigation/paths.js';

/** An admin path that does not exist (spec section 2: a not-found screen inside the admin area). */
export function Component() {
  return (
    <section className="admin-not-found" aria-labelledby="admin-not-found-title">
      <h1 id="admin-not-found-title" className="admin__title">
        Page not found
      </h1>
      <p>There is nothing at this address in the admin area.</p>
      <Link to={paths.adminChests}>Go to Chests</Link>
    </section>
  );
}
