import type { Locator } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * In 'Confirm people before sharing' (or its 'Security warning' form), ticks each person the journey
 * confirms, one by one as the dialog asks (all of them unless `names` says whom), then shares: a save or
 * move shares only once everyone is ticked, a reshare with those ticked.
 */
export async function confirmPeopleAndShare(dialog: Locator, names?: readonly string[]): Promise<void> {
  // The dialog opens after the server's answers: wait for its first row before counting them.
  await expect(dialog.getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
  const ticks = names
    ? names.map((name) => dialog.getByRole('checkbox', { name: `Confirm ${name}` }))
    : await dialog.getByRole('checkbox').all();
  expect(ticks.length).toBeGreaterThan(0);
  // A tick waits for the names to be looked up, so the record keeps the name and e-mail shown.
  for (const tick of ticks) await tick.check();
  await dialog.getByRole('button', { name: /^(Share|Share with those confirmed)$/ }).click();
}
