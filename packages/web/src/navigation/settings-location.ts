/**
 * Navigation state that opens the settings on Billing: the plans page and the payment form send it
 * (spec section 2: "opens on Billing when navigation state says it came from the plans page").
 */
export interface SettingsLocationState {
  fromPlans?: boolean;
}
