import { AutoLogoutRow } from './auto-logout-row.js';
import { ReshareRow } from './reshare-row.js';

/** The settings' General section (spec section 2): Reshare Missing Keys and Auto Logout. */
export function GeneralSection() {
  return (
    <div className="settings-rows">
      <ReshareRow />
      <AutoLogoutRow />
    </div>
  );
}
