import type { AttachmentRef } from '@coffer/core';
import { ATTACHMENT_MAX_BYTES, attachmentTooLargeMessage } from '@coffer/core';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import type { PendingAttachment } from '../../../crypto-client/attachment-save.js';
import { ProgressBar } from '../../progress/progress-bar.js';
import { formatFileSize } from './file-size.js';
import './attachments.css';

/** What the editor edits: the files kept (they go into the payload) and the files to upload on save. */
export interface AttachmentsDraft {
  attachments: AttachmentRef[];
  pending: PendingAttachment[];
}

/** Props of the form's attachments part. */
export interface AttachmentsEditorProps extends AttachmentsDraft {
  onChange: (next: AttachmentsDraft) => void;
  /** Upload progress by pending file (`localId` → bytes sent) while the form saves. */
  progress?: Readonly<Record<string, number>> | undefined;
  /** True while the form saves: nothing can be added or removed. */
  disabled?: boolean | undefined;
  /** The largest file accepted (the server's figure when known). */
  maxBytes?: number | undefined;
}

let localIds = 0;

/** A name for a file chosen in this page, until the server gives it an id. */
function nextLocalId(): string {
  localIds += 1;
  return `pending-${localIds}`;
}

/**
 * The form's files: those already attached and those chosen to upload when the form saves, each with
 * Remove; 'Attach file' and dropping files add more. A file over the limit is refused at once with
 * the limit's message and never uploaded. While the form saves, each new file shows its upload progress.
 */
export function AttachmentsEditor({
  attachments,
  pending,
  onChange,
  progress = {},
  disabled = false,
  maxBytes = ATTACHMENT_MAX_BYTES,
}: AttachmentsEditorProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const add = (files: readonly File[]) => {
    if (disabled || files.length === 0) return;
    const fitting = files.filter((file) => file.size <= maxBytes);
    setError(fitting.length < files.length ? attachmentTooLargeMessage(maxBytes) : null);
    if (fitting.length === 0) return;
    onChange({
      attachments,
      pending: [...pending, ...fitting.map((file) => ({ localId: nextLocalId(), file }))],
    });
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.target.files ?? [])]);
    // The same file may be chosen again after it was removed.
    event.target.value = '';
  };

  const dropped = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setOver(false);
    add([...(event.dataTransfer?.files ?? [])]);
  };

  const dragOver = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };

  return (
    // The whole part takes dropped files, not only the drop hint.
    <fieldset
      className="attachments"
      disabled={disabled}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={dropped}
    >
      <legend className="attachments__title">Files</legend>
      {attachments.length + pending.length > 0 ? (
        <ul className="attachments__list" aria-label="Attached files">
          {attachments.map((ref) => (
            <li key={ref.id} className="attachments__item">
              <span>
                <span className="attachments__name">{ref.name}</span>{' '}
                <span className="attachments__meta">{formatFileSize(ref.size)}</span>
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={disabled}
                aria-label={`Remove ${ref.name}`}
                onClick={() => onChange({ attachments: attachments.filter((kept) => kept !== ref), pending })}
              >
                Remove
              </button>
            </li>
          ))}
          {pending.map(({ localId, file }) => {
            const sent = progress[localId];
            return (
              <li key={localId} className="attachments__item">
                <span>
                  <span className="attachments__name">{file.name}</span>{' '}
                  <span className="attachments__meta">
                    {formatFileSize(file.size)}
                    {sent === undefined ? ' · uploads when you save' : ''}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={disabled}
                  aria-label={`Remove ${file.name}`}
                  onClick={() =>
                    onChange({ attachments, pending: pending.filter((item) => item.localId !== localId) })
                  }
                >
                  Remove
                </button>
                {sent === undefined ? null : (
                  <ProgressBar
                    label={`Uploading ${file.name}`}
                    done={sent}
                    total={file.size}
                    text={`${formatFileSize(sent)} of ${formatFileSize(file.size)}`}
                  />
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={`attachments__drop${over ? ' attachments__drop--over' : ''}`}>
        <input
          ref={input}
          id={inputId}
          className="attachments__input"
          type="file"
          multiple
          disabled={disabled}
          aria-label="Attach file"
          onChange={chosen}
        />
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          Attach file
        </button>
        <span className="attachments__meta">
          or drop files here (at most {formatFileSize(maxBytes)} each)
        </span>
      </div>
      {error ? (
        <p className="attachments__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
