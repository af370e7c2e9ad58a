import { lazy, Suspense } from 'react';
import type { BillingState } from '../../../api/billing-queries.js';
import type { CardEntryProps } from './card-provider.js';
import { CARD_ENTRY_TEXT } from './card-provider.js';
import { LocalCardEntry } from './local-card-entry.js';

// Stripe Elements only for BILLING=stripe, in its own chunk.
const StripeCardEntry = lazy(() => import('./stripe-card-entry.js'));

/** Props of the card entry: how billing runs, and where the ready provider goes. */
export interface CardEntrySwitchProps extends CardEntryProps {
  billing: Pick<BillingState, 'mode' | 'publishableKey'>;
}

/** The card entry of the billing mode: the local test-card form, or Stripe's CardElement. */
export function CardEntry({ billing, onProviderChange }: CardEntrySwitchProps) {
  if (billing.mode === 'stripe' && billing.publishableKey) {
    return (
      <Suspense
        fallback={
          <p className="card-entry__status" role="status">
            {CARD_ENTRY_TEXT.loading}
          </p>
        }
      >
        <StripeCardEntry publishableKey={billing.publishableKey} onProviderChange={onProviderChange} />
      </Suspense>
    );
  }
  if (billing.mode === 'local') return <LocalCardEntry onProviderChange={onProviderChange} />;
  return (
    <p className="card-entry__status" role="alert">
      {CARD_ENTRY_TEXT.loadFailed}
    </p>
  );
}
