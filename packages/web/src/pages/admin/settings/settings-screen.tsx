import type { KeyboardEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useBillingState } from '../../../api/billing-queries.js';
import { focusedRow } from '../../../components/lists/row-navigation.js';
import { ActiveSettingsRowProvider } from '../../../components/settings-rows/active-settings-row.js';
import { useOwnership } from '../../../session/ownership.js';
import { useShortcuts } from '../../../shortcuts/use-shortcuts.js';
import { AuditLogSection } from './audit-log-section.js';
import { BillingSection } from './billing-section.js';
import { GeneralSection } from './general-section.js';
import { OwnerActionsSection } from './owner-actions-section.js';
import type { SettingsSection } from './settings-sections.js';
import {
  initialSettingsSection,
  SETTINGS_SECTION_LABELS,
  stepSettingsSection,
  visibleSettingsSections,
} from './settings-sections.js';
import '../../../components/settings-rows/settings-rows.css';
import './settings.css';

// Up and Down move between sections unless they have another job where focus is (a table row).
const arrowsAreFree = () => focusedRow() === null;

/**
 * /admin/settings (spec section 2): the left list General, Audit Log, Billing and, for the owner,
 * Owner Actions (a loading indicator while the owner check runs); Up/Down move between them. It
 * opens on Billing when the navigation state says it came from the plans page, else on General.
 */
export function Component() {
  const location = useLocation();
  const { checking, isOwner } = useOwnership();
  const [chosen, setChosen] = useState<SettingsSection>(() => initialSettingsSection(location.state));
  const sections = visibleSettingsSections(isOwner, useBillingState().mode !== 'off');
  // Owner Actions disappear with the ownership (a transfer): the settings fall back to General.
  const current = sections.includes(chosen) ? chosen : 'general';
  const listId = useId();
  const tabs = useRef(new Map<SettingsSection, HTMLButtonElement>());

  // The next section; focus follows when it was in the list (a tab keeps the keyboard there).
  const move = (step: 1 | -1) => {
    const next = stepSettingsSection(sections, current, step);
    const inList = [...tabs.current.values()].some((tab) => tab === document.activeElement);
    setChosen(next);
    if (inList) tabs.current.get(next)?.focus();
  };

  useShortcuts([
    {
      id: 'settings.next-section',
      keys: 'ArrowDown',
      description: 'Next settings section',
      when: arrowsAreFree,
      run: () => move(1),
    },
    {
      id: 'settings.previous-section',
      keys: 'ArrowUp',
      description: 'Previous settings section',
      when: arrowsAreFree,
      run: () => move(-1),
    },
  ]);

  // The list is also a vertical tab list: Home and End reach its ends.
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.key === 'Home' ? sections[0] : event.key === 'End' ? sections.at(-1) : undefined;
    if (!target) return;
    event.preventDefault();
    setChosen(target);
    tabs.current.get(target)?.focus();
  };

  return (
    <>
      <h1 className="admin__title">Settings</h1>
      <ActiveSettingsRowProvider>
        <div className="settings">
          <div className="settings__nav">
            <div
              role="tablist"
              aria-label="Settings sections"
              aria-orientation="vertical"
              className="settings__sections"
              onKeyDown={onListKeyDown}
            >
              {sections.map((section) => (
                <button
                  key={section}
                  ref={(element) => {
                    if (element) tabs.current.set(section, element);
                    else tabs.current.delete(section);
                  }}
                  type="button"
                  role="tab"
                  id={`${listId}-${section}`}
                  aria-selected={section === current}
                  aria-controls={`${listId}-panel`}
                  tabIndex={section === current ? 0 : -1}
                  className="settings__section"
                  onClick={() => setChosen(section)}
                >
                  {SETTINGS_SECTION_LABELS[section]}
                </button>
              ))}
            </div>
            {checking ? (
              <p className="settings__checking" role="status">
                <span className="settings__spinner" aria-hidden="true" />
                Checking owner…
              </p>
            ) : null}
          </div>
          <section
            id={`${listId}-panel`}
            role="tabpanel"
            aria-labelledby={`${listId}-${current}`}
            className="settings__panel"
          >
            <h2 className="settings__heading">{SETTINGS_SECTION_LABELS[current]}</h2>
            {current === 'general' ? <GeneralSection /> : null}
            {current === 'audit' ? <AuditLogSection /> : null}
            {current === 'billing' ? <BillingSection /> : null}
            {current === 'owner' ? <OwnerActionsSection /> : null}
          </section>
        </div>
      </ActiveSettingsRowProvider>
    </>
  );
}
