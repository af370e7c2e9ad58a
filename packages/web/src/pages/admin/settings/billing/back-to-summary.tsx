import { useShortcuts } from '../../../../shortcuts/use-shortcuts.js';
import { BILLING_TEXT } from './billing-views.js';

/** The Back button of a Billing view, and Escape (outside a field) for it (spec section 4). */
export function BackToSummary({ onBack }: { onBack: () => void }) {
  useShortcuts([
    { id: 'billing.back', keys: 'Escape', description: 'Back to the billing summary', run: onBack },
  ]);
  return (
    <button type="button" className="button button--ghost billing-back" onClick={onBack}>
      {BILLING_TEXT.back}
    </button>
  );
}
