import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { openModal } from '../../lib/modal-store.js';
import { isTypingTarget } from '../../shortcuts/typing-target.js';
import { useTableSearch } from '../admin-table/table-search.js';
import { ModalDialog } from './modal-dialog.js';

/** One choice of the Link modal. */
export interface LinkOption {
  id: string;
  label: string;
}

/** What the Link modal asks. */
export interface LinkModalOptions<K extends QueryKey = QueryKey> {
  title: string;
  subtext?: string;
  /** The choices for a search text (a TanStack query, so answers are cached per search). */
  choices: (search: string) => UseQueryOptions<LinkOption[], Error, LinkOption[], K>;
  /** Ids already linked: left out of the list. */
  exclude?: readonly string[];
  /** The search box's placeholder ('Search for a team'). */
  searchPlaceholder: string;
}

interface LinkModalProps<K extends QueryKey> extends LinkModalOptions<K> {
  onDone: (chosen?: LinkOption[]) => void;
}

/**
 * The Link modal (spec section 2): a searchable multi-select with a 'Link' button. The search
 * applies 300 ms after the last key; choices stay chosen across searches. Shift+N (outside the
 * search box) or Enter links, Esc cancels.
 */
export function LinkModal<K extends QueryKey>({
  title,
  subtext,
  choices,
  exclude = [],
  searchPlaceholder,
  onDone,
}: LinkModalProps<K>) {
  const search = useTableSearch();
  const [chosen, setChosen] = useState<ReadonlyMap<string, LinkOption>>(new Map());
  const query = useQuery(choices(search.filter));
  const options = (query.data ?? []).filter((option) => !exclude.includes(option.id));

  const toggle = (option: LinkOption) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(option.id)) next.delete(option.id);
      else next.set(option.id, option);
      return next;
    });
  const confirm = () => {
    if (chosen.size > 0) onDone([...chosen.values()]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key.toLowerCase() !== 'n' || !event.shiftKey || isTypingTarget(event.target)) return;
    event.preventDefault();
    confirm();
  };

  return (
    <ModalDialog title={title} subtext={subtext} onCancel={() => onDone()} onEnter={confirm}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Shift+N confirms from anywhere in the dialog but the search box */}
      <div className="link-modal" onKeyDown={onKeyDown}>
        <input
          type="search"
          className="link-modal__search"
          aria-label="Search"
          placeholder={searchPlaceholder}
          value={search.text}
          data-autofocus
          onChange={(event) => search.setText(event.target.value)}
        />
        {query.isPending ? (
          <p className="link-modal__status" role="status">
            Loading…
          </p>
        ) : query.isError ? (
          <p className="link-modal__status" role="alert">
            The list could not be loaded. Please try again.
          </p>
        ) : options.length === 0 ? (
          <p className="link-modal__status">No Items Found</p>
        ) : (
          <fieldset className="link-modal__options">
            <legend className="visually-hidden">{title}</legend>
            {options.map((option) => (
              <label key={option.id} className="link-modal__option">
                <input type="checkbox" checked={chosen.has(option.id)} onChange={() => toggle(option)} />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={() => onDone()}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={chosen.size === 0}
            aria-keyshortcuts="Shift+N"
            onClick={confirm}
          >
            Link
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** Opens the Link modal; answers the chosen options, or undefined when cancelled. */
export function openLinkModal<K extends QueryKey>(
  options: LinkModalOptions<K>,
): Promise<LinkOption[] | undefined> {
  return openModal<LinkOption[]>((close) => <LinkModal {...options} onDone={close} />);
}
