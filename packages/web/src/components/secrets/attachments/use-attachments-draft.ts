import type { AttachmentRef } from '@coffer/core';
import { useCallback, useMemo, useState } from 'react';
import type { AttachmentChanges } from '../../../crypto-client/attachment-save.js';
import type { AttachmentsDraft, AttachmentsEditorProps } from './attachments-editor.js';

/** The form's files and what a save needs of them (see saveWithAttachments). */
export interface AttachmentsDraftState {
  draft: AttachmentsDraft;
  /** Spread into <AttachmentsEditor>. */
  editorProps: AttachmentsEditorProps;
  /** What changed since the form opened: pass to saveWithAttachments. */
  changes: () => AttachmentChanges;
  /** Pass as saveWithAttachments' onProgress: the editor shows each new file's bar. */
  onProgress: (localId: string, done: number) => void;
  /** After a save (or a failed one): the bars go. */
  clearProgress: () => void;
  /** Starts again from these files (after a save: the refs now stored, nothing pending). */
  reset: (attachments: readonly AttachmentRef[]) => void;
}

/**
 * Keeps the secret form's files: `before` (the opened revision's refs, [] for a new secret), the
 * ones kept, the new ones waiting for the save and their upload progress.
 */
export function useAttachmentsDraft(
  before: readonly AttachmentRef[],
  disabled = false,
): AttachmentsDraftState {
  const [opened, setOpened] = useState<readonly AttachmentRef[]>(before);
  const [draft, setDraft] = useState<AttachmentsDraft>({ attachments: [...before], pending: [] });
  const [progress, setProgress] = useState<Record<string, number>>({});

  const onProgress = useCallback((localId: string, done: number) => {
    setProgress((current) => ({ ...current, [localId]: done }));
  }, []);
  const clearProgress = useCallback(() => setProgress({}), []);
  const reset = useCallback((attachments: readonly AttachmentRef[]) => {
    setOpened(attachments);
    setDraft({ attachments: [...attachments], pending: [] });
    setProgress({});
  }, []);
  const changes = useCallback(
    (): AttachmentChanges => ({ before: opened, kept: draft.attachments, added: draft.pending }),
    [opened, draft],
  );
  const editorProps = useMemo(
    (): AttachmentsEditorProps => ({ ...draft, onChange: setDraft, progress, disabled }),
    [draft, progress, disabled],
  );
  return { draft, editorProps, changes, onProgress, clearProgress, reset };
}
