import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useCssColours } from './use-css-colours.js';
import './line-chart.css';

// chart.js draws on a canvas with no eval, workers or inline <style>, so it passes the CSP
// (script-src 'self'; style-src 'self'). Only the pieces a line chart needs are registered, and this
// module is only ever imported lazily: chart.js stays out of the initial JavaScript.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

/** One line: its legend label and a value per label of the x axis (null: no figure that day). */
export interface LineSeries {
  label: string;
  values: readonly (number | null)[];
}

/** Props of a line chart. */
export interface LineChartProps {
  /** What the chart shows, for screen readers (the canvas is an image). */
  label: string;
  /** The x axis (days). */
  labels: readonly string[];
  series: readonly LineSeries[];
  /** Formats a value for the y axis and the tooltip. */
  formatValue: (value: number) => string;
}

// Up to five lines told apart by colour and, for those who cannot tell the colours apart, by dash.
const SERIES_COLOURS = [
  '--color-primary',
  '--color-success',
  '--color-warning',
  '--color-danger',
  '--color-text-muted',
] as const;
const SERIES_DASHES: readonly number[][] = [[], [6, 4], [2, 3], [10, 3, 2, 3], [1, 4]];
const THEME_COLOURS = ['--color-text', '--color-text-muted', '--color-border', '--font-sans'] as const;

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** A line chart of daily figures in the theme's colours (chart.js through react-chartjs-2). */
export default function LineChart({ label, labels, series, formatValue }: LineChartProps) {
  const palette = useCssColours(SERIES_COLOURS);
  const [text, muted, grid, font] = useCssColours(THEME_COLOURS);

  const data = useMemo<ChartData<'line', (number | null)[], string>>(
    () => ({
      labels: [...labels],
      datasets: series.map((line, index) => ({
        label: line.label,
        data: [...line.values],
        borderColor: palette[index % palette.length],
        backgroundColor: palette[index % palette.length],
        borderDash: SERIES_DASHES[index % SERIES_DASHES.length],
        borderWidth: 2,
        pointRadius: labels.length > 60 ? 0 : 2,
        pointHoverRadius: 4,
        tension: 0.2,
      })),
    }),
    [labels, series, palette],
  );

  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion() ? false : { duration: 250 },
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          ticks: { color: muted, font: { family: font }, autoSkip: true, maxRotation: 0 },
          grid: { color: grid },
        },
        y: {
          beginAtZero: true,
          ticks: {
            color: muted,
            font: { family: font },
            precision: 0,
            callback: (value) => formatValue(Number(value)),
          },
          grid: { color: grid },
        },
      },
      plugins: {
        legend: { labels: { color: text, font: { family: font }, usePointStyle: true, boxHeight: 8 } },
        tooltip: {
          titleFont: { family: font },
          bodyFont: { family: font },
          callbacks: {
            label: (item: TooltipItem<'line'>) =>
              `${item.dataset.label ?? ''}: ${formatValue(item.parsed.y ?? 0)}`,
          },
        },
      },
    }),
    [text, muted, grid, font, formatValue],
  );

  return (
    <div className="line-chart">
      <Line data={data} options={options} aria-label={label} />
    </div>
  );
}
