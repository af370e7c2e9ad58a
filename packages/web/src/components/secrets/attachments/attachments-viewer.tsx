import type { AttachmentRef } from '@coffer/core';
import { useEffect, useRef, useState } from 'react';
import { isAttachmentError } from '../../../crypto-client/attachment-error.js';
import { downloadAttachment } from '../../../crypto-client/attachment-transfer.js';
import { saveFile } from '../../../secret-export/save-file.js';
import { ProgressBar } from '../../progress/progress-bar.js';
import { formatFileSize } from './file-size.js';
import './attachments.css';

/** Props of the viewer's attachments part. */
export interface AttachmentsViewerProps {
  /** The opened secret's id: every chunk is bound to it. */
  secretId: string;
  /** The opened payload's files (normalisePayload keeps only well-formed refs); nothing shows when there are none. */
  attachments: readonly AttachmentRef[];
}

/**
 * The secret's files, by name and size, each with Download. Nothing is fetched until Download is
 * pressed (opening a secret costs the same with files or without); the file is then fetched,
 * opened chunk by chunk with its progress, and saved through an object URL. A damaged file says so
 * and saves nothing.
 */
export function AttachmentsViewer({ secretId, attachments }: AttachmentsViewerProps) {
  if (attachments.length === 0) return null;
  return (
    <section className="attachments" aria-labelledby="attachments-viewer-title">
      <h3 id="attachments-viewer-title" className="attachments__title">
        Files
      </h3>
      <ul className="attachments__list" aria-label="Files">
        {attachments.map((ref) => (
          <AttachmentRow key={ref.id} secretId={secretId} attachment={ref} />
        ))}
      </ul>
    </section>
  );
}

type RowState =
  | { status: 'idle' }
  | { status: 'loading'; done: number }
  | { status: 'error'; message: string };

function AttachmentRow({ secretId, attachment }: { secretId: string; attachment: AttachmentRef }) {
  const [state, setState] = useState<RowState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the secret cancels a download still running.
  useEffect(() => () => running.current?.abort(), []);

  const download = async () => {
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'loading', done: 0 });
    try {
      const blob = await downloadAttachment(secretId, attachment, {
        signal: controller.signal,
        onProgress: (done) => setState({ status: 'loading', done }),
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      saveFile(blob, attachment.name);
      setState({ status: 'idle' });
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ status: 'idle' });
        return;
      }
      const message = isAttachmentError(error) ? error.message : 'The file could not be downloaded.';
      setState({ status: 'error', message });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  return (
    <li className="attachments__item">
      <span>
        <span className="attachments__name">{attachment.name}</span>{' '}
        <span className="attachments__meta">{formatFileSize(attachment.size)}</span>
      </span>
      <span className="attachments__actions">
        {state.status === 'loading' ? (
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={`Cancel download of ${attachment.name}`}
            onClick={() => running.current?.abort()}
          >
            Cancel
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Download ${attachment.name}`}
            onClick={() => void download()}
          >
            Download
          </button>
        )}
      </span>
      {state.status === 'loading' ? (
        <ProgressBar
          label={`Downloading ${attachment.name}`}
          done={state.done}
          total={attachment.size}
          text={`${formatFileSize(state.done)} of ${formatFileSize(attachment.size)}`}
        />
      ) : null}
      {state.status === 'error' ? (
        <p className="attachments__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </li>
  );
}
