import type { PasswordPayload, PayloadExtras, Secret } from '@coffer/core';
import { useEffect } from 'react';
import { notify } from '../../lib/notification-store.js';
import { PasswordStrengthMeter } from '../strength/password-strength-meter.js';
import { AttachmentsViewer } from './attachments/attachments-viewer.js';
import { OpenedSecretStatus } from './opened-secret-status.js';
import { PasswordHistoryView } from './password-history-view.js';
import { SecretFields } from './secret-fields.js';
import { CATEGORY_LABELS, FORM_FILL_VIEW } from './secret-labels.js';
import { notFoundState, useOpenedSecret } from './use-opened-secret.js';
import './secrets.css';
import { HeaderMarker, useUnderTrustLog } from './signed-secret-name.js';

/** Props of the secret viewer. */
export interface SecretViewerProps {
  secretId: string;
  userId: string;
  onClose: () => void;
  /** 'Edit Secret' shows when this answers true for the opened secret. */
  canEdit?: ((secret: Secret) => boolean) | undefined;
  onEdit?: ((secret: Secret) => void) | undefined;
  /** Leaves out Close and Edit Secret: the admin screen shows them in its footer. */
  hideActions?: boolean;
  /**
   * Shown in the viewer when the server answers 404; without it the viewer shows the spec's reshare
   * notification and closes (spec section 8).
   */
  notFoundMessage?: string | undefined;
}

/**
 * Shows a secret decrypted in this browser: its fields with copy buttons, reveal for the password,
 * the authenticator code, custom fields, every URL with its rule, the strength meter, the password
 * history; an integrity error instead of any data when decryption fails; the spec's
 * reshare text (and closing) when the server has no key for the user.
 */
export function SecretViewer({
  secretId,
  userId,
  onClose,
  canEdit,
  onEdit,
  hideActions,
  notFoundMessage,
}: SecretViewerProps) {
  const state = useOpenedSecret(secretId, userId);
  const underLog = useUnderTrustLog();
  const notFound = state.status === 'error' && state.error.kind === 'not-found';
  const closeOnNotFound = notFound && notFoundMessage === undefined;

  useEffect(() => {
    if (!closeOnNotFound || state.status !== 'error') return;
    notify({ type: 'error', message: state.error.message });
    onClose();
  }, [closeOnNotFound, state, onClose]);

  if (state.status !== 'ready') {
    const shown = notFound && notFoundMessage !== undefined ? notFoundState(notFoundMessage) : state;
    return <OpenedSecretStatus state={shown} className="secret-viewer" label="Secret" onClose={onClose} />;
  }

  const { secret, payload, header } = state.opened;
  return (
    <section className="secret-viewer" aria-labelledby="secret-viewer-title">
      <header className="secret-viewer__header">
        <h2 id="secret-viewer-title" className="secret-viewer__title">
          {secret.name}
          {underLog && !header.verified ? (
            <>
              {' '}
              <HeaderMarker kind="unverified" />
            </>
          ) : null}
        </h2>
        <p className="secret-viewer__meta">
          {CATEGORY_LABELS[secret.category]}
          {secret.vault?.name ? ` · ${secret.vault.name}` : ''}
        </p>
      </header>
      <SecretFields category={secret.category} payload={payload} />
      <AttachmentsViewer secretId={secret.id} attachments={(payload as PayloadExtras).attachments ?? []} />
      {secret.category === 'password' && (payload as PasswordPayload).password !== '' ? (
        <div className="secret-viewer__strength">
          <span className="secret-field__label">Strength</span>
          <PasswordStrengthMeter password={(payload as PasswordPayload).password} />
        </div>
      ) : null}
      {secret.category === 'password' ? (
        <p className="secret-viewer__form-fill">
          <span className="secret-field__label">{FORM_FILL_VIEW.label}</span>
          <span>{secret.form_fill ? FORM_FILL_VIEW.on : FORM_FILL_VIEW.off}</span>
        </p>
      ) : null}
      <PasswordHistoryView history={(payload as PayloadExtras).history ?? []} />
      {hideActions ? null : (
        <div className="secret-viewer__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          {onEdit && canEdit?.(secret) ? (
            <button type="button" className="button button--primary" onClick={() => onEdit(secret)}>
              Edit Secret
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
