import type { DateRangeDataRecordsResponse } from '@coffer/core';
import { useMemo } from 'react';
import type { DayRange } from '../../../api/statistics-api.js';
import { useDateRangeRecords } from '../../../api/statistics-queries.js';
import { DateRangeForm } from './date-range-form.js';
import { LoadError } from './load-error.js';
import { chartSeries, METRIC_CHARTS } from './metric-charts.js';
import { StatisticsChart } from './statistics-chart.js';

/** Texts of the date-range view. */
export const DATE_RANGE_TEXT = {
  loading: 'Loading the figures…',
  empty: 'No figures were recorded in this range.',
} as const;

/** Props of the date-range view. */
export interface DateRangeViewProps {
  range: DayRange;
  today: string;
  onRangeChange: (range: DayRange) => void;
}

/**
 * The 'Date range' tab (beyond the spec's one tab): the daily records of a range of days as line
 * charts, one per group of related figures.
 */
export function DateRangeView({ range, today, onRangeChange }: DateRangeViewProps) {
  const records = useDateRangeRecords(range);
  return (
    <>
      <DateRangeForm range={range} today={today} onApply={onRangeChange} />
      <RangeFigures records={records} />
    </>
  );
}

function RangeFigures({ records }: { records: ReturnType<typeof useDateRangeRecords> }) {
  if (records.isPending) {
    return (
      <p className="datadashboard__state" role="status">
        {DATE_RANGE_TEXT.loading}
      </p>
    );
  }
  if (records.isError) return <LoadError onRetry={() => void records.refetch()} />;
  const answer = records.data;
  if (answer.days.length === 0) return <p className="datadashboard__state">{DATE_RANGE_TEXT.empty}</p>;
  return <RangeCharts answer={answer} busy={records.isPlaceholderData} />;
}

// The series are worked out once per answer, so a chart redraws only when its figures change.
function RangeCharts({ answer, busy }: { answer: DateRangeDataRecordsResponse; busy: boolean }) {
  const charts = useMemo(
    () => METRIC_CHARTS.map((chart) => ({ chart, series: chartSeries(chart, answer) })),
    [answer],
  );
  return (
    <div className="statistics-charts" aria-busy={busy}>
      {charts.map(({ chart, series }) => (
        <StatisticsChart key={chart.id} chart={chart} series={series} />
      ))}
    </div>
  );
}
