import type { PaymentMethod } from '@coffer/core';

/** The billing details sent with a card (the payment form's name and address). */
export type CardBillingDetails = PaymentMethod['billing_details'];

/**
 * A card provider ready to turn the card entered into a payment-method id (spec section 7: "a card
 * payment provider client ... creates a payment method from card and billing details"). The local
 * test-card form and Stripe Elements both offer one; the payment form only submits once it has it.
 */
export interface CardProvider {
  /** The card fields' own messages (empty, not digits); marks those fields red. Empty when fine. */
  check(): string[];
  /** Answers the payment-method id, or throws a CardEntryError with the provider's message. */
  createPaymentMethod(billing: CardBillingDetails): Promise<string>;
  /**
   * Stripe only: saves the card for later payments through a SetupIntent (authenticating it if the
   * issuer asks) and answers its payment-method id; a replacement card is saved so.
   */
  saveCard?(billing: CardBillingDetails): Promise<string>;
  /**
   * Stripe only: lets the cardholder authenticate a payment (3-D Secure) given its client secret;
   * throws a CardEntryError with Stripe's message when authentication fails.
   */
  authenticatePayment?(clientSecret: string): Promise<void>;
}

/** A refusal of the card provider (bad number, declined, expired...), shown as an error notification. */
export class CardEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardEntryError';
  }
}

/** Props every card entry takes. */
export interface CardEntryProps {
  /** The provider once the card entry is ready, null while it is not (loading, unmounted). */
  onProviderChange: (provider: CardProvider | null) => void;
}

/** Texts of the card entry. */
export const CARD_ENTRY_TEXT = {
  loading: 'Loading the card form…',
  loadFailed: 'The card form could not be loaded. Please reload the page and try again.',
  refused: 'The card could not be used. Please check it and try again.',
} as const;
