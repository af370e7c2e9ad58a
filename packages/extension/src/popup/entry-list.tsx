import type { PopupList } from '../vault/popup-list.js';
import type { VaultEntry } from '../vault/vault-entry.js';
import { EntryRow, type EntryRowActions } from './entry-row.js';
import type { EntryExtra } from './use-entry-actions.js';

interface EntryListProps {
  list: PopupList;
  /** The selected row (the best match when the popup opens). */
  current: VaultEntry | undefined;
  extraFor: (entry: VaultEntry) => EntryExtra;
  actionsFor: (entry: VaultEntry, index: number) => EntryRowActions;
}

/** The popup's list: its rows, and how many more a search would reach when it was cut. */
export function EntryList({ list, current, extraFor, actionsFor }: EntryListProps) {
  const hidden = list.total - list.rows.length;
  return (
    <>
      <div role="listbox" aria-label="Secrets" tabIndex={-1}>
        {list.rows.map((entry, index) => (
          <EntryRow
            key={entry.secretId}
            entry={entry}
            selected={entry === current}
            matchesTab={list.matching.has(entry.secretId)}
            extra={extraFor(entry)}
            {...actionsFor(entry, index)}
          />
        ))}
      </div>
      {hidden > 0 && (
        <p className="list-more">
          {list.rows.length} of {list.total} shown. Search to find the others.
        </p>
      )}
    </>
  );
}
