/**
 * A file's size as people read it, in the same 1024-based units as the limits' messages (a 10 MB
 * limit is 10 × 1024 × 1024 bytes): 'B' below 1 KB, one decimal below 10, whole numbers above.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}
