import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../lib/notification-store.js';
import { renderApp } from '../../test/render-app.js';
import type { PaymentFormProps } from './payment-form.js';
import { PaymentForm } from './payment-form.js';
import { buildPaymentMethod, findCall, serveBilling } from './testing/billing-fixtures.js';

// Stripe.js and Elements stand-ins: the test says when Stripe.js loads and what the card answers.
const stripe = vi.hoisted(() => ({
  load: (): Promise<unknown> => new Promise(() => undefined),
  createPaymentMethod: (_request: unknown): Promise<unknown> =>
    Promise.resolve({ paymentMethod: { id: 'pm_stripe' } }),
  confirmCardPayment: (_secret: string): Promise<unknown> => Promise.resolve({ paymentIntent: {} }),
  confirmCardSetup: (_secret: string, _data: unknown): Promise<unknown> =>
    Promise.resolve({ setupIntent: { payment_method: 'pm_saved' } }),
  element: { kind: 'card-element' },
  // Stripe's hooks answer the same objects on every render.
  instance: {
    createPaymentMethod: (request: unknown): Promise<unknown> => stripe.createPaymentMethod(request),
    confirmCardPayment: (secret: string): Promise<unknown> => stripe.confirmCardPayment(secret),
    confirmCardSetup: (secret: string, data: unknown): Promise<unknown> =>
      stripe.confirmCardSetup(secret, data),
  },
  elements: {},
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => stripe.load() }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  useStripe: () => stripe.instance,
  useElements: () => stripe.elements,
  CardElement: ({ onReady }: { onReady: (element: unknown) => void }) => {
    useEffect(() => onReady(stripe.element), [onReady]);
    return <div data-testid="stripe-card" />;
  },
}));

// The Stripe card entry is a lazy chunk: on a busy machine its first load may take a few seconds.
const findStripeCard = () => screen.findByTestId('stripe-card', {}, { timeout: 15_000 });

const notices = () => notificationStore.get().map((notification) => notification.message);

