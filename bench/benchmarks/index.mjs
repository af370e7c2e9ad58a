// Every benchmark, in the order `node bench/run.mjs` runs them. server-memory follows healthz so it
// can reuse that run's memory readings. secrets-list, admin-secrets-list, open-secret,
// attachment-transfer, export-secrets, reshare-keys, reshare-at-scale, rotation-list and dashboard-first-page share the seeded
// database in bench/.cache (dataset/).

import adminSecretsList from './admin-secrets-list.mjs';
import attachmentMemory from './attachment-memory.mjs';
import attachmentTransfer from './attachment-transfer.mjs';
import dashboardFirstPage from './dashboard-first-page.mjs';
import dashboardHeaders from './dashboard-headers.mjs';
import exportSecrets from './export-secrets.mjs';
import extensionSync from './extension-sync.mjs';
import flood from './flood.mjs';
import healthz from './healthz.mjs';
import importMemory from './import-memory.mjs';
import importThroughput from './import-throughput.mjs';
import initialJs from './initial-js.mjs';
import openSecret from './open-secret.mjs';
import openSecretAttachments from './open-secret-attachments.mjs';
import passwordHealth from './password-health.mjs';
import reshareAtScale from './reshare-at-scale.mjs';
import reshareKeys from './reshare-keys.mjs';
import rotationList from './rotation-list.mjs';
import saveSecret from './save-secret.mjs';
import secretsList from './secrets-list.mjs';
import serverMemory from './server-memory.mjs';
import staticAsset from './static-asset.mjs';
import statisticsAllTime from './statistics-all-time.mjs';
import trustLog from './trust-log.mjs';

/** @type {Array<{ name: string, title: string, run: (context: object) => Promise<object> }>} */
export const BENCHMARKS = [
  initialJs,
  healthz,
  serverMemory,
  attachmentMemory,
  importMemory,
  staticAsset,
  secretsList,
  adminSecretsList,
  flood,
  openSecret,
  openSecretAttachments,
  saveSecret,
  attachmentTransfer,
  exportSecrets,
  passwordHealth,
  reshareKeys,
  reshareAtScale,
  rotationList,
  dashboardFirstPage,
  dashboardHeaders,
  statisticsAllTime,
  extensionSync,
  importThroughput,
  trustLog,
];
