import type { FillConfirmations } from '../fill/fill-tab.js';
import type { VaultEntry } from '../vault/vault-entry.js';
import { TotpView } from './totp-view.js';
import type { EntryExtra } from './use-entry-actions.js';

/** What a row does when acted on. */
export interface EntryRowActions {
  onSelect: () => void;
  onFill: (confirmed?: FillConfirmations) => void;
  onCopyUsername: () => void;
  onCopyPassword: () => void;
  onShowCode: () => void;
  onCopyCode: (code: string) => void;
  onOpen: () => void;
}

interface EntryRowProps extends EntryRowActions {
  entry: VaultEntry;
  selected: boolean;
  matchesTab: boolean;
  extra: EntryExtra;
}

/** One login of the list; its buttons show when it is selected (the best match is, when the popup opens). */
export function EntryRow(props: EntryRowProps) {
  const { entry, selected, matchesTab, extra } = props;
  return (
    <div
      className={selected ? 'entry selected' : 'entry'}
      aria-selected={selected}
      role="option"
      tabIndex={-1}
    >
      <button type="button" className="entry-name" onClick={props.onSelect}>
        <span>{entry.name}</span>
        <small>
          {entry.chestName}
          {matchesTab ? ' · this site' : ''}
        </small>
      </button>
      {selected && (
        <div className="entry-actions">
          <button type="button" onClick={() => props.onFill()}>
            Fill
          </button>
          <button type="button" onClick={props.onCopyUsername}>
            Copy username
          </button>
          <button type="button" onClick={props.onCopyPassword}>
            Copy password
          </button>
          <button type="button" onClick={props.onShowCode}>
            Code
          </button>
          <button type="button" onClick={props.onOpen}>
            Open in Coffer
          </button>
        </div>
      )}
      {selected && extra.kind === 'confirm-insecure' && (
        <button type="button" className="warning" onClick={() => props.onFill({ insecure: true })}>
          Fill on this insecure page
        </button>
      )}
      {selected && extra.kind === 'confirm-frame' && (
        <button
          type="button"
          className="warning"
          onClick={() => props.onFill({ insecure: extra.insecure, frameOrigin: extra.origin })}
        >
          Fill in the frame from {extra.origin}
        </button>
      )}
      {selected && extra.kind === 'copy-instead' && (
        <div className="entry-actions">
          <button type="button" onClick={props.onCopyUsername}>
            Copy username
          </button>
          <button type="button" onClick={props.onCopyPassword}>
            Copy password
          </button>
        </div>
      )}
      {selected && extra.kind === 'totp' && (
        <TotpView authenticatorKey={extra.authenticatorKey} onCopy={props.onCopyCode} />
      )}
    </div>
  );
}
