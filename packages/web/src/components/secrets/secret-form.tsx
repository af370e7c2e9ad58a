import type { Chest, Profile } from '@coffer/core';
import { SECRET_CATEGORIES } from '@coffer/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateSecretLists } from '../../api/secrets-queries.js';
import type { EditTarget, SavedSecret } from '../../crypto-client/save-secret.js';
import { createEncryptedSecret, updateEncryptedSecret } from '../../crypto-client/save-secret.js';
import { toSecretAccessError } from '../../crypto-client/to-secret-access-error.js';
import { profileQueryKey } from '../../session/profile-query.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import { CheckboxField } from '../form-fields/checkbox-field.js';
import { ErrorBanner } from '../form-fields/error-banner.js';
import { TextField } from '../form-fields/text-field.js';
import { notify } from '../notifications/notification-store.js';
import { CategoryFields } from './category-fields.js';
import { computeStrength } from './compute-strength.js';
import type { SecretFormStart } from './secret-form-values.js';
import { toPayload } from './secret-form-values.js';
import { CATEGORY_LABELS } from './secret-labels.js';
import { SelectField } from './select-field.js';
import { useSecretForm } from './use-secret-form.js';
import './secrets.css';

/** '{Name} created!' (spec section 4). */
export const createdMessage = (name: string) => `${name} created!`;
/** The notice after an edit is saved. */
export const updatedMessage = (name: string) => `${name} updated!`;
/** The label of the 'hide secret' toggle of the admin forms (spec section 2). */
export const HIDE_SECRET_LABEL = "Don't show this secret to users";

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
  onSaved: (saved: SavedSecret & { name: string }) => void;
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
  onSaved,
  onCancel,
  title,
}: SecretFormProps) {
  const form = useSecretForm(start);
  const nameRef = useRef<HTMLInputElement>(null);
  // Shift+N or Edit lands the keyboard in the form.
  useEffect(() => nameRef.current?.focus(), []);
  const { values, marks } = form;
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const editing = editTarget !== undefined;

  const save = async () => {
    if (saving || !form.validate()) return;
    setSaving(true);
    try {
      const payload = toPayload(values);
      const password = 'password' in payload ? payload.password : '';
      const draft = {
        vaultId: values.vaultId,
        name: values.name.trim(),
        category: values.category,
        payload,
        strength: values.category === 'password' ? await computeStrength(password, [values.name]) : null,
        formFill: values.formFill,
        hidden: values.hidden,
      };
      const saved = editTarget
        ? await updateEncryptedSecret(editTarget, draft, userId)
        : await createEncryptedSecret(draft, userId);
      notify({ type: 'success', message: editing ? updatedMessage(draft.name) : createdMessage(draft.name) });
      void invalidateSecretLists(queryClient);
      // The server sets has_secret on a first creation; the welcome flow advances from the cached profile.
      if (!editing)
        queryClient.setQueryData<Profile | null>(profileQueryKey, (p) =>
          p ? { ...p, has_secret: true } : p,
        );
      onSaved({ ...saved, name: draft.name });
    } catch (error) {
      const failure = toSecretAccessError(error);
      if (failure.kind === 'limit' || failure.kind === 'server' || failure.kind === 'key-changed')
        notify({ type: 'error', message: failure.message });
      marks.showErrors([failure.message]);
    } finally {
      setSaving(false);
    }
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
      <CategoryFields form={form} />
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