function renderForm(props: Partial<PaymentFormProps> = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined));
  const onBack = vi.fn();
  const form = (
    <PaymentForm
      purpose="pay"
      stored={undefined}
      quantity={2}
      unitAmount={300}
      {...props}
      onSubmit={onSubmit}
      onBack={onBack}
    />
  );
  renderApp('/pay', { signedIn: [{ path: '/pay', element: form }] });
  return { onSubmit, onBack };
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Address Line 1'), '1 Main Street');
  await user.type(screen.getByLabelText('City'), 'London');
  await user.selectOptions(screen.getByLabelText('Country'), 'GB');
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(screen.getByLabelText('Card Number'), number);
  await user.type(screen.getByLabelText('Expiry'), '04/30');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('the payment form', () => {
  it("checks every field with the spec's messages and sends nothing", async () => {
    const calls = serveBilling();
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    // The button stays disabled until the card entry has loaded (a lazy chunk): a click before that
    // does nothing, which on a busy machine left the banner unshown.
    const subscribe = await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(subscribe.hasAttribute('disabled')).toBe(false));
    await user.click(subscribe);
    const banner = within(screen.getByRole('alert'));
    expect(banner.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Required field Full Name is empty.',
      'Required field Address Line 1 is empty.',
      'Required field City is empty.',
      'Required field Country is empty.',
      'Required field Card Number is empty.',
      'Required field Expiry is empty.',
      'Required field CVC is empty.',
    ]);
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Card Number').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Full Name'), 'A');
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBeNull();
    expect(findCall(calls, 'POST', '/api/v1/billing_api/test_payment_methods')).toBeUndefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the payment countries and a blank option, and the coupon only on pay', async () => {
    serveBilling();
    renderForm();
    const country = await screen.findByLabelText<HTMLSelectElement>('Country');
    const options = [...country.options].map((option) => option.value);
    expect(options[0]).toBe('');
    expect(options).toContain('GB');
    expect(options).toContain('US');
    expect(options).not.toContain('RU');
    expect(options).toHaveLength(40);
    expect(screen.getByLabelText('Coupon')).toBeTruthy();
    expect(screen.getByText('2 accounts × £3.00 = £6.00 per month')).toBeTruthy();
  });

  it('has no coupon when it only stores the card, and says Save', async () => {
    serveBilling();
    renderForm({ purpose: 'update', stored: buildPaymentMethod() });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByLabelText('Coupon')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('London');
  });

  it('turns a local test card into a payment method, then hands its id on', async () => {
    const calls = serveBilling({
      extra: {
        'POST /api/v1/billing_api/test_payment_methods': { body: buildPaymentMethod({ id: 'pm_local' }) },
      },
    });
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await screen.findByLabelText('Card Number');
    await fillAddress(user);
    await fillCard(user);
    await user.type(screen.getByLabelText('Coupon'), ' WELCOME10 ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        paymentMethodId: 'pm_local',
        coupon: 'WELCOME10',
        authenticate: expect.any(Function),
      }),
    );
    expect(findCall(calls, 'POST', '/api/v1/billing_api/test_payment_methods')).toBeTruthy();
  });

  it("shows the card provider's refusal as an error notification and in the form", async () => {
    serveBilling({
      extra: {
        'POST /api/v1/billing_api/test_payment_methods': {
          status: 400,
          body: { errors: ['Your card was declined.'] },
        },
      },
    });
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await screen.findByLabelText('Card Number');
    await fillAddress(user);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(notices()).toContain('Your card was declined.');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(false);
  });

  it('goes back with the Back button', async () => {
    serveBilling();
    const user = userEvent.setup();
    const { onBack } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('the payment form under Stripe', { timeout: 30_000 }, () => {
  it('is not submitted while Stripe.js loads', async () => {
    stripe.load = () => new Promise(() => undefined);
    serveBilling({ mode: 'stripe', publishableKey: 'pk_test_1' });
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    expect(await screen.findByText('Loading the card form…')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Subscribe' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Shift>}S{/Shift}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when Stripe.js cannot load', async () => {
    stripe.load = () => Promise.reject(new Error('offline'));
    serveBilling({ mode: 'stripe', publishableKey: 'pk_test_1' });
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The card form could not be loaded. Please reload the page and try again.',
    );
    expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(true);
  });

  it("makes the payment method with Stripe's CardElement and the billing details", async () => {
    stripe.load = () => Promise.resolve({ stripe: true });
    const created = vi.fn(async (_request: unknown) => ({ paymentMethod: { id: 'pm_stripe' } }));
    stripe.createPaymentMethod = created;
    const calls = serveBilling({ mode: 'stripe', publishableKey: 'pk_test_1' });
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await findStripeCard();
    await fillAddress(user);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        paymentMethodId: 'pm_stripe',
        coupon: '',
        authenticate: expect.any(Function),
      }),
    );
    expect(created).toHaveBeenCalledWith({
      type: 'card',
      card: stripe.element,
      billing_details: {
        name: 'Ada Lovelace',
        address: {
          line1: '1 Main Street',
          line2: undefined,
          city: 'London',
          country: 'GB',
          postal_code: undefined,
        },
      },
    });
    // The card never reaches Coffer's server.
    expect(findCall(calls, 'POST', '/api/v1/billing_api/test_payment_methods')).toBeUndefined();
  });

  it("shows Stripe's refusal as an error notification", async () => {
    stripe.load = () => Promise.resolve({ stripe: true });
    stripe.createPaymentMethod = async () => ({ error: { message: 'Your card number is incomplete.' } });
    serveBilling({ mode: 'stripe', publishableKey: 'pk_test_1' });
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await findStripeCard();
    await fillAddress(user);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(notices()).toContain('Your card number is incomplete.'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("hands on Stripe.js's 3-D Secure step: confirmCardPayment with the payment's secret, failing with Stripe's words", async () => {
    stripe.load = () => Promise.resolve({ stripe: true });
    stripe.createPaymentMethod = async () => ({ paymentMethod: { id: 'pm_stripe' } });
    const confirmed = vi.fn(
      async (_secret: string): Promise<unknown> => ({ paymentIntent: { status: 'succeeded' } }),
    );
    stripe.confirmCardPayment = confirmed;
    serveBilling({ mode: 'stripe', publishableKey: 'pk_test_1' });
    const user = userEvent.setup();
    const outcomes: string[] = [];
    renderForm({
      onSubmit: async ({ authenticate }) => {
        await authenticate('pi_1_secret_a');
        outcomes.push('authenticated');
        confirmed.mockResolvedValueOnce({
          error: { message: 'We are unable to authenticate your payment method.' },
        });
        await authenticate('pi_1_secret_b').catch((error: Error) => outcomes.push(error.message));
      },
    });
    await findStripeCard();
    await fillAddress(user);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(outcomes).toEqual(['authenticated', 'We are unable to authenticate your payment method.']),
    );
    expect(confirmed.mock.calls.map(([secret]) => secret)).toEqual(['pi_1_secret_a', 'pi_1_secret_b']);
  });

  it('saves a replacement card through a SetupIntent and confirmCardSetup, never a bare payment method', async () => {
    stripe.load = () => Promise.resolve({ stripe: true });
    const created = vi.fn(async (_request: unknown) => ({ paymentMethod: { id: 'pm_bare' } }));
    stripe.createPaymentMethod = created;
    const setup = vi.fn(
      async (_secret: string, _data: unknown): Promise<unknown> => ({
        setupIntent: { status: 'succeeded', payment_method: 'pm_saved' },
      }),
    );
    stripe.confirmCardSetup = setup;
    const calls = serveBilling({
      mode: 'stripe',
      publishableKey: 'pk_test_1',
      extra: {
        'POST /api/v1/billing_api/customers/setup_intent': { body: { client_secret: 'seti_1_secret_s' } },
      },
    });
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ purpose: 'update', stored: buildPaymentMethod() });
    await findStripeCard();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ paymentMethodId: 'pm_saved' })),
    );
    expect(findCall(calls, 'POST', '/api/v1/billing_api/customers/setup_intent')).toBeTruthy();
    expect(setup).toHaveBeenCalledWith('seti_1_secret_s', {
      payment_method: {
        card: stripe.element,
        billing_details: expect.objectContaining({ name: expect.any(String) }),
      },
    });
    expect(created).not.toHaveBeenCalled();
  });
});
