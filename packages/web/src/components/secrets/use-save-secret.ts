import type { SecretPayload } from '@coffer/core';
import { withPasswordHistory } from '@coffer/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshProfile } from '../../api/accounts-queries.js';
import { invalidateSecretLists } from '../../api/secrets-queries.js';
import { withAttachments } from '../../crypto-client/attachment-refs.js';
import type { AttachmentChanges, SaveRevision } from '../../crypto-client/attachment-save.js';
import { saveWithAttachments } from '../../crypto-client/attachment-save.js';
import type { EditTarget, SavedSecret, SecretDraft } from '../../crypto-client/save-secret.js';
import { createEncryptedSecret, updateEncryptedSecret } from '../../crypto-client/save-secret.js';
import { confirmPeople } from '../key-trust/confirm-people-modal.js';
import { computeStrength } from './compute-strength.js';
import type { SecretFormValues } from './secret-form-values.js';
import { toPayload } from './secret-form-values.js';

/** A form's save: its values, and for an edit the secret and revision it was opened at. */
export interface SecretSave {
  values: SecretFormValues;
  editTarget?: EditTarget | undefined;
  /** For an edit, the payload as opened: a password or hidden field it replaces goes to the history. */
  previous?: SecretPayload | undefined;
  /** The form's files: those kept and those to upload (none: the payload's files stay as they are). */
  attachments?: AttachmentChanges | undefined;
  /** Upload progress of each new file, by its local id. */
  onUploadProgress?: ((localId: string, done: number) => void) | undefined;
  /** The largest file the server takes. */
  fileMax?: number | undefined;
}

/** What a save answers: the id, the new revision, and the name and chest saved. */
export type SavedSecretWithName = SavedSecret & { name: string; vaultId: string };

/**
 * The draft the crypto client seals: the payload (with the values an edit replaced in its history),
 * and the strength (1–5) of a password secret.
 */
export async function buildDraft(
  values: SecretFormValues,
  previous?: SecretPayload,
  now: Date = new Date(),
): Promise<SecretDraft> {
  const edited = toPayload(values);
  const payload = previous ? withPasswordHistory(previous, edited, now) : edited;
  const password = 'password' in payload ? payload.password : '';
  return {
    vaultId: values.vaultId,
    name: values.name.trim(),
    category: values.category,
    payload,
    strength: values.category === 'password' ? await computeStrength(password, [values.name]) : null,
    // Only a password secret has a sign-in form to fill; a category switched away saves it off.
    formFill: values.category === 'password' && values.formFill,
    hidden: values.hidden,
  };
}

/**
 * Saves the secret form as a mutation: sealed and wrapped in this browser (crypto client), then the
 * lists refetch. After a first creation the profile refetches before the save settles (the server
 * sets has_secret; the welcome flow advances from the cached profile).
 */
export function useSaveSecret(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      values,
      editTarget,
      previous,
      attachments,
      onUploadProgress,
      fileMax,
    }: SecretSave): Promise<SavedSecretWithName> => {
      const draft = await buildDraft(values, editTarget ? previous : undefined);
      const saveRevision: SaveRevision = (files, target) => {
        const withFiles = attachments ? { ...draft, payload: withAttachments(draft.payload, files) } : draft;
        return target
          ? updateEncryptedSecret(target, withFiles, userId, { confirm: confirmPeople })
          : createEncryptedSecret(withFiles, userId, { confirm: confirmPeople });
      };
      // Files upload before the payload that names them is sealed (attachment-save.ts says why).
      const saved: SavedSecret = attachments
        ? await saveWithAttachments(editTarget, attachments, saveRevision, {
            ...(onUploadProgress ? { onProgress: onUploadProgress } : {}),
            ...(fileMax !== undefined ? { maxBytes: fileMax } : {}),
          })
        : await saveRevision([], editTarget);
      return { ...saved, name: draft.name, vaultId: draft.vaultId };
    },
    onSuccess: async (_saved, { editTarget }) => {
      void invalidateSecretLists(queryClient);
      if (!editTarget) await refreshProfile(queryClient);
    },
  });
}
