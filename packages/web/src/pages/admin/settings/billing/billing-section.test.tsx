import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BillingServer } from '../../../../components/billing/testing/billing-fixtures.js';
import {
  accountRow,
  bodyOf,
  buildInvoice,
  buildPaymentMethod,
  buildSubscription,
  findCall,
  serveBilling,
} from '../../../../components/billing/testing/billing-fixtures.js';
import { notificationStore } from '../../../../lib/notification-store.js';
import { invitationRow } from '../../../../test/invitation-row-fixture.js';
import { renderApp } from '../../../../test/render-app.js';

const notices = () => notificationStore.get().map((notification) => notification.message);
const team = [accountRow('u-1', 'Ada Lovelace', true), accountRow('u-2', 'Ben Baker')];

async function openBilling(server: BillingServer = {}) {
  const calls = serveBilling({ users: team, ...server });
  const user = userEvent.setup();
  const app = renderApp('/admin/settings');
  await user.click(await screen.findByRole('tab', { name: 'Billing' }));
  const panel = await screen.findByRole('tabpanel', { name: 'Billing' });
  return { calls, user, panel: within(panel), ...app };
}

describe('Settings → Billing', () => {
  it('sums up the plan, the next payment, the card and the accounts', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2024, 6, 15) });
    const { panel } = await openBilling({
      subscription: buildSubscription(),
      methods: [buildPaymentMethod()],
    });
    const plan = within(await panel.findByRole('region', { name: 'Plan' }));
    expect(plan.getByText('Team Plan')).toBeTruthy();
    expect(plan.getByText('Active')).toBeTruthy();
    const next = within(panel.getByRole('region', { name: 'Next Payment' }));
    // 300 pence × 2 accounts.
    expect(await next.findByText('£6.00')).toBeTruthy();
    expect(next.getByText('2 accounts × £3.00 per month')).toBeTruthy();
    expect(next.getByText('Due on 01/08/2024')).toBeTruthy();
    const payment = within(panel.getByRole('region', { name: 'Payment Details' }));
    expect((await payment.findByTestId('billing-card')).textContent).toBe('Visa ending in 4242');
    expect(payment.getByText('Expires 04/2030')).toBeTruthy();
    expect(payment.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(payment.getByRole('button', { name: 'Apply a coupon' })).toBeTruthy();
    const accounts = within(panel.getByRole('table', { name: 'Accounts' }));
    expect(await accounts.findByText('Ben Baker')).toBeTruthy();
    expect(accounts.getByText('u-2@example.com')).toBeTruthy();
  });

  it("offers 'Enter Payment Details' without a card, and no coupon without a subscription", async () => {
    const { panel } = await openBilling();
    const payment = within(await panel.findByRole('region', { name: 'Payment Details' }));
    expect(await payment.findByRole('button', { name: 'Enter Payment Details' })).toBeTruthy();
    expect(payment.queryByRole('button', { name: 'Apply a coupon' })).toBeNull();
    expect(within(panel.getByRole('region', { name: 'Plan' })).getByText('Free')).toBeTruthy();
    expect(
      within(panel.getByRole('region', { name: 'Next Payment' })).getByText('No upcoming payment'),
    ).toBeTruthy();
  });

  it('gives each account User Details and Remove User (not for oneself)', async () => {
    const { panel, user, router, calls } = await openBilling({
      extra: { 'DELETE /api/v1/users/u-2.json': { status: 204 } },
    });
    const table = await panel.findByRole('table', { name: 'Accounts' });
    await within(table).findByText('Ben Baker');
    await user.click(within(table).getByRole('button', { name: 'Options for Ada Lovelace' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['User Details']);
    await user.keyboard('{Escape}');
    await user.click(within(table).getByRole('button', { name: 'Options for Ben Baker' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['User Details', 'Remove User']);
    await user.click(screen.getByRole('menuitem', { name: 'Remove User' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Ben Baker?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(findCall(calls, 'DELETE', '/api/v1/users/u-2.json')).toBeTruthy());
    await user.click(within(table).getByRole('button', { name: 'Options for Ben Baker' }));
    await user.click(screen.getByRole('menuitem', { name: 'User Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams/user'));
  });

  it('shows each pending invitation as an account holding a seat, with Resend and Revoke', async () => {
    const { panel, user, calls } = await openBilling({
      invitations: [
        invitationRow('i-1', 'nina@example.com', { name: 'Nina North' }),
        invitationRow('i-2', 'olga@example.com', { name: 'Old Olga', expired: true }),
      ],
      extra: { 'DELETE /api/v1/invitations/i-1.json': { status: 204 } },
    });
    const table = await panel.findByRole('table', { name: 'Accounts' });
    await within(table).findByText('Nina North');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.includes('Invited (holds a seat)'))).toEqual([
      false,
      false,
      true,
    ]);
    // An expired invitation holds no seat.
    expect(within(table).queryByText('Old Olga')).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Options for Nina North' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Resend Invitation', 'Revoke Invitation']);
    await user.click(screen.getByRole('menuitem', { name: 'Revoke Invitation' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Revoke the invitation of nina@example.com?' }),
      ).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(findCall(calls, 'DELETE', '/api/v1/invitations/i-1.json')).toBeTruthy());
  });

  it('stores a card from the payment view, then shows the summary and says so', async () => {
    const { panel, user, calls } = await openBilling({
      methods: [buildPaymentMethod()],
      extra: {
        'POST /api/v1/billing_api/test_payment_methods': { body: buildPaymentMethod({ id: 'pm_2' }) },
        'POST /api/v1/billing_api/customers/update_payment_method': {
          body: buildPaymentMethod({ id: 'pm_2' }),
        },
      },
    });
    await user.click(await panel.findByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Payment Details' }));
    expect(form.queryByLabelText('Coupon')).toBeNull();
    expect(form.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Ada Lovelace');
    await user.type(form.getByLabelText('Card Number'), '5555555555554444');
    await user.type(form.getByLabelText('Expiry'), '12/31');
    await user.type(form.getByLabelText('CVC'), '321');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices()).toContain('Billing information has been successfully updated'));
    expect(await panel.findByRole('region', { name: 'Plan' })).toBeTruthy();
    expect(bodyOf(findCall(calls, 'POST', '/api/v1/billing_api/customers/update_payment_method'))).toEqual({
      stripeId: 'pm_2',
    });
  });

  it('adds the first card with payment_method', async () => {
    const { panel, user, calls } = await openBilling({
      extra: {
        'POST /api/v1/billing_api/test_payment_methods': { body: buildPaymentMethod({ id: 'pm_3' }) },
        'POST /api/v1/billing_api/customers/payment_method': { body: buildPaymentMethod({ id: 'pm_3' }) },
      },
    });
    await user.click(await panel.findByRole('button', { name: 'Enter Payment Details' }));
    const form = within(await screen.findByRole('form', { name: 'Payment Details' }));
    await user.type(form.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.type(form.getByLabelText('Address Line 1'), '1 Main Street');
    await user.type(form.getByLabelText('City'), 'London');
    await user.selectOptions(form.getByLabelText('Country'), 'GB');
    await user.type(form.getByLabelText('Card Number'), '4242424242424242');
    await user.type(form.getByLabelText('Expiry'), '04/30');
    await user.type(form.getByLabelText('CVC'), '123');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(findCall(calls, 'POST', '/api/v1/billing_api/customers/payment_method')).toBeTruthy(),
    );
  });

  it('returns to the summary from the payment view with Back and with Escape', async () => {
    const { panel, user } = await openBilling();
    await user.click(await panel.findByRole('button', { name: 'Enter Payment Details' }));
    await screen.findByRole('form', { name: 'Payment Details' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await panel.findByRole('button', { name: 'Enter Payment Details' }));
    await screen.findByRole('form', { name: 'Payment Details' });
    await user.keyboard('{Escape}');
    expect(await panel.findByRole('region', { name: 'Plan' })).toBeTruthy();
  });

  it('lists invoices with Date, Amount, Status and Invoice, and downloads the PDF with the session', async () => {
    const pdf = '%PDF-1.7 fake';
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { panel, user, calls } = await openBilling({
      subscription: buildSubscription(),
      invoices: [buildInvoice()],
      extra: {
        'GET /api/v1/billing_api/invoices/in_1/pdf': {
          body: pdf,
          headers: { 'Content-Type': 'application/pdf' },
        },
      },
    });
    await user.click(await panel.findByRole('button', { name: 'See billing history' }));
    const table = within(await screen.findByRole('table', { name: 'Billing History' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Amount',
      'Status',
      'Invoice',
    ]);
    expect(await table.findByText('01/05/2024')).toBeTruthy();
    expect(table.getByText('£6.00')).toBeTruthy();
    expect(table.getByText('paid')).toBeTruthy();
    await user.click(table.getByRole('button', { name: 'Invoice PDF' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const download = findCall(calls, 'GET', '/api/v1/billing_api/invoices/in_1/pdf');
    expect(new Headers(download?.init.headers).get('Authorization')).toBe('Bearer tok');
    const [blob] = createObjectURL.mock.calls[0] ?? [];
    expect(await (blob as Blob).text()).toBe(pdf);
    expect((clicked.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('invoice-in_1.pdf');
    await user.keyboard('{Escape}');
    expect(await panel.findByRole('region', { name: 'Plan' })).toBeTruthy();
  });

  it("says 'You have no invoices' when there are none", async () => {
    const { panel, user } = await openBilling();
    await user.click(await panel.findByRole('button', { name: 'See billing history' }));
    expect(await screen.findByText('You have no invoices')).toBeTruthy();
  });

  it('applies a coupon from the payment details', async () => {
    const { panel, user, calls } = await openBilling({
      subscription: buildSubscription(),
      extra: { 'POST /api/v1/billing_api/subscriptions/promotion_update': { body: buildSubscription() } },
    });
    await user.click(await panel.findByRole('button', { name: 'Apply a coupon' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply a coupon' }));
    await user.type(dialog.getByLabelText('Coupon'), 'WELCOME10');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(notices()).toContain('Coupon WELCOME10 applied.'));
    expect(bodyOf(findCall(calls, 'POST', '/api/v1/billing_api/subscriptions/promotion_update'))).toEqual({
      promotion_code: 'WELCOME10',
    });
  });

  it('chooses the Team Plan in the plan view, pays, and lands on the settings from the plans flow', async () => {
    const { panel, user, calls, router } = await openBilling({
      customer: { metadata: { trialled: 'true' } },
      extra: {
        'POST /api/v1/billing_api/test_payment_methods': { body: buildPaymentMethod({ id: 'pm_9' }) },
        'POST /api/v1/billing_api/subscriptions': { body: buildSubscription() },
      },
    });
    await user.click(await panel.findByRole('button', { name: 'Change Plan' }));
    expect(await screen.findByRole('article', { name: 'Free' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Choose Team Plan' }));
    const form = within(await screen.findByRole('form', { name: 'Payment Details' }));
    await user.type(form.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.type(form.getByLabelText('Address Line 1'), '1 Main Street');
    await user.type(form.getByLabelText('City'), 'London');
    await user.selectOptions(form.getByLabelText('Country'), 'GB');
    await user.type(form.getByLabelText('Card Number'), '4242424242424242');
    await user.type(form.getByLabelText('Expiry'), '04/30');
    await user.type(form.getByLabelText('CVC'), '123');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(router.state.location.state).toEqual({ fromPlans: true }));
    expect(bodyOf(findCall(calls, 'POST', '/api/v1/billing_api/subscriptions'))).toEqual({
      stripeId: 'pm_9',
    });
    expect(await panel.findByRole('region', { name: 'Plan' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Billing', selected: true })).toBeTruthy();
  });

  it('leaves the plan view with Escape', async () => {
    const { panel, user } = await openBilling();
    await user.click(await panel.findByRole('button', { name: 'Change Plan' }));
    await screen.findByRole('article', { name: 'Team Plan' });
    await user.keyboard('{Escape}');
    expect(await panel.findByRole('region', { name: 'Plan' })).toBeTruthy();
  });

  it('is not listed when billing is off', async () => {
    const calls = serveBilling({ mode: 'off' });
    renderApp('/admin/settings');
    await screen.findByRole('tab', { name: 'Owner Actions' });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Billing' })).toBeNull());
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Audit Log',
      'Owner Actions',
    ]);
    expect(findCall(calls, 'GET', '/api/v1/billing_api/subscriptions')).toBeUndefined();
  });
});
