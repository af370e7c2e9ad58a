import { formatDateTimeEnGb, type ImportBatch } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverMessageOf } from '../../api/api-error.js';
import { useUndoImportBatch } from '../../api/import-batches-mutations.js';
import { importBatchesQuery } from '../../api/import-batches-queries.js';
import { notify } from '../../lib/notification-store.js';
import { openConfirm } from '../modals/confirm-modal.js';
import './import-history.css';

/** Shown when the history could not be loaded. */
export const IMPORT_HISTORY_FAILED = 'The import history could not be loaded. Please try again.';
/** Shown when an undo failed and the server gave no reason. */
export const UNDO_FAILED = 'The import could not be undone. Please try again.';

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;

/** The notice after an undo: how many secrets went, where to get them back, and any left standing. */
export function undoneNotice(undone: number, left = 0): string {
  const restore = undone === 0 ? '' : ` Restore ${undone === 1 ? 'it' : 'them'} from Deleted Secrets.`;
  const removed = `${count(undone, 'secret', 'secrets')} removed.${restore}`;
  if (left === 0) return removed;
  const kept = `${count(left, 'secret was', 'secrets were')} left in place: you can no longer change ${left === 1 ? 'its chest' : 'their chests'}.`;
  return `${removed} ${kept}`;
}

export interface ImportHistoryProps {
  /**
   * How a format id reads ('bitwarden-csv' → 'Bitwarden (CSV)'); the wizard passes its formats'
   * names, so this component does not load every format's reader. Without it the id is shown.
   */
  formatName?: (formatId: string) => string;
}

/**
 * The import history (issue 28): each batch with who ran it and when, the items it announced and its
 * secrets still standing; Undo asks in the Confirm modal, then removes the batch's secrets (they wait
 * in Deleted Secrets) and says how many. Administrators see the organisation's imports, others their own.
 */
export function ImportHistory({ formatName = (id) => id }: ImportHistoryProps) {
  const history = useQuery(importBatchesQuery());
  const undo = useUndoImportBatch();

  const undoBatch = async (batch: ImportBatch) => {
    const confirmed = await openConfirm({
      title: 'Undo this import?',
      subtext: `${count(batch.secret_count, 'secret', 'secrets')} from the ${formatName(batch.format)} import of ${formatDateTimeEnGb(batch.created_at)} will be removed. You can restore them from Deleted Secrets.`,
      confirmLabel: 'Undo import',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const answer = await undo.mutateAsync(batch.id);
      notify({ type: 'success', message: undoneNotice(answer.undone, answer.left) });
    } catch (error) {
      notify({ type: 'error', message: serverMessageOf(error) || UNDO_FAILED });
    }
  };

  let body: ReactNode;
  if (history.isPending) body = <p className="import-history__note">Loading the import history…</p>;
  else if (history.isError)
    body = (
      <p className="import-history__note" role="alert">
        {IMPORT_HISTORY_FAILED}
      </p>
    );
  else if (history.data.length === 0) body = <p className="import-history__note">No imports yet.</p>;
  else
    body = (
      <table className="import-history__table" aria-label="Import history">
        <thead>
          <tr>
            <th scope="col">Format</th>
            <th scope="col">By</th>
            <th scope="col">When</th>
            <th scope="col">Items</th>
            <th scope="col">Secrets standing</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((batch) => (
            <tr key={batch.id}>
              <td>{formatName(batch.format)}</td>
              <td>{batch.created_by.name || 'A removed user'}</td>
              <td>{formatDateTimeEnGb(batch.created_at)}</td>
              <td>{batch.item_count.toLocaleString('en-GB')}</td>
              <td>{batch.secret_count.toLocaleString('en-GB')}</td>
              <td>
                {batch.undone_at ? (
                  <span className="import-history__undone">Undone {formatDateTimeEnGb(batch.undone_at)}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={undo.isPending}
                    aria-label={`Undo the ${formatName(batch.format)} import of ${formatDateTimeEnGb(batch.created_at)}`}
                    onClick={() => void undoBatch(batch)}
                  >
                    Undo
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <section className="import-history" aria-labelledby="import-history-title">
      <h2 id="import-history-title" className="import-history__title">
        Import history
      </h2>
      {body}
    </section>
  );
}
