import { useState } from 'react';
import { notify } from '../../lib/notification-store.js';
import { useSession } from '../../session/use-session.js';
import { useWritableChests } from '../chests/use-writable-chests.js';
import { SelectField } from '../form-fields/select-field.js';
import { ProgressBar } from '../progress/progress-bar.js';
import { EditSecretPanel } from '../secrets/edit-secret-panel.js';
import { openDismissFinding } from './dismiss-finding-modal.js';
import { FINDING_KINDS } from './finding-kinds.js';
import { countsByKind, type HealthFinding } from './health-findings.js';
import { HealthList } from './health-list.js';
import { atRiskText, checkedWhen, FINDING_LABELS, nothingFoundText } from './health-texts.js';
import { usePasswordHealth } from './use-password-health.js';
import './health.css';

const OLD_OPTIONS = [90, 180, 365, 730].map((days) => ({ value: String(days), label: `${days} days` }));

/** Said after a dismissal is stored. */
export const FINDING_DISMISSED_MESSAGE = 'Finding dismissed.';
/** Said when the sealed dismissals could not be stored. */
export const DISMISS_FAILED_MESSAGE = 'The finding could not be dismissed. Please try again.';

/**
 * The security centre's password health (issue 31): the check's progress, then the summary (score,
 * counts, when), the findings what-to-fix-first, and the secret's edit form under the list.
 */
export function PasswordHealthSection() {
  const { profile } = useSession();
  const userId = profile?.id ?? '';
  const { state, dismiss, recheck, oldAfterDays, setOldAfterDays } = usePasswordHealth(userId);
  const writable = useWritableChests();
  const [editing, setEditing] = useState<HealthFinding | null>(null);

  const onDismiss = async (finding: HealthFinding) => {
    const choice = await openDismissFinding(finding);
    if (!choice) return;
    try {
      await dismiss(finding, choice.reason, choice.days);
      notify({ type: 'success', message: FINDING_DISMISSED_MESSAGE });
    } catch {
      notify({ type: 'error', message: DISMISS_FAILED_MESSAGE });
    }
  };

  return (
    <section className="health" aria-labelledby="password-health-title">
      <h2 id="password-health-title" className="health__title">
        Password health
      </h2>
      {state.status === 'running' ? (
        state.progress.phase === 'listing' ? (
          <p className="health__status">Listing your secrets…</p>
        ) : (
          <ProgressBar
            label="Checking passwords"
            done={state.progress.done}
            total={state.progress.total}
            text={`${state.progress.done.toLocaleString('en-US')} of ${state.progress.total.toLocaleString('en-US')} secrets checked`}
          />
        )
      ) : null}
      {state.status === 'failed' ? (
        <div role="alert" className="health__status">
          {state.message}{' '}
          <button type="button" className="button button--secondary button--small" onClick={recheck}>
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <HealthSummary state={state} />
          <div className="health__tools">
            <SelectField
              label="Old after"
              value={String(oldAfterDays)}
              options={OLD_OPTIONS}
              onValueChange={(value) => setOldAfterDays(Number(value))}
            />
            <button type="button" className="button button--secondary button--small" onClick={recheck}>
              Check again
            </button>
          </div>
          {state.open.length > 0 ? (
            <HealthList
              findings={state.open}
              writableChestIds={writable.ids}
              onEdit={setEditing}
              onDismiss={(finding) => void onDismiss(finding)}
            />
          ) : null}
          {state.dismissed.length > 0 ? (
            <p className="health__note">{`${state.dismissed.length} dismissed (accepted risk)`}</p>
          ) : null}
          {editing ? (
            <div className="health__edit">
              <EditSecretPanel
                key={editing.secretId}
                secretId={editing.secretId}
                userId={userId}
                chests={writable.chests}
                chestsLoading={writable.loading}
                onSaved={() => {
                  setEditing(null);
                  recheck();
                }}
                onCancel={() => setEditing(null)}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function HealthSummary({
  state,
}: {
  state: Extract<ReturnType<typeof usePasswordHealth>['state'], { status: 'ready' }>;
}) {
  const checked = state.result.checked.length;
  const when = checkedWhen(state.result.finishedAt, new Date());
  const counts = countsByKind(state.open);
  return (
    <div className="health__summary">
      <p className="health__headline" data-testid="health-summary">
        {state.open.length === 0 ? nothingFoundText(checked, when) : atRiskText(state.atRisk, checked, when)}
      </p>
      {state.open.length > 0 ? (
        <p className="health__score">
          Score: <strong>{`${Math.round(state.ratio * 100)}%`}</strong> of checked secrets at risk
        </p>
      ) : null}
      <ul className="health__counts" aria-label="Findings by kind">
        {FINDING_KINDS.map((kind) => (
          <li key={kind}>{`${FINDING_LABELS[kind]}: ${counts[kind]}`}</li>
        ))}
      </ul>
      {state.result.unreadable > 0 ? (
        <p className="health__note">{`${state.result.unreadable} secrets could not be opened in this browser and were not checked.`}</p>
      ) : null}
      {state.result.breachCheck ? null : (
        <p className="health__note">The breach check is turned off on this server.</p>
      )}
    </div>
  );
}
