import { useEffect, useState } from 'react';
import { canObserveScrolling, useInfiniteScroll } from '../lists/use-infinite-scroll.js';
import type { HealthFinding } from './health-findings.js';
import { FINDING_LABELS } from './health-texts.js';

/**
 * Findings rendered at a time: the next ones when the list's end scrolls into view. 10,000 secrets
 * may have thousands of findings, and rendering them in one go is one long task on the page.
 */
export const HEALTH_LIST_PAGE = 50;

/** Props of the findings list. */
export interface HealthListProps {
  findings: readonly HealthFinding[];
  /** Chests the viewer may write in: only their secrets offer Edit. */
  writableChestIds: ReadonlySet<string>;
  onEdit: (finding: HealthFinding) => void;
  onDismiss: (finding: HealthFinding) => void;
}

/**
 * The findings, what to fix first at the top: one row per secret and kind, Edit and Dismiss;
 * HEALTH_LIST_PAGE at a time, as the dashboard's lists page by scrolling.
 */
export function HealthList({ findings, writableChestIds, onEdit, onDismiss }: HealthListProps) {
  const [shown, setShown] = useState(HEALTH_LIST_PAGE);
  // True for the render after a page is added: the sentinel is observed afresh, so a screen tall
  // enough to still show it asks for the next page too.
  const [growing, setGrowing] = useState(false);
  const hasMore = findings.length > shown;
  const showMore = () => {
    setGrowing(true);
    setShown((count) => count + HEALTH_LIST_PAGE);
  };
  const sentinel = useInfiniteScroll(hasMore, growing, showMore);
  useEffect(() => {
    if (growing) setGrowing(false);
  }, [growing]);
  return (
    <>
      <ul className="health-list" aria-label="Health findings">
        {findings.slice(0, shown).map((finding) => (
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
      <div ref={sentinel} data-testid="health-list-sentinel" />
      {hasMore && !canObserveScrolling() ? (
        <button type="button" className="button button--secondary button--small" onClick={showMore}>
          Load more
        </button>
      ) : null}
    </>
  );
}
