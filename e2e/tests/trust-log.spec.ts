import { expect, test } from '@playwright/test';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import { findEveryoneTeam } from '../support/secrets-api.js';
import { startTrustLogThroughApi } from '../support/trust-log.js';

// Issue 30: a member confirms the organisation once, by comparing its fingerprint's words with the
// owner's; the confirmation is signed into their checkpoint, so another browser of theirs knows it.

test('trust log: a member compares the organisation’s words with the owner’s once, and a new browser of theirs remembers it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const everyone = await findEveryoneTeam(admin);
  const ada = await createMemberThroughApi(admin, testInfo, 'ada', [everyone.id]);
  await startTrustLogThroughApi(admin, account.company);

  const ownerContext = await browser.newContext();
  const adaContext = await browser.newContext();
  const adaElsewhere = await browser.newContext();
  try {
    // The owner signed the genesis: nothing to confirm; Account Settings shows the words.
    const ownerPage = await ownerContext.newPage();
    await signInThroughUi(ownerPage, account.email, account.password);
    await ownerPage.goto('/profile');
    const ownersWords = await ownerPage
      .getByTestId('organisation-record')
      .getByTestId('fingerprint-words')
      .textContent();
    expect(ownersWords?.split(' ')).toHaveLength(8);
    await expect(ownerPage.getByRole('heading', { name: 'Confirm your organisation' })).toHaveCount(0);

    // Ada, once she has her own password, is asked to compare; the words are the owner's.
    const adaPage = await adaContext.newPage();
    const adasPassword = await onboardMember(adaPage, ada);
    const notice = adaPage.getByRole('region', { name: 'Confirm your organisation' });
    await expect(notice).toBeVisible();
    await expect(notice.getByTestId('fingerprint-words')).toHaveText(ownersWords as string);
    await notice.getByRole('button', { name: 'They match' }).click();
    await expect(notice).toHaveCount(0);
    await adaPage.reload();
    await expect(
      adaPage.getByRole('heading', { name: 'Secrets' }).or(adaPage.locator('#main')),
    ).not.toHaveCount(0);
    await expect(adaPage.getByRole('region', { name: 'Confirm your organisation' })).toHaveCount(0);

    // A browser that never saw the log reads her signed checkpoint from the server: not asked again.
    const elsewhere = await adaElsewhere.newPage();
    await signInThroughUi(elsewhere, ada.email, adasPassword);
    await elsewhere.goto('/profile');
    await expect(elsewhere.getByTestId('organisation-record').getByTestId('fingerprint-words')).toHaveText(
      ownersWords as string,
    );
    await expect(elsewhere.getByRole('region', { name: 'Confirm your organisation' })).toHaveCount(0);
  } finally {
    await Promise.all([ownerContext.close(), adaContext.close(), adaElsewhere.close()]);
  }
});
