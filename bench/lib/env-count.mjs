// The benchmarks' sizes from the environment (BENCH_SAVES=20 …), checked as they are read.

/** The whole number ≥ 1 in process.env[name], or `fallback` when it is unset. */
export function readCount(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}
