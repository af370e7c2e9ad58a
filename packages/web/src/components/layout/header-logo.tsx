import { Link } from 'react-router';
import { removeStorage, STORAGE_KEYS } from '../../lib/local-storage.js';
import { paths } from '../../navigation/paths.js';
import { CofferLogo } from './coffer-logo.js';
import { searchReset } from './search-reset-event.js';

/** The header logo: goes to /, forgets the last chest viewed and empties the search box. */
export function HeaderLogo() {
  const onClick = () => {
    removeStorage(STORAGE_KEYS.lastChest);
    searchReset.emit();
  };
  return (
    <Link to={paths.home} className="header__logo" onClick={onClick}>
      <CofferLogo />
    </Link>
  );
}
