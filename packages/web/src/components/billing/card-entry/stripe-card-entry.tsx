import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement, StripeCardElementOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { createSetupIntent } from '../../../api/billing-api.js';
import type { CardBillingDetails, CardEntryProps, CardProvider } from './card-provider.js';
import { CARD_ENTRY_TEXT, CardEntryError } from './card-provider.js';

// This module is loaded only under BILLING=stripe (card-entry.tsx imports it lazily), and the `pure`
// entry adds Stripe's script only when loadStripe is called: nobody else downloads Stripe.js.

// One Stripe.js instance per publishable key for the page's life, as Stripe asks.
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey);
    // A failed load (offline, blocked) may be retried by the next form.
    instance.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, instance);
  }
  return instance;
}

/** Props of the Stripe card entry. */
export interface StripeCardEntryProps extends CardEntryProps {
  publishableKey: string;
}

/**
 * The card entry under BILLING=stripe: Stripe Elements' CardElement, initialised with the
 * publishable key from the billing config; the card never touches Coffer's page or server, only its
 * payment-method id does. Until Stripe.js and the element are ready, there is no provider.
 */
export default function StripeCardEntry({ publishableKey, onProviderChange }: StripeCardEntryProps) {
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (instance) => current && setStripe(instance ?? 'failed'),
      () => current && setStripe('failed'),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (stripe === 'failed') {
    return (
      <p className="card-entry__status" role="alert">
        {CARD_ENTRY_TEXT.loadFailed}
      </p>
    );
  }
  if (stripe === null) {
    return (
      <p className="card-entry__status" role="status">
        {CARD_ENTRY_TEXT.loading}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardField onProviderChange={onProviderChange} />
    </Elements>
  );
}

function StripeCardField({ onProviderChange }: CardEntryProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [element, setElement] = useState<StripeCardElement | null>(null);
  const [options] = useState(cardOptions);
  const complaint = useRef<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!stripe || !elements || !element) return;
    const provider: CardProvider = {
      check: () => (complaint.current ? [complaint.current] : []),
      createPaymentMethod: async (billing) => {
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card: element,
          billing_details: toStripeBilling(billing),
        });
        if (error || !paymentMethod) throw new CardEntryError(error?.message ?? CARD_ENTRY_TEXT.refused);
        return paymentMethod.id;
      },
      saveCard: async (billing) => {
        const { client_secret } = await createSetupIntent().catch(() => {
          throw new CardEntryError(CARD_ENTRY_TEXT.refused);
        });
        // Stripe.js shows the issuer's challenge itself when the card must authenticate.
        const { setupIntent, error } = await stripe.confirmCardSetup(client_secret, {
          payment_method: { card: element, billing_details: toStripeBilling(billing) },
        });
        const saved = setupIntent?.payment_method;
        if (error || !saved) throw new CardEntryError(error?.message ?? CARD_ENTRY_TEXT.refused);
        return typeof saved === 'string' ? saved : saved.id;
      },
      authenticatePayment: async (clientSecret) => {
        const { error } = await stripe.confirmCardPayment(clientSecret);
        if (error) throw new CardEntryError(error.message ?? CARD_ENTRY_TEXT.refused);
      },
    };
    onProviderChange(provider);
    return () => onProviderChange(null);
  }, [stripe, elements, element, onProviderChange]);

  return (
    <fieldset className="card-entry">
      <legend className="card-entry__legend">Card</legend>
      <div className="card-entry__stripe">
        <CardElement
          options={options}
          onReady={setElement}
          onChange={(event) => {
            complaint.current = event.error?.message ?? null;
            setMessage(complaint.current);
          }}
        />
      </div>
      {message ? <p className="field__error">{message}</p> : null}
      {element ? null : (
        <p className="card-entry__status" role="status">
          {CARD_ENTRY_TEXT.loading}
        </p>
      )}
    </fieldset>
  );
}

// The element lives in Stripe's frame, out of reach of our CSS: it gets the theme's colours as values.
function cardOptions(): StripeCardElementOptions {
  const style = getComputedStyle(document.documentElement);
  const colour = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    hidePostalCode: true,
    style: {
      base: {
        color: colour('--color-text', '#1a1d23'),
        fontSize: '16px',
        '::placeholder': { color: colour('--color-text-muted', '#4a5260') },
      },
      invalid: { color: colour('--color-danger', '#b42318') },
    },
  };
}

// Stripe takes absent parts as undefined, not null.
function toStripeBilling({ name, address }: CardBillingDetails) {
  const value = (text: string | null) => (text ? text : undefined);
  return {
    name: value(name),
    address: {
      line1: value(address.line1),
      line2: value(address.line2),
      city: value(address.city),
      country: value(address.country),
      postal_code: value(address.postal_code),
    },
  };
}
