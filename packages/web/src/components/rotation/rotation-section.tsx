import type { RotationItem } from '@coffer/core';
import { formatDateEnGb, validateRotationDismissal } from '@coffer/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import { dismissRotation, type RotationGrouping } from '../../api/rotations-api.js';
import { invalidateRotations, useRotations } from '../../api/rotations-queries.js';
import { invalidateSecretLists } from '../../api/secrets-queries.js';
import { notify } from '../../lib/notification-store.js';
import { useSession } from '../../session/use-session.js';
import { failureText } from '../admin-shell/admin-action.js';
import { useWritableChests } from '../chests/use-writable-chests.js';
import { openInputModal } from '../modals/input-modal.js';
import { EditSecretPanel } from '../secrets/edit-secret-panel.js';
import { groupRotations, personOf, progressText, REASON_TEXT } from './rotation-groups.js';
import './rotation.css';

/**
 * The security centre's rotation list (issue 31): the secrets someone could read before they lost
 * access, and stale secrets of chests with a rotation policy, grouped by person or by chest, with the
 * progress line. A row opens the secret's edit form here; saving a new revision takes it off the
 * list. Shown to administrators and chest managers; for anyone else the server answers 403 and the
 * section shows nothing.
 */
export function RotationSection() {
  const [grouping, setGrouping] = useState<RotationGrouping>('person');
  const [editing, setEditing] = useState<RotationItem | null>(null);
  const list = useRotations(grouping);
  const client = useQueryClient();
  const { profile, isAdministrator } = useSession();
  const writable = useWritableChests();

  if (list.error instanceof ApiError && list.error.status === 403) return null;
  if (editing) {
    return (
      <section className="rotation" aria-label="Secrets to rotate">
        <EditSecretPanel
          secretId={editing.secret_id}
          userId={profile?.id ?? ''}
          chests={writable.chests}
          chestsLoading={writable.loading}
          allowHide={isAdministrator}
          onSaved={() => {
            setEditing(null);
            void invalidateRotations(client);
            void invalidateSecretLists(client);
          }}
          onCancel={() => setEditing(null)}
        />
      </section>
    );
  }

  const pages = list.data?.pages ?? [];
  const totals = pages[0]?.totals;
  const rows = pages.flatMap((page) => page.items);
  const dismiss = async (row: RotationItem) => {
    const reason = await openInputModal({
      title: 'Mark as not needing rotation',
      subtext: `${row.secret_name} stays as it is. The reason goes into the audit log.`,
      label: 'Reason',
      confirmLabel: 'Mark',
      validate: (value) => validateRotationDismissal(value).errors[0] ?? null,
    });
    if (reason === undefined) return;
    try {
      await dismissRotation(row.id, reason.trim());
      notify({ type: 'success', message: `${row.secret_name} marked as not needing rotation` });
      await invalidateRotations(client);
    } catch (error) {
      notify({ type: 'error', message: failureText(error) });
    }
  };

  return (
    <section className="rotation" aria-labelledby="rotation-heading">
      <header className="rotation__header">
        <h2 id="rotation-heading">Secrets to rotate</h2>
        {totals ? <p className="rotation__progress">{progressText(totals)}</p> : null}
        <fieldset className="rotation__grouping">
          <legend>Group by</legend>
          {(['person', 'chest'] as const).map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="rotation-grouping"
                checked={grouping === choice}
                onChange={() => setGrouping(choice)}
              />
              {choice === 'person' ? 'Person' : 'Chest'}
            </label>
          ))}
        </fieldset>
      </header>
      {list.isPending ? <p className="rotation__empty">Loading…</p> : null}
      {list.isError && !(list.error instanceof ApiError && list.error.status === 403) ? (
        <p className="rotation__empty">{failureText(list.error)}</p>
      ) : null}
      {list.isSuccess && rows.length === 0 ? <p className="rotation__empty">Nothing to rotate.</p> : null}
      {groupRotations(rows, grouping).map((group) => (
        <div key={`${group.key}-${group.rows[0]?.id}`} className="rotation__group">
          <h3 className="rotation__group-heading">{group.heading}</h3>
          <ul className="rotation__rows">
            {group.rows.map((row) => (
              <li key={row.id} className="rotation__row" data-testid="rotation-row">
                {row.marked_for_deletion ? (
                  <span className="rotation__secret">{row.secret_name} (marked for deletion)</span>
                ) : (
                  <button type="button" className="rotation__secret" onClick={() => setEditing(row)}>
                    {row.secret_name}
                  </button>
                )}
                <span className="rotation__detail">
                  {grouping === 'person' ? row.vault_name : personOf(row)} · {REASON_TEXT[row.reason]}{' '}
                  {formatDateEnGb(row.lost_at)}
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void dismiss(row)}
                >
                  Mark as not needing rotation
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show more
        </button>
      ) : null}
    </section>
  );
}
