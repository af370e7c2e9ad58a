/**
 * The settings' Billing section (spec section 2: summary, payment, history and plan views). The
 * billing issue fills it; until then it says so.
 */
export function BillingSection() {
  return <p className="form-status">Billing is not available yet.</p>;
}
