import type { Secret } from '@coffer/core';
import { isUuid } from '@coffer/core';
import { OpenedSecretStatus } from '../../components/secrets/opened-secret-status.js';
import { SecretViewer } from '../../components/secrets/secret-viewer.js';
import { notFoundState } from '../../components/secrets/use-opened-secret.js';
import { SECRET_ADDRESS_NOT_FOUND_MESSAGE } from '../../crypto-client/secret-access-error.js';

interface AddressedSecretViewerProps {
  secretId: string;
  userId: string;
  onClose: () => void;
  canEdit: (secret: Secret) => boolean;
  onEdit: (secret: Secret) => void;
}

/**
 * The viewer of the secret the address names (/secrets/<id>). Whoever followed the link came for this
 * secret, so a 404 stays in the panel and says so in words that do not tell a missing secret from one
 * the user may not read. An id that is not a secret id is answered the same way without asking the
 * server (secret ids are UUIDs, chosen by the client).
 */
export function AddressedSecretViewer({
  secretId,
  userId,
  onClose,
  canEdit,
  onEdit,
}: AddressedSecretViewerProps) {
  if (!isUuid(secretId)) {
    return (
      <OpenedSecretStatus
        state={notFoundState(SECRET_ADDRESS_NOT_FOUND_MESSAGE)}
        className="secret-viewer"
        label="Secret"
        onClose={onClose}
      />
    );
  }
  return (
    <SecretViewer
      secretId={secretId}
      userId={userId}
      onClose={onClose}
      canEdit={canEdit}
      onEdit={onEdit}
      notFoundMessage={SECRET_ADDRESS_NOT_FOUND_MESSAGE}
    />
  );
}
