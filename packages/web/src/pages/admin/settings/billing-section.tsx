import { BillingViews } from './billing/billing-views-switch.js';

/**
 * The settings' Billing section (spec section 2): summary, payment, history and plan views
 * (./billing/). Nothing under BILLING=off, where the section itself is not listed.
 */
export function BillingSection() {
  return <BillingViews />;
}
