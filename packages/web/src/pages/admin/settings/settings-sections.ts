import type { SettingsLocationState } from '../../../navigation/settings-location.js';

/** The sections of /admin/settings, in the order of the left list (spec section 2). */
export type SettingsSection = 'general' | 'audit' | 'billing' | 'owner';

/** Each section's label in the left list and heading. */
export const SETTINGS_SECTION_LABELS: { readonly [S in SettingsSection]: string } = {
  general: 'General',
  audit: 'Audit Log',
  billing: 'Billing',
  owner: 'Owner Actions',
};

/** The sections a user sees: Owner Actions for the owner only; no Billing when billing is off. */
export function visibleSettingsSections(isOwner: boolean, billing = true): SettingsSection[] {
  const sections: SettingsSection[] = ['general', 'audit', 'billing', 'owner'];
  return sections.filter((section) => (section !== 'owner' || isOwner) && (section !== 'billing' || billing));
}

/** The section the settings open on: Billing when coming from the plans page, else General. */
export function initialSettingsSection(state: unknown): SettingsSection {
  const fromPlans = typeof state === 'object' && state !== null && (state as SettingsLocationState).fromPlans;
  return fromPlans === true ? 'billing' : 'general';
}

/** The section Up (-1) or Down (+1) moves to, staying at the ends. */
export function stepSettingsSection(
  sections: readonly SettingsSection[],
  current: SettingsSection,
  step: 1 | -1,
): SettingsSection {
  const index = Math.max(0, sections.indexOf(current));
  return sections[Math.min(sections.length - 1, Math.max(0, index + step))] ?? current;
}
