import type { RefObject } from 'react';
import { paths } from '../../navigation/paths.js';
import type { ShortcutContext } from '../../shortcuts/shortcut-types.js';
import { isTypingTarget } from '../../shortcuts/typing-target.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import { ADMIN_SECTIONS, AREA_TOGGLES, adminArea, adminSectionIndex } from './admin-areas.js';
import { setAdminToggle } from './admin-context-store.js';

const ADMIN_ROUTES = [`${paths.admin}/*`];

// A field of an admin form: Escape first leaves it; the next Escape goes back.
const inScreenField = () => {
  const active = document.activeElement;
  return isTypingTarget(active) && active instanceof HTMLElement && active.closest('.admin__screen') !== null;
};

// Shift+Left / Shift+Right: the first or second toggle of the area (Chests/Secrets, Teams/Users).
function switchToggle({ pathname, navigate }: ShortcutContext, index: 0 | 1): void {
  const area = adminArea(pathname);
  if (!area) return;
  const toggles = AREA_TOGGLES[area];
  const option = toggles.options[index];
  setAdminToggle(area, option.context);
  if (pathname !== toggles.list) void navigate(toggles.list);
}

function moveSection({ pathname, navigate }: ShortcutContext, step: 1 | -1): void {
  const current = adminSectionIndex(pathname);
  const next = Math.min(ADMIN_SECTIONS.length - 1, Math.max(0, (current === -1 ? 0 : current) + step));
  const section = ADMIN_SECTIONS[next];
  if (section && next !== current) void navigate(section.path);
}

/**
 * The admin area's shortcuts (spec section 2), registered by its layout so the help panel lists
 * them there: I and Esc for the search, Shift+←/→ for the toggles, Shift+↓/↑ between sections.
 * Shift+D (back to the dashboard) is global; Shift+N, Esc (back) and the like come with each
 * screen's footer.
 */
export function useAdminShortcuts(searchRef: RefObject<HTMLInputElement | null>): void {
  useShortcuts([
    {
      id: 'admin.search',
      keys: 'I',
      description: 'Focus the search bar',
      routes: ADMIN_ROUTES,
      when: () => searchRef.current !== null,
      run: () => searchRef.current?.focus(),
    },
    {
      id: 'admin.leave-search',
      keys: 'Escape',
      description: 'Leave the search bar',
      routes: ADMIN_ROUTES,
      allowInInputs: true,
      when: () => searchRef.current !== null && document.activeElement === searchRef.current,
      run: () => searchRef.current?.blur(),
    },
    {
      id: 'admin.leave-field',
      keys: 'Escape',
      description: 'Leave the field',
      hidden: true,
      routes: ADMIN_ROUTES,
      allowInInputs: true,
      when: inScreenField,
      run: () => (document.activeElement as HTMLElement | null)?.blur(),
    },
    {
      id: 'admin.toggle-first',
      keys: 'Shift+ArrowLeft',
      description: 'Show Chests (or Teams)',
      routes: ADMIN_ROUTES,
      when: ({ pathname }) => adminArea(pathname) !== null,
      run: (context) => switchToggle(context, 0),
    },
    {
      id: 'admin.toggle-second',
      keys: 'Shift+ArrowRight',
      description: 'Show Secrets (or Users)',
      routes: ADMIN_ROUTES,
      when: ({ pathname }) => adminArea(pathname) !== null,
      run: (context) => switchToggle(context, 1),
    },
    {
      id: 'admin.section-next',
      keys: 'Shift+ArrowDown',
      description: 'Next admin section',
      routes: ADMIN_ROUTES,
      run: (context) => moveSection(context, 1),
    },
    {
      id: 'admin.section-previous',
      keys: 'Shift+ArrowUp',
      description: 'Previous admin section',
      routes: ADMIN_ROUTES,
      run: (context) => moveSection(context, -1),
    },
  ]);
}
