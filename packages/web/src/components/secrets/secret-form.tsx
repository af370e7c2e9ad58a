import type { Chest } from '@coffer/core';
import { ATTACHMENT_MAX_BYTES, SECRET_CATEGORIES } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { attachmentStorageQuery } from '../../api/attachments-queries.js';
import { isAttachmentError } from '../../crypto-client/attachment-error.js';
import { SavedWithoutFilesError } from '../../crypto-client/attachment-save.js';
import type { EditTarget } from '../../crypto-client/save-secret.js';
import { toSecretAccessError } from '../../crypto-client/to-secret-access-error.js';
import { notify } from '../../lib/notification-store.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import { usePlanLimitOffer } from '../billing/use-plan-limit-offer.js';
import { openNewChestModal } from '../chests/new-chest-modal.js';
import { CheckboxField } from '../form-fields/checkbox-field.js';
import { ErrorBanner } from '../form-fields/error-banner.js';
import { SelectField } from '../form-fields/select-field.js';
import { TextField } from '../form-fields/text-field.js';
import { AttachmentsEditor } from './attachments/attachments-editor.js';
import { useAttachmentsDraft } from './attachments/use-attachments-draft.js';
import { CategoryFields } from './category-fields.js';
import type { SecretFormStart } from './secret-form-values.js';
import { CATEGORY_LABELS } from './secret-labels.js';
import type { SavedSecretWithName } from './use-save-secret.js';
import { useSaveSecret } from './use-save-secret.js';
import { useSecretForm } from './use-secret-form.js';
import './secrets.css';

/** '{Name} created!' (spec section 4). */
export const createdMessage = (name: string) => `${name} created!`;
/** The notice after an edit is saved. */
export const updatedMessage = (name: string) => `${name} updated!`;
/** The label of the 'hide secret' toggle of the admin forms (spec section 2). */
export const HIDE_SECRET_LABEL = "Don't show this secret to users";
/** The button an administrator gets when no chest exists yet. */
export const CREATE_CHEST_LABEL = 'Create a Chest';

/** Props of the new/edit secret form. */
export interface SecretFormProps {
  /** The signed-in user's id (their key unwraps the secret's key on edit). */
  userId: string;
  /** Absent for a new secret. */
  editTarget?: EditTarget | undefined;
  start?: SecretFormStart;
  /** The chests the user may write to (the picker offers only these). */
  chests: readonly Chest[];
  chestsLoading?: boolean;
  /** Administrators' forms show the 'hide secret' toggle. */
  allowHide?: boolean;
  /** With no chest to pick, administrators may create one here (a new organisation has none). */
  canCreateChest?: boolean;
  onSaved: (saved: SavedSecretWithName) => void;
  onCancel: () => void;
  /** The heading; 'New Secret' or 'Edit Secret' by default. */
  title?: string;
}

/**
 * The secret form for the four categories: validation with core's rules and messages, the chest
 * picker, the url split, digits-only phone fields, the generator and strength meter. Saving seals
 * the payload in the browser and wraps its key for every reader of the chest (crypto-client).
 */
export function SecretForm({
  userId,
  editTarget,
  start = {},
  chests,
  chestsLoading,
  allowHide,
  canCreateChest,
  onSaved,
  onCancel,
  title,
}: SecretFormProps) {
  const form = useSecretForm(start);
  const nameRef = useRef<HTMLInputElement>(null);
  // Shift+N or Edit lands the keyboard in the form.
  useEffect(() => nameRef.current?.focus(), []);
  const { values, marks } = form;
  const saveSecret = useSaveSecret(userId);
  const offerTeamPlan = usePlanLimitOffer();
  const saving = saveSecret.isPending;
  const files = useAttachmentsDraft(start.payload?.attachments ?? [], saving);
  // The server's own file limit, so a file is refused here by the figure the server would use.
  const fileMax =
    useQuery({ ...attachmentStorageQuery(), retry: false }).data?.file_max ?? ATTACHMENT_MAX_BYTES;
  const editing = editTarget !== undefined;

  const save = async () => {
    if (saving || !form.validate()) return;
    let saved: SavedSecretWithName;
    try {
      saved = await saveSecret.mutateAsync({
        values,
        editTarget,
        previous: start.payload,
        attachments: files.changes(),
        onUploadProgress: files.onProgress,
        fileMax,
      });
    } catch (error) {
      files.clearProgress();
      // A new secret stored without its files: it exists, so the form closes on it and says why.
      if (error instanceof SavedWithoutFilesError) {
        notify({ type: 'error', message: error.message });
        onSaved({ ...error.saved, name: values.name.trim(), vaultId: values.vaultId });
        return;
      }
      if (isAttachmentError(error)) {
        marks.showErrors([error.message]);
        return;
      }
      const failure = toSecretAccessError(error);
      if (failure.kind === 'limit' || failure.kind === 'server' || failure.kind === 'key-changed')
        notify({ type: 'error', message: failure.message });
      if (failure.kind === 'limit') offerTeamPlan();
      marks.showErrors([failure.message]);
      return;
    }
    notify({ type: 'success', message: editing ? updatedMessage(saved.name) : createdMessage(saved.name) });
    onSaved(saved);
  };

  useShortcuts([
    { id: 'secret-form.save', keys: 'Shift+S', description: 'Save the secret', run: () => void save() },
  ]);

  const chestOptions = chests.map((chest) => ({ value: chest.id, label: chest.name }));
  return (
    <form
      className="secret-form"
      aria-label={editing ? 'Edit Secret' : 'New Secret'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 className="secret-form__title">{title ?? (editing ? 'Edit Secret' : 'New Secret')}</h2>
      <ErrorBanner errors={marks.errors} />
      {editing ? null : (
        <SelectField
          label="Type"
          value={values.category}
          options={SECRET_CATEGORIES.map((category) => ({
            value: category,
            label: CATEGORY_LABELS[category],
          }))}
          onValueChange={(category) => form.setCategory(category as (typeof SECRET_CATEGORIES)[number])}
        />
      )}
      <TextField
        label="Name"
        value={values.name}
        onValueChange={form.setName}
        invalid={marks.isMarked('name')}
        autoComplete="off"
        inputRef={nameRef}
      />
      <SelectField
        label="Chest"
        value={values.vaultId}
        options={chestOptions}
        placeholder={chestsLoading ? 'Loading chests…' : 'Select a Chest'}
        onValueChange={form.setChest}
        invalid={marks.isMarked('vault_id')}
      />
      {canCreateChest && !chestsLoading && chests.length === 0 ? (
        <p className="secret-form__no-chest">
          No Chests Found.{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              void openNewChestModal().then((chest) => {
                if (chest) form.setChest(chest.id);
              })
            }
          >
            {CREATE_CHEST_LABEL}
          </button>
        </p>
      ) : null}
      <CategoryFields form={form} />
      <AttachmentsEditor {...files.editorProps} maxBytes={fileMax} />
      {allowHide ? (
        <CheckboxField label={HIDE_SECRET_LABEL} checked={values.hidden} onCheckedChange={form.setHidden} />
      ) : null}
      <div className="secret-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
