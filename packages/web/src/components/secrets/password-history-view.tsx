import type { PastValue } from '@coffer/core';
import { formatDateTimeEnGb } from '@coffer/core';
import { useId, useState } from 'react';
import { HISTORY_BUTTON_LABEL, historyFieldLabel } from './extras-labels.js';
import { SecretFieldRow } from './secret-field-row.js';

/** 'Password history': a button that opens the earlier values, newest first, masked, with reveal and copy. */
export function PasswordHistoryView({ history }: { history: readonly PastValue[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (history.length === 0) return null;
  return (
    <div className="password-history">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
      >
        {HISTORY_BUTTON_LABEL} ({history.length})
      </button>
      {open ? (
        <section id={id} aria-label={HISTORY_BUTTON_LABEL}>
          <dl className="secret-fields">
            {history.map((entry, index) => (
              <SecretFieldRow
                // Entries have no id; their order is fixed while the viewer is open.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                label={`${historyFieldLabel(entry.field)} · ${formatDateTimeEnGb(entry.changedAt)}`}
                value={entry.value}
                concealed
              />
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
