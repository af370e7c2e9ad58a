import { AutoLogoutRow } from './auto-logout-row.js';
import { ImportSecretsRow } from './import-secrets-row.js';
import { ReshareRow } from './reshare-row.js';

/** The settings' General section (spec section 2): Reshare Missing Keys, Auto Logout, and Import Secrets (issue 28). */
export function GeneralSection() {
  return (
    <div className="settings-rows">
      <ReshareRow />
      <AutoLogoutRow />
      <ImportSecretsRow />
    </div>
  );
}
