import type {
  AllTimeDataRecordsResponse,
  DateRangeDataRecordsResponse,
  Profile,
  StatisticsCard,
} from '@coffer/core';
import type { FakeAnswer, FetchCall } from '../../../test/mock-fetch.js';
import { mockFetch } from '../../../test/mock-fetch.js';
import { buildProfile } from '../../../test/profile-fixture.js';

/** A card as all_time_data_records.json answers it. */
export function card(
  overrides: Partial<StatisticsCard> & Pick<StatisticsCard, 'id' | 'title'>,
): StatisticsCard {
  return { stat: 0, currency: false, increase: true, percentage: 0, ...overrides };
}

/** The fake server of the statistics page: the profile and the two statistics calls. */
export interface StatisticsServer {
  profile?: Partial<Profile>;
  allTime?: FakeAnswer | ((call: FetchCall) => FakeAnswer);
  range?: FakeAnswer | ((call: FetchCall) => FakeAnswer);
}

const emptyAllTime: AllTimeDataRecordsResponse = { items: [], recorded_on: null, so_far: false };

/** Signs a user in (a data administrator who is not an administrator, unless told) and fakes the calls. */
export function serveStatistics(server: StatisticsServer = {}): FetchCall[] {
  localStorage.setItem('token', 'tok');
  return mockFetch({
    'GET /api/v1/profile.json': {
      body: buildProfile({ id: 'u-2', owner_id: 'u-1', data_administrator: true, ...server.profile }),
    },
    'GET /api/v1/all_time_data_records.json': server.allTime ?? { body: emptyAllTime },
    'GET /api/v1/date_range_data_records.json':
      server.range ??
      ((call) => {
        const query = new URL(call.path, 'http://localhost').searchParams;
        const body: DateRangeDataRecordsResponse = {
          from: query.get('from') ?? '',
          to: query.get('to') ?? '',
          days: [],
        };
        return { body };
      }),
    // What the dashboard at / asks for when a guard sends someone there.
    'GET /api/v1/vaults.json': { body: { items: [], total: 0 } },
    'GET /api/v1/secrets.json': { body: { items: [], total: 0 } },
    'GET /api/v1/teams.json': { body: { items: [], total: 0 } },
  });
}

/** The calls made to one path (query left out). */
export function callsTo(calls: FetchCall[], path: string): FetchCall[] {
  return calls.filter((call) => new URL(call.path, 'http://localhost').pathname === path);
}

/** The query of a call. */
export function queryOf(call: FetchCall | undefined): URLSearchParams {
  return new URL(call?.path ?? '/', 'http://localhost').searchParams;
}
