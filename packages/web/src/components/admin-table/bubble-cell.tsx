import type { MouseEvent } from 'react';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss.js';

/** One related item in a bubble cell (a team, user, chest or secret). */
export interface Bubble {
  id: string;
  label: string;
  /** Opens the item (its admin screen). */
  onOpen: () => void;
  /** Team and chest bubbles have a remove cross (spec section 2). */
  onRemove?: () => void;
}

/** Props of a bubble cell. */
export interface BubbleCellProps {
  bubbles: readonly Bubble[];
  /** The count button's words: ['team', 'teams'] gives '1 team', '3 teams'. */
  noun: readonly [one: string, many: string];
}

// Clicks in a cell are the cell's own, not a click on the row.
const own = (event: MouseEvent, run: () => void) => {
  event.stopPropagation();
  run();
};

function BubbleEntry({ bubble }: { bubble: Bubble }) {
  return (
    <span className="bubble">
      <button type="button" className="bubble__open" onClick={(event) => own(event, bubble.onOpen)}>
        {bubble.label}
      </button>
      {bubble.onRemove ? (
        <button
          type="button"
          className="bubble__remove"
          aria-label={`Remove ${bubble.label}`}
          onClick={(event) => own(event, bubble.onRemove ?? (() => undefined))}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </span>
  );
}

/**
 * A cell listing related items (spec section 2): nothing, one bubble, or a count that opens a
 * dropdown of bubbles. Each bubble opens its item; team and chest bubbles have a remove cross.
 */
export function BubbleCell({ bubbles, noun }: BubbleCellProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  const [first] = bubbles;
  if (!first) return <span className="bubble-cell__none">—</span>;
  if (bubbles.length === 1) return <BubbleEntry bubble={first} />;
  return (
    <div className="bubble-cell" ref={rootRef}>
      <button
        type="button"
        className="bubble bubble__count"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={(event) => own(event, () => setOpen((current) => !current))}
      >
        {`${bubbles.length} ${bubbles.length === 1 ? noun[0] : noun[1]}`}
      </button>
      {open ? (
        <ul id={listId} className="bubble-cell__list" aria-label={noun[1]}>
          {bubbles.map((bubble) => (
            <li key={bubble.id}>
              <BubbleEntry bubble={bubble} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
