import type { PaymentMethod } from '@coffer/core';
import { calculateNextPayment, formatPence, validatePayment } from '@coffer/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBillingState } from '../../api/billing-queries.js';
import type { AuthenticatePayment } from '../../api/pay-for-plan.js';
import { notify } from '../../lib/notification-store.js';
import { isTypingTarget } from '../../shortcuts/typing-target.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import { failureText } from '../admin-shell/admin-action.js';
import { ErrorBanner } from '../form-fields/error-banner.js';
import { SelectField } from '../form-fields/select-field.js';
import { TextField } from '../form-fields/text-field.js';
import { useMarkedFields } from '../form-fields/use-marked-fields.js';
import { CardEntry } from './card-entry/card-entry.js';
import type { CardProvider } from './card-entry/card-provider.js';
import { CARD_ENTRY_TEXT, CardEntryError } from './card-entry/card-provider.js';
import type { PaymentFormState } from './payment-form-values.js';
import { PAYMENT_COUNTRY_OPTIONS, paymentFormStart, toBillingDetails } from './payment-form-values.js';
import './billing.css';

/** Texts of the payment form. */
export const PAYMENT_FORM_TEXT = {
  payTitle: 'Team Plan',
  updateTitle: 'Payment Details',
  pay: 'Subscribe',
  save: 'Save',
  busy: 'Processing…',
  failed: 'The payment details could not be saved. Please try again.',
  perMonth: (accounts: number, unit: string, total: string) =>
    `${accounts} ${accounts === 1 ? 'account' : 'accounts'} × ${unit} = ${total} per month`,
} as const;

/** What the form hands over once the card provider made a payment method. */
export interface PaymentSubmission {
  paymentMethodId: string;
  /** Only on pay; '' when none. */
  coupon: string;
  /** The card provider's 3-D Secure step, for a payment whose card must authenticate. */
  authenticate: AuthenticatePayment;
}

/** Props of the payment form. */
export interface PaymentFormProps {
  /** 'pay' subscribes (with the coupon field); 'update' stores the card. */
  purpose: 'pay' | 'update';
  /** The stored payment method: its billing details prefill the form. */
  stored: PaymentMethod | undefined;
  /** Number of accounts (the shared form's quantity). */
  quantity: number;
  /** The Team Plan's unit amount in pence, for the monthly total on pay. */
  unitAmount: number;
  /** Sends the payment method; throws (an ApiError) to show the server's refusal in the form. */
  onSubmit: (submission: PaymentSubmission) => Promise<void>;
  /** Back, or Escape outside a field. */
  onBack: () => void;
}

/**
 * The payment form (spec sections 2, 3 and 5): the card (the local test-card form or Stripe
 * Elements, chosen by the billing mode) and the billing address prefilled from the stored card:
 * full name, address lines, city, postal code and the payment countries with a blank option, and a
 * coupon on pay. Core's payment validator checks it; nothing is submitted until the card provider
 * is ready. A provider's refusal is an error notification; the server's refusal (a coupon, a string
 * answer) shows in the form, which leaves its busy state.
 */
export function PaymentForm({ purpose, stored, quantity, unitAmount, onSubmit, onBack }: PaymentFormProps) {
  const billing = useBillingState();
  const [values, setValues] = useState<PaymentFormState>(() => paymentFormStart(stored));
  const [provider, setProvider] = useState<CardProvider | null>(null);
  const marks = useMarkedFields();
  const paying = purpose === 'pay';
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form replaces the view it was opened from: the keyboard and screen readers start at its title.
  useEffect(() => titleRef.current?.focus(), []);

  // Answers whether the payment went through; a refusal shows and lets the form be sent again.
  const send = async (ready: CardProvider): Promise<boolean> => {
    let paymentMethodId: string;
    try {
      const details = toBillingDetails(values);
      // A card stored for later (update) is saved through the provider's setup, authenticated if asked.
      paymentMethodId =
        !paying && ready.saveCard ? await ready.saveCard(details) : await ready.createPaymentMethod(details);
    } catch (error) {
      const message = error instanceof CardEntryError ? error.message : CARD_ENTRY_TEXT.refused;
      notify({ type: 'error', message });
      marks.showErrors([message]);
      return false;
    }
    try {
      await onSubmit({
        paymentMethodId,
        coupon: paying ? values.coupon.trim() : '',
        authenticate: (clientSecret) =>
          ready.authenticatePayment ? ready.authenticatePayment(clientSecret) : Promise.resolve(),
      });
    } catch (error) {
      marks.showErrors([failureText(error, PAYMENT_FORM_TEXT.failed)]);
      return false;
    }
    return true;
  };
  const sending = useMutation({ mutationFn: send });
  // A form that went through stays busy: the view that opened it replaces it.
  const busy = sending.isPending || sending.data === true;

  const submit = async () => {
    if (busy || !provider) return;
    const result = validatePayment({ ...values, quantity: String(quantity) });
    const cardErrors = provider.check();
    if (!marks.show({ errors: [...result.errors, ...cardErrors], fields: result.fields })) return;
    await sending.mutateAsync(provider);
  };

  useShortcuts([
    {
      id: 'payment-form.save',
      keys: 'Shift+S',
      description: paying ? 'Subscribe' : 'Save the payment details',
      run: () => void submit(),
    },
    {
      id: 'payment-form.back',
      keys: 'Escape',
      description: 'Back to the billing summary',
      when: () => !isTypingTarget(document.activeElement),
      run: onBack,
    },
  ]);

  const field = (key: keyof PaymentFormState, marked: string = key) => ({
    value: values[key],
    invalid: marks.isMarked(marked),
    onValueChange: (value: string) => {
      setValues((current) => ({ ...current, [key]: value }));
      marks.edited(marked);
    },
  });

  const title = paying ? PAYMENT_FORM_TEXT.payTitle : PAYMENT_FORM_TEXT.updateTitle;
  return (
    <form
      className="payment-form"
      aria-label={PAYMENT_FORM_TEXT.updateTitle}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 ref={titleRef} tabIndex={-1} className="payment-form__title">
        {title}
      </h3>
      {paying ? (
        <p className="payment-form__total">
          {PAYMENT_FORM_TEXT.perMonth(
            quantity,
            formatPence(unitAmount),
            formatPence(calculateNextPayment(unitAmount, quantity)),
          )}
        </p>
      ) : null}
      <ErrorBanner errors={marks.errors} />
      <CardEntry billing={billing} onProviderChange={setProvider} />
      <fieldset className="payment-form__address">
        <legend className="card-entry__legend">Billing address</legend>
        <TextField label="Full Name" autoComplete="cc-name" {...field('fullName')} />
        <TextField label="Address Line 1" autoComplete="address-line1" {...field('line1', 'addressOne')} />
        <TextField label="Address Line 2" autoComplete="address-line2" {...field('line2')} />
        <div className="payment-form__row">
          <TextField label="City" autoComplete="address-level2" {...field('city')} />
          <TextField label="Postal Code" autoComplete="postal-code" {...field('postalCode')} />
        </div>
        <SelectField
          label="Country"
          placeholder=""
          options={PAYMENT_COUNTRY_OPTIONS}
          autoComplete="country"
          {...field('country')}
        />
      </fieldset>
      {paying ? <TextField label="Coupon" autoComplete="off" {...field('coupon')} /> : null}
      <div className="payment-form__actions">
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || provider === null}
          aria-keyshortcuts="Shift+S"
        >
          {busy ? PAYMENT_FORM_TEXT.busy : paying ? PAYMENT_FORM_TEXT.pay : PAYMENT_FORM_TEXT.save}
        </button>
      </div>
    </form>
  );
}
