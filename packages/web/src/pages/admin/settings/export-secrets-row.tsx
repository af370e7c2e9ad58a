import { EXPORT_FILE_NAME } from '@coffer/core';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error.js';
import { openSecureConfirm } from '../../../components/modals/secure-confirm-modal.js';
import { ProgressBar } from '../../../components/progress/progress-bar.js';
import { isSecretAccessError } from '../../../crypto-client/secret-access-error.js';
import { notify } from '../../../lib/notification-store.js';
import type { ExportProgress } from '../../../secret-export/export-secrets.js';
import { exportAllSecrets } from '../../../secret-export/export-secrets.js';
import { saveFile } from '../../../secret-export/save-file.js';
import { useSession } from '../../../session/use-session.js';

/** SecureConfirm's title before an export. */
export const EXPORT_CONFIRM_TITLE = 'Download all secrets?';
/** Shown when the export failed and gave no reason. */
export const EXPORT_FAILED_MESSAGE = 'The secrets could not be exported. Please try again.';

const count = (value: number) => value.toLocaleString('en-GB');

// The crypto client's and the server's texts are written for people; anything else is not.
function exportFailureMessage(error: unknown): string {
  if (isSecretAccessError(error)) return error.message;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return EXPORT_FAILED_MESSAGE;
}

/** What the progress bar says in each phase. */
export function exportProgressText(progress: ExportProgress): string {
  switch (progress.phase) {
    case 'listing':
      return 'Listing the secrets…';
    case 'opening':
      return `Decrypting ${count(progress.done)} of ${count(progress.total)} secrets…`;
    case 'writing':
      return `Writing ${EXPORT_FILE_NAME}…`;
  }
}

/**
 * Download all secrets (the owner, spec sections 2 and 9): SecureConfirm asks for the password, then
 * this browser decrypts every secret it can read and saves them as secrets.xlsx, one sheet per
 * chest, with a progress bar meanwhile. Nothing decrypted is sent anywhere.
 */
export function ExportSecretsRow() {
  const { profile } = useSession();
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  const download = async () => {
    if (!profile || progress) return;
    const confirmed = await openSecureConfirm({
      title: EXPORT_CONFIRM_TITLE,
      subtext: `Every secret you can read is decrypted in this browser and saved in plain text as ${EXPORT_FILE_NAME}. Keep the file safe, and delete it when you no longer need it.`,
      confirmLabel: 'Download',
      account: profile,
    });
    if (!confirmed) return;
    setProgress({ phase: 'listing' });
    try {
      const result = await exportAllSecrets(profile.id, { onProgress: setProgress });
      saveFile(result.file, EXPORT_FILE_NAME);
      notify({
        type: 'success',
        message: `${count(result.exported)} ${result.exported === 1 ? 'secret' : 'secrets'} saved in ${EXPORT_FILE_NAME}.`,
      });
      if (result.skipped > 0) {
        notify({
          type: 'error',
          message: `${count(result.skipped)} ${result.skipped === 1 ? 'secret' : 'secrets'} could not be decrypted in this browser and ${result.skipped === 1 ? 'is' : 'are'} not in the file.`,
        });
      }
    } catch (error) {
      notify({ type: 'error', message: exportFailureMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  // Listing shows an empty bar, decrypting fills it, writing shows it full.
  const bar =
    progress?.phase === 'opening'
      ? { done: progress.done, total: progress.total }
      : { done: progress?.phase === 'writing' ? 1 : 0, total: 1 };
  return (
    <div className="settings-row">
      <h3 className="settings-row__label">Download Secrets</h3>
      <p className="settings-row__value">
        Every secret, decrypted in this browser, as {EXPORT_FILE_NAME} with one sheet per chest.
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={!profile || progress !== null}
        onClick={() => void download()}
      >
        Download <span className="visually-hidden">all secrets</span>
      </button>
      {progress ? (
        <div className="settings-row__progress">
          <ProgressBar
            label="Exporting secrets"
            done={bar.done}
            total={bar.total}
            text={exportProgressText(progress)}
          />
        </div>
      ) : null}
    </div>
  );
}
