import { formatDateEnGb, formatPence } from '@coffer/core';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { ChartSeries, MetricChart } from './metric-charts.js';
import { formatAxisDay, formatCount } from './statistic-format.js';

// chart.js arrives with the first chart, not with the page: the 'All time view' never needs it.
const LineChart = lazy(() => import('../../../components/charts/line-chart.js'));

/** The figures of a chart as a table, for keyboards and screen readers (a canvas is an image). */
function FiguresTable({ chart, series }: { chart: MetricChart; series: ChartSeries }) {
  const format = chart.money ? formatPence : formatCount;
  return (
    <div className="statistics-chart__table-scroll">
      <table className="statistics-chart__table">
        <caption className="visually-hidden">{chart.title}, per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {series.lines.map((line) => (
              <th key={line.label} scope="col">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.days.map((day, index) => (
            <tr key={day}>
              <th scope="row">{formatDateEnGb(day)}</th>
              {series.lines.map((line) => {
                const value = line.values[index];
                return (
                  <td key={line.label}>{value === null || value === undefined ? '–' : format(value)}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One chart of the date-range view: its title, the lines, and its figures as a table on demand. */
export function StatisticsChart({ chart, series }: { chart: MetricChart; series: ChartSeries }) {
  const titleId = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const labels = useMemo(() => series.days.map(formatAxisDay), [series.days]);
  const first = series.days[0] ?? '';
  const last = series.days.at(-1) ?? '';
  const description = `${chart.title} from ${formatDateEnGb(first)} to ${formatDateEnGb(last)}: ${series.lines
    .map((line) => line.label)
    .join(', ')}`;
  return (
    <figure className="statistics-chart" aria-labelledby={titleId}>
      <h3 id={titleId} className="statistics-chart__title">
        {chart.title}
      </h3>
      <Suspense
        fallback={
          <p className="line-chart-loading" role="status">
            Loading the chart…
          </p>
        }
      >
        <LineChart
          label={description}
          labels={labels}
          series={series.lines}
          formatValue={chart.money ? formatPence : formatCount}
        />
      </Suspense>
      <details
        className="statistics-chart__details"
        onToggle={(event) => setTableOpen(event.currentTarget.open)}
      >
        <summary>Show the figures of {chart.title}</summary>
        {tableOpen ? <FiguresTable chart={chart} series={series} /> : null}
      </details>
    </figure>
  );
}
