import type { HealthFinding } from './health-findings.js';
import { FINDING_LABELS } from './health-texts.js';

/** Props of the findings list. */
export interface HealthListProps {
  findings: readonly HealthFinding[];
  /** Chests the viewer may write in: only their secrets offer Edit. */
  writableChestIds: ReadonlySet<string>;
  onEdit: (finding: HealthFinding) => void;
  onDismiss: (finding: HealthFinding) => void;
}

/** The findings, what to fix first at the top: one row per secret and kind, Edit and Dismiss. */
export function HealthList({ findings, writableChestIds, onEdit, onDismiss }: HealthListProps) {
  return (
    <ul className="health-list" aria-label="Health findings">
      {findings.map((finding) => (
        <li key={`${finding.kind}:${finding.secretId}`} className="health-list__row">
          <span className={`health-list__kind health-list__kind--${finding.kind}`}>
            {FINDING_LABELS[finding.kind]}
          </span>
          <span className="health-list__name">{finding.name}</span>
          <span className="health-list__chest">{finding.chestName}</span>
          <span className="health-list__detail">{finding.detail}</span>
          <span className="health-list__actions">
            {writableChestIds.has(finding.chestId) ? (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Edit ${finding.name}`}
                onClick={() => onEdit(finding)}
              >
                Edit
              </button>
            ) : null}
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={`Dismiss ${FINDING_LABELS[finding.kind]} ${finding.name}`}
              onClick={() => onDismiss(finding)}
            >
              Dismiss
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
