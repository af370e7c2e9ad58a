import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error.js';
import { createTestPaymentMethod } from '../../../api/billing-api.js';
import { TextField } from '../../form-fields/text-field.js';
import type { CardInput } from './card-details.js';
import { CARD_LABELS, readCardInput } from './card-details.js';
import type { CardEntryProps, CardProvider } from './card-provider.js';
import { CARD_ENTRY_TEXT, CardEntryError } from './card-provider.js';

type CardField = keyof CardInput;

const EMPTY: CardInput = { number: '', expiry: '', cvc: '' };

/**
 * The card entry under BILLING=local: number, expiry and CVC, turned into a payment-method id by the
 * server's test-card call (api.md), as Stripe.js does under 'stripe'. The card lives only in this
 * component's state and the one request: the server keeps brand, last4 and expiry, never the rest.
 */
export function LocalCardEntry({ onProviderChange }: CardEntryProps) {
  const [input, setInput] = useState<CardInput>(EMPTY);
  const [marked, setMarked] = useState<ReadonlySet<CardField>>(new Set());
  // The provider is made once; it reads the latest fields through this ref.
  const latest = useRef(input);
  latest.current = input;

  useEffect(() => {
    const provider: CardProvider = {
      check: () => {
        const result = readCardInput(latest.current);
        if ('card' in result) return [];
        setMarked(new Set(result.failures.map((failure) => failure.field)));
        return result.failures.map((failure) => failure.message);
      },
      createPaymentMethod: async (billing) => {
        const result = readCardInput(latest.current);
        if (!('card' in result)) throw new CardEntryError(result.failures.map((f) => f.message).join(' '));
        try {
          const method = await createTestPaymentMethod({ card: result.card, billing_details: billing });
          return method.id;
        } catch (error) {
          const message = error instanceof ApiError ? error.serverMessage : undefined;
          throw new CardEntryError(message ?? CARD_ENTRY_TEXT.refused);
        }
      },
    };
    onProviderChange(provider);
    return () => onProviderChange(null);
  }, [onProviderChange]);

  const field = (key: CardField) => ({
    value: input[key],
    invalid: marked.has(key),
    onValueChange: (value: string) => {
      setInput((current) => ({ ...current, [key]: value }));
      setMarked((current) => (current.has(key) ? new Set([...current].filter((k) => k !== key)) : current));
    },
  });

  return (
    <fieldset className="card-entry">
      <legend className="card-entry__legend">Card</legend>
      <TextField
        label={CARD_LABELS.number}
        {...field('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        className="card-entry__number"
      />
      <div className="card-entry__row">
        <TextField
          label={CARD_LABELS.expiry}
          {...field('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
        />
        <TextField
          label={CARD_LABELS.cvc}
          {...field('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
        />
      </div>
      <p className="field__hint">Test mode: no real card is charged.</p>
    </fieldset>
  );
}
