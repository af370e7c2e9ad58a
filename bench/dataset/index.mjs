// The seeded dataset shared by the benchmarks that run the server on a large organisation (see
// docs/benchmarks.md, "The seeded dataset").
export { benchUserEmail, loadCredentials } from './credentials.mjs';
export {
  BENCH_PASSWORD,
  BENCH_USERS,
  DATASET_VERSION,
  LARGE_SECRETS,
  ORGANISATION_PLANS,
} from './dataset-plan.mjs';
export { buildDatasetRows } from './dataset-rows.mjs';
export { seedPostgres } from './postgres-dataset.mjs';
export { signInBenchUser, startSeededServer } from './seeded-server.mjs';
export { ensureSqliteDataset } from './sqlite-dataset.mjs';
