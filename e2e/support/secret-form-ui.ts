import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { notice } from './dashboard-ui.js';

/** What the New Secret form is given: the Type, Name and Chest, then text fields and selects by label. */
export interface SecretFormDraft {
  type: 'password' | 'telephone' | 'address' | 'note';
  name: string;
  chest: string;
  fields: Record<string, string>;
  selects?: Record<string, string>;
  /** Checkboxes to tick, by label. */
  checks?: string[];
}

/** Adds a secret from the dashboard's Add Secret form, as a user does, and waits for its notice. */
export async function createSecretThroughForm(page: Page, draft: SecretFormDraft): Promise<void> {
  await page.getByRole('button', { name: 'Add Secret' }).click();
  const form = page.getByRole('form', { name: 'New Secret' });
  await form.getByLabel('Type').selectOption(draft.type);
  await form.getByLabel('Name', { exact: true }).fill(draft.name);
  await form.getByLabel('Chest').selectOption({ label: draft.chest });
  for (const [label, value] of Object.entries(draft.fields)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  for (const [label, value] of Object.entries(draft.selects ?? {})) {
    await form.getByLabel(label, { exact: true }).selectOption(value);
  }
  for (const label of draft.checks ?? []) await form.getByRole('checkbox', { name: label }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, `${draft.name} created!`)).toBeVisible({ timeout: 20_000 });
}
