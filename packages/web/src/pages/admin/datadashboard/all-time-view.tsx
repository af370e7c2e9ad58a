import { formatDateEnGb } from '@coffer/core';
import { useAllTimeRecords } from '../../../api/statistics-queries.js';
import { LoadError } from './load-error.js';
import { StatisticCard } from './statistic-card.js';

/** Texts of the 'All time view'. */
export const ALL_TIME_TEXT = {
  loading: 'Loading the statistics…',
  empty: 'No statistics yet. Coffer records the figures once a day; the first record appears within a day.',
  // The server compares the newest record with the one 30 days before it (docs/statistics.md).
  recordedOn: (day: string) =>
    `Figures of ${formatDateEnGb(day)}. The arrows show the change since 30 days before.`,
  // Before the organisation's first daily record the server counts today's figures on demand.
  soFar: (day: string) =>
    `Today's figures so far (${formatDateEnGb(day)}). Coffer records each day's figures after midnight (UTC); the changes appear as the records build up.`,
} as const;

/**
 * The 'All time view' tab (spec section 2): one card per figure of the newest daily record, or of
 * today so far while the organisation has none yet.
 */
export function AllTimeView() {
  const records = useAllTimeRecords();
  if (records.isPending) {
    return (
      <p className="datadashboard__state" role="status">
        {ALL_TIME_TEXT.loading}
      </p>
    );
  }
  if (records.isError) return <LoadError onRetry={() => void records.refetch()} />;
  const { items, recorded_on: recordedOn, so_far: soFar } = records.data;
  if (items.length === 0 || recordedOn === null) {
    return <p className="datadashboard__state">{ALL_TIME_TEXT.empty}</p>;
  }
  return (
    <>
      <p className="datadashboard__note">
        {soFar ? ALL_TIME_TEXT.soFar(recordedOn) : ALL_TIME_TEXT.recordedOn(recordedOn)}
      </p>
      <div className="stat-cards">
        {items.map((card) => (
          <StatisticCard key={card.id} card={card} />
        ))}
      </div>
    </>
  );
}
