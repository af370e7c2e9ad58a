import { describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMN_WIDTHS,
  EXPORT_COLUMNS,
  EXPORT_FILE_NAME,
  EXPORT_SHEET_NAME_MAX,
} from './export-constants.js';
import * as lengths from './length-constants.js';
import * as paging from './paging-constants.js';
import { ABSOLUTE_SESSION_HOURS, DEFAULT_TEAM_NAME } from './session-constants.js';
import * as timings from './timing-constants.js';

describe('business constants (spec section 9)', () => {
  it('fixes the length limits', () => {
    expect(lengths).toMatchObject({
      MIN_PASSWORD_LENGTH: 12,
      OTP_LENGTH: 6,
      SECRET_NAME_MAX: 50,
      CHEST_NAME_MAX: 25,
      TEAM_NAME_MAX: 25,
      DEFAULT_TEXT_MAX: 255,
      CHEST_NAME_VIEW_MAX: 40,
      CHEST_NAME_MOVE_LIST_MAX: 12,
      SIDEBAR_TAG_MAX: 50,
      POPULAR_MIN_ROWS: 4,
      STRENGTH_MAX: 5,
      GENERATED_PASSWORD_LENGTH: 12,
    });
  });

  it('fixes the page sizes', () => {
    expect(paging).toMatchObject({ PAGE_SIZE: 20, ACTIVITY_LOG_PAGE_SIZE: 10, AUDIT_LOG_FETCH_LIMIT: 200 });
  });

  it('fixes the UI timings', () => {
    expect(timings).toMatchObject({
      SEARCH_DEBOUNCE_MS: 2000,
      TABLE_SEARCH_DEBOUNCE_MS: 300,
      AUDIT_SEARCH_DEBOUNCE_MS: 300,
      NOTIFICATION_MS: 8000,
      COPIED_MS: 1000,
      GENERATED_TICK_MS: 3000,
      SHORTCUT_PANEL_MS: 10_000,
      TAB_SWITCH_MS: 250,
      PAGE_TRANSITION_MS: 300,
      WELCOME_FADE_MS: 500,
      INACTIVITY_WARNING_SECONDS: 60,
      TUTORIAL_SLIDES: 3,
    });
  });

  it('fixes the session, team and export constants', () => {
    expect(ABSOLUTE_SESSION_HOURS).toBe(12);
    expect(DEFAULT_TEAM_NAME).toBe('Everyone');
    expect(EXPORT_FILE_NAME).toBe('secrets.xlsx');
    expect(EXPORT_SHEET_NAME_MAX).toBe(31);
    expect(EXPORT_COLUMNS).toEqual(['Name', 'Category', 'JSON']);
    expect(EXPORT_COLUMN_WIDTHS).toEqual([30, 15, 90]);
  });
});
