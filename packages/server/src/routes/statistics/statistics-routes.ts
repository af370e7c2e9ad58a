import type { FastifyPluginAsync } from 'fastify';
import type { DateRangeQuery } from '../../services/statistics/date-range-input.js';
import { allTimeDataRecords, dateRangeDataRecords } from '../../services/statistics/statistics-service.js';

// Both days are checked by the service (real calendar days, order, length), which names the field
// in its message; the schema only says they are text.
const DATE_RANGE_QUERY = {
  type: 'object',
  properties: { from: { type: 'string' }, to: { type: 'string' } },
} as const;

/**
 * The data dashboard's figures (spec section 7, "Billing and statistics"; docs/statistics.md): data
 * administrators of the organisation only, read from the daily records.
 */
export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/all_time_data_records', async (request) =>
    allTimeDataRecords(request.ctx, request.caller),
  );

  app.get<{ Querystring: DateRangeQuery }>(
    '/api/v1/date_range_data_records',
    { schema: { querystring: DATE_RANGE_QUERY } },
    async (request) => dateRangeDataRecords(request.ctx, request.caller, request.query),
  );
};
