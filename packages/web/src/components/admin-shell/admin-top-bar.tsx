import { SEARCH_DEBOUNCE_MS } from '@coffer/core';
import type { RefObject } from 'react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStore } from '../../lib/create-store.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import type { AdminSearchTarget } from './admin-areas.js';
import { AREA_TOGGLES, adminArea, adminSearchTarget } from './admin-areas.js';
import {
  adminTopBarStore,
  setAdminSearch,
  setAdminToggle,
  useAdminSearchText,
} from './admin-context-store.js';

/** Props of the admin top bar. */
export interface AdminTopBarProps {
  /** The search box, for the I and Escape shortcuts. */
  searchRef: RefObject<HTMLInputElement | null>;
}

/**
 * The admin top bar (spec section 2): the Chests/Secrets (or Teams/Users) toggle buttons and the
 * search box with the placeholder of the table it filters; the search applies 2000 ms after the
 * last key, at once when emptied.
 */
export function AdminTopBar({ searchRef }: AdminTopBarProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toggles = useStore(adminTopBarStore, (state) => state.toggles);
  const area = adminArea(pathname);
  const target = adminSearchTarget(pathname, toggles);
  if (!area && !target) return null;

  return (
    <div className="admin-top-bar">
      {area ? (
        <fieldset className="admin-top-bar__toggles">
          <legend className="visually-hidden">Show</legend>
          {AREA_TOGGLES[area].options.map((option) => (
            <button
              key={option.context}
              type="button"
              className="admin-top-bar__toggle"
              aria-pressed={toggles[area] === option.context && pathname === AREA_TOGGLES[area].list}
              onClick={() => {
                setAdminToggle(area, option.context);
                if (pathname !== AREA_TOGGLES[area].list) void navigate(AREA_TOGGLES[area].list);
              }}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      ) : null}
      {target ? <AdminSearchBox key={target.key} target={target} inputRef={searchRef} /> : null}
    </div>
  );
}

// One table's search; remounted per table (key), so each debounces on its own.
function AdminSearchBox({
  target,
  inputRef,
}: {
  target: AdminSearchTarget;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const text = useAdminSearchText(target.key);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS, (value) => value === '');
  useEffect(() => setAdminSearch(target.key, { applied: settled }), [target.key, settled]);
  return (
    <input
      ref={inputRef}
      type="search"
      className="admin-top-bar__search"
      aria-label="Search"
      placeholder={target.placeholder}
      value={text}
      onChange={(event) => setAdminSearch(target.key, { text: event.target.value })}
    />
  );
}
