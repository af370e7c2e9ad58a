import type { KeyboardEvent, RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '../../navigation/paths.js';
import type { DashboardState, DashboardTab } from './use-dashboard-state.js';

const TABS: readonly { id: DashboardTab; label: string }[] = [
  { id: 'secrets', label: 'Secrets' },
  { id: 'chests', label: 'Chests' },
];

/** Id of a tab's button, for aria-labelledby of its panel. */
export const tabId = (tab: DashboardTab) => `dashboard-tab-${tab}`;

/** The dashboard's top bar: Secrets/Chests tabs, the search box, Add Secret, Show all, the list toggle. */
export function DashboardToolbar({
  state,
  searchRef,
  canAdd,
}: {
  state: DashboardState;
  searchRef: RefObject<HTMLInputElement | null>;
  canAdd: boolean;
}) {
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = state.tab === 'secrets' ? 'chests' : 'secrets';
    state.selectTab(next);
    document.getElementById(tabId(next))?.focus();
  };
  const searchLabel =
    state.shownTab === 'chests' && !state.chestId ? 'Search for a chest' : 'Search for a secret';

  return (
    <div className="dashboard-toolbar">
      <div role="tablist" aria-label="Dashboard" className="dashboard-tabs">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            id={tabId(id)}
            type="button"
            role="tab"
            aria-selected={state.tab === id}
            tabIndex={state.tab === id ? 0 : -1}
            className="dashboard-tabs__tab"
            onClick={() => state.selectTab(id)}
            onKeyDown={onTabKeyDown}
          >
            {label}
          </button>
        ))}
      </div>
      <input
        ref={searchRef}
        type="search"
        className="dashboard-toolbar__search"
        aria-label="Search"
        placeholder={searchLabel}
        value={state.query}
        onChange={(event) => state.setQuery(event.target.value)}
      />
      {canAdd ? (
        <button
          type="button"
          className="dashboard-toolbar__add button button--primary"
          onClick={() => state.newSecret(state.chestId ?? undefined)}
        >
          Add Secret
        </button>
      ) : null}
      <label className="dashboard-toolbar__toggle">
        <input
          type="checkbox"
          checked={state.showAll}
          onChange={(event) => state.setShowAll(event.target.checked)}
        />
        Show all
      </label>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={state.open}
        aria-controls="dashboard-lists"
        onClick={() => state.setOpen(!state.open)}
      >
        {state.open ? 'Hide list' : 'Show list'}
      </button>
      <Link className="button button--ghost button--small" to={paths.securityCentre}>
        Security centre
      </Link>
    </div>
  );
}
