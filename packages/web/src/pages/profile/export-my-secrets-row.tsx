import type { Profile } from '@coffer/core';
import { useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import { openSecureConfirm } from '../../components/modals/secure-confirm-modal.js';
import { ProgressBar } from '../../components/progress/progress-bar.js';
import { isAttachmentError } from '../../crypto-client/attachment-error.js';
import { isSecretAccessError } from '../../crypto-client/secret-access-error.js';
import { notify } from '../../lib/notification-store.js';
import type { MyExportProgress } from '../../secret-export/export-my-secrets.js';
import { exportMySecrets } from '../../secret-export/export-my-secrets.js';
import { saveFile } from '../../secret-export/save-file.js';
import { openExportChoiceModal } from './export-choice-modal.js';

/** SecureConfirm's title before a personal export. */
export const EXPORT_MY_CONFIRM_TITLE = 'Export my secrets?';
/** Shown when the export failed and gave no reason. */
export const MY_EXPORT_FAILED_MESSAGE = 'Your secrets could not be exported. Please try again.';

const count = (value: number) => value.toLocaleString('en-GB');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

// The crypto client's, the file transfer's and the server's texts are written for people; anything else is not.
function failureMessage(error: unknown): string {
  if (isSecretAccessError(error) || isAttachmentError(error)) return error.message;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return MY_EXPORT_FAILED_MESSAGE;
}

/** What the progress bar says in each phase. */
export function myExportProgressText(progress: MyExportProgress): string {
  switch (progress.phase) {
    case 'listing':
      return 'Listing your secrets…';
    case 'opening':
      return `Decrypting ${count(progress.done)} of ${count(progress.total)} secrets…`;
    case 'files':
      return `Downloading ${count(progress.done)} of ${count(progress.total)} files…`;
    case 'writing':
      return 'Writing the file…';
  }
}

/**
 * Account Settings' Export row (issue 28), for every user: the password proven first (SecureConfirm,
 * as the owner's export), then the format (the Coffer export with its own password, or Bitwarden's
 * JSON), then every secret the user can read is opened in this browser, with a progress bar, and the
 * file saved on this device. What could not be put in the file is said, never silently dropped.
 */
export function ExportMySecretsRow({ profile }: { profile: Profile }) {
  const [progress, setProgress] = useState<MyExportProgress | null>(null);

  const start = async () => {
    if (progress) return;
    const proven = await openSecureConfirm({
      title: EXPORT_MY_CONFIRM_TITLE,
      subtext: 'Enter your password. Then choose the format of the file.',
      confirmLabel: 'Continue',
      account: profile,
    });
    if (!proven) return;
    const choice = await openExportChoiceModal(profile);
    if (!choice) return;
    setProgress({ phase: 'listing' });
    try {
      const result = await exportMySecrets(profile.id, choice, { onProgress: setProgress });
      saveFile(result.file, result.fileName);
      const withFiles = result.files > 0 ? ` and ${plural(result.files, 'file', 'files')}` : '';
      notify({
        type: 'success',
        message: `${plural(result.exported, 'secret', 'secrets')}${withFiles} saved in ${result.fileName}.`,
      });
      if (result.skipped > 0)
        notify({
          type: 'error',
          message: `${plural(result.skipped, 'secret', 'secrets')} could not be decrypted in this browser and ${result.skipped === 1 ? 'is' : 'are'} not in the file.`,
        });
      if (result.filesDamaged > 0)
        notify({
          type: 'error',
          message: `${plural(result.filesDamaged, 'file is', 'files are')} damaged and not in the file.`,
        });
      if (result.filesLeftOut > 0)
        notify({
          type: 'info',
          message: `${plural(result.filesLeftOut, 'file', 'files')} attached to your secrets ${result.filesLeftOut === 1 ? 'is' : 'are'} not in a Bitwarden file: choose the Coffer export to keep them.`,
        });
    } catch (error) {
      notify({ type: 'error', message: failureMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  // Listing shows an empty bar, decrypting and downloading fill it, writing shows it full.
  const bar =
    progress?.phase === 'opening' || progress?.phase === 'files'
      ? { done: progress.done, total: progress.total }
      : { done: progress?.phase === 'writing' ? 1 : 0, total: 1 };
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Export</h2>
      <p className="settings-row__value">
        Every secret you can read, decrypted in this browser: a password-protected Coffer export, or Bitwarden
        JSON.
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={progress !== null}
        onClick={() => void start()}
      >
        Export my secrets
      </button>
      {progress ? (
        <div className="settings-row__progress">
          <ProgressBar
            label="Exporting my secrets"
            done={bar.done}
            total={bar.total}
            text={myExportProgressText(progress)}
          />
        </div>
      ) : null}
    </div>
  );
}
