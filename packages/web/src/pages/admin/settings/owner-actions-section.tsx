import { DeleteOrganisationRow } from './delete-organisation-row.js';
import { ExportSecretsRow } from './export-secrets-row.js';
import { OrganisationNameRow } from './organisation-name-row.js';
import { TransferOwnershipRow } from './transfer-ownership-row.js';

/**
 * The settings' Owner Actions (spec sections 2 and 6, the owner only): the organisation's name,
 * download all secrets, transfer ownership, delete the organisation.
 */
export function OwnerActionsSection() {
  return (
    <div className="settings-rows">
      <OrganisationNameRow />
      <ExportSecretsRow />
      <TransferOwnershipRow />
      <DeleteOrganisationRow />
    </div>
  );
}
