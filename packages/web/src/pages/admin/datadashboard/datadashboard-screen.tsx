import type { KeyboardEvent } from 'react';
import { useId, useRef, useState } from 'react';
import type { DayRange } from '../../../api/statistics-api.js';
import { AllTimeView } from './all-time-view.js';
import { defaultRange, toIsoDay } from './date-range.js';
import { DateRangeView } from './date-range-view.js';
import './datadashboard.css';

/** The dashboard's tabs: the spec's one, then the charts over a range of days. */
const TABS = [
  { id: 'all-time', label: 'All time view' },
  { id: 'range', label: 'Date range' },
] as const;

type Tab = (typeof TABS)[number]['id'];

// Left/Right move between tabs, Home/End reach the ends (the ARIA tabs pattern); focus follows.
const TAB_KEYS: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % TABS.length,
  ArrowLeft: (index) => (index - 1 + TABS.length) % TABS.length,
  Home: () => 0,
  End: () => TABS.length - 1,
};

/**
 * /admin/datadashboard (spec section 2): the statistics of the organisation for its data
 * administrators (the route's guard sends anyone else to /). The 'All time view' shows the cards of
 * the newest daily record; 'Date range' charts the daily records of the chosen days.
 */
export function Component() {
  const [tab, setTab] = useState<Tab>('all-time');
  // Today is fixed when the page opens: the form's limit and the default range agree with each other.
  const [today] = useState(() => toIsoDay(new Date()));
  const [range, setRange] = useState<DayRange>(() => defaultRange(today));
  const baseId = useId();
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = TAB_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = TABS[move(TABS.findIndex((entry) => entry.id === tab))];
    if (!next) return;
    setTab(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  return (
    <div className="datadashboard">
      <h1 className="admin__title">Statistics</h1>
      <div
        role="tablist"
        aria-label="Statistics views"
        className="datadashboard__tabs"
        onKeyDown={onTabKeyDown}
      >
        {TABS.map((entry) => (
          <button
            key={entry.id}
            ref={(element) => {
              if (element) tabRefs.current.set(entry.id, element);
              else tabRefs.current.delete(entry.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-${entry.id}`}
            aria-selected={entry.id === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={entry.id === tab ? 0 : -1}
            className="datadashboard__tab"
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <section
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${tab}`}
        className="datadashboard__panel"
      >
        {tab === 'all-time' ? (
          <AllTimeView />
        ) : (
          <DateRangeView range={range} today={today} onRangeChange={setRange} />
        )}
      </section>
    </div>
  );
}
