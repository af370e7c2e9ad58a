/** The four views of the settings' Billing (spec section 2). */
export type BillingViewName = 'summary' | 'payment' | 'history' | 'plan';

/** The view shown, and for the payment view whether it came from the plan selector (the plans flow). */
export interface BillingView {
  name: BillingViewName;
  fromPlans: boolean;
}

/** Where Billing starts, and where Back or Escape return to. */
export const SUMMARY_VIEW: BillingView = { name: 'summary', fromPlans: false };

/** Texts shared by the Billing views. */
export const BILLING_TEXT = {
  loading: 'Loading billing…',
  failed: 'Billing could not be loaded. Please try again.',
  saved: 'Billing information has been successfully updated',
  back: 'Back',
} as const;
