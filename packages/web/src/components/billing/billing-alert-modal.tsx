import { formatPence, hasTrialled, TEAM_PLAN, TEAM_PLAN_CARD } from '@coffer/core';
import { useNavigate } from 'react-router';
import { useCustomer } from '../../api/billing-queries.js';
import { openModal } from '../../lib/modal-store.js';
import { paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';
import { ModalDialog } from '../modals/modal-dialog.js';
import { useStartTrialFlow } from './start-trial.js';
import './billing.css';

/** Texts of the BillingAlert modal. */
export const BILLING_ALERT_TEXT = {
  title: 'Upgrade to the Team Plan',
  subtext: 'Share chests with your whole team, with as many secrets as you need.',
  price: `${formatPence(TEAM_PLAN.unitAmountPence)} per user per month`,
  trial: 'Take 30 days free on us!',
  activate: 'Activate Plan',
  dismiss: 'Not now',
} as const;

/**
 * The BillingAlert modal (spec section 2): the Team Plan offer. Activate Plan starts the 30-day
 * trial when the organisation has not had it, else goes to /plans to pay.
 */
function BillingAlertModal({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const customer = useCustomer(useSession().isAdministrator);
  const trial = useStartTrialFlow();
  // Until the customer answers, whether a trial is still possible is unknown: /plans tells it then.
  const offersTrial = customer.isSuccess && !hasTrialled(customer.data);

  const activate = async () => {
    if (trial.starting || customer.isPending) return;
    if (!offersTrial) {
      onDone();
      void navigate(paths.plans);
      return;
    }
    if (await trial.start()) onDone();
  };

  return (
    <ModalDialog
      title={BILLING_ALERT_TEXT.title}
      subtext={BILLING_ALERT_TEXT.subtext}
      onCancel={onDone}
      onEnter={() => void activate()}
      className="billing-alert"
    >
      <p className="billing-alert__price">{BILLING_ALERT_TEXT.price}</p>
      <ul className="plan-card__features">
        {TEAM_PLAN_CARD.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {offersTrial ? <p className="billing-alert__trial">{BILLING_ALERT_TEXT.trial}</p> : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {BILLING_ALERT_TEXT.dismiss}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          disabled={trial.starting || customer.isPending}
          onClick={() => void activate()}
        >
          {BILLING_ALERT_TEXT.activate}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the BillingAlert modal; answers when it closes. */
export function openBillingAlert(): Promise<void> {
  return openModal<void>((close) => <BillingAlertModal onDone={() => close()} />).then(() => undefined);
}
