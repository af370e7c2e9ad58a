import { Link, useLocation } from 'react-router';
import { isAdminPath, paths } from '../../app/paths.js';

/** For administrators: a link to the admin area, which reads 'Back to dashboard' inside it. */
export function AdminLink() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) {
    return (
      <Link to={paths.home} className="header__link">
        Back to dashboard
      </Link>
    );
  }
  return (
    <Link to={paths.admin} className="header__link">
      Admin
    </Link>
  );
}
