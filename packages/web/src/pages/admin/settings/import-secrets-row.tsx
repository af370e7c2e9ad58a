import { Link } from 'react-router';
import { paths } from '../../../navigation/paths.js';

/**
 * Import Secrets (issue 28): the administrators' way to the import wizard from the settings; the
 * account menu leads there too, for everyone.
 */
export function ImportSecretsRow() {
  return (
    <div className="settings-row">
      <h3 className="settings-row__label">Import Secrets</h3>
      <p className="settings-row__value">
        Another password manager's export, read and encrypted in this browser, into any chest.
      </p>
      <Link className="button button--secondary button--small" to={paths.import}>
        Import <span className="visually-hidden">secrets</span>
      </Link>
    </div>
  );
}
