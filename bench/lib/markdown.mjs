// Formatting numbers and tables for docs/benchmarks.md.

/** A Markdown table; `align` per column: 'left' (default) or 'right'. */
export function renderTable(headers, rows, align = []) {
  const rule = headers.map((_, index) => (align[index] === 'right' ? '---:' : '---'));
  const line = (cells) => `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headers), line(rule), ...rows.map(line)].join('\n');
}

/** 12345.6 → "12,346". */
export function formatInteger(value) {
  return Math.round(value).toLocaleString('en-US');
}

/** Bytes in decimal kilobytes (1 kB = 1000 bytes, as bundlers and the goals count), one decimal. */
export function formatKilobytes(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** Bytes in decimal megabytes (1 MB = 1,000,000 bytes), one decimal; "n/a" for null. */
export function formatMegabytes(bytes) {
  return bytes === null || bytes === undefined ? 'n/a' : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** A ratio as a percentage: 0.734 → "73.4 %"; "n/a" for null. */
export function formatPercent(value) {
  return value === null || value === undefined ? 'n/a' : `${(value * 100).toFixed(1)} %`;
}

/** true → "pass", false → "**miss**", null → "n/a" (no goal). */
export function formatVerdict(pass) {
  if (pass === null || pass === undefined) return 'n/a';
  return pass ? 'pass' : '**miss**';
}

/** "2025-11-21T08:01:02.345Z" → "2025-11-21 08:01 UTC". */
export function formatUtc(iso) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
