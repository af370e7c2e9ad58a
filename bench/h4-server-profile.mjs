import { randomBytes } from 'node:crypto';
import { generateSecretKey, importPublicKey, newSecretId, sealSecret, wrapSecretKey } from '@coffer/core';
import { startRealServer } from './lib/index.mjs';
import { callApi, makeImportOrganisation } from './benchmarks/import-throughput/import-organisation.mjs';

const server = await startRealServer({ env: { BILLING: 'off', NODE_OPTIONS: process.env.PROF ? '--require /tmp/h4-prof.cjs' : '' } });
try {
  const org = await makeImportOrganisation(server, { readers: 20, probeSecrets: 1, log: console.log });
  const readers = (await callApi(server, org.token, 'GET', `/api/v1/vaults/${org.importChestId}/public_keys.json`)).body.items;
  const keys = await Promise.all(readers.map(async (r) => ({ id: r.user_id, key: await importPublicKey(r.public_key) })));
  const batch = (await callApi(server, org.token, 'POST', '/api/v1/import_batches', { import_batch: { format: 'bitwarden-json', item_count: 1000 } })).body.import_batch;
  const bodies = [];
  for (let i = 0; i < 1000; i++) {
    const id = newSecretId(); const secretKey = generateSecretKey();
    const sealed = await sealSecret({ secretId: id, revision: 1, payload: { username: 'u', password: randomBytes(12).toString('base64url'), url: 'https://x.example.com', note: 'n' }, secretKey });
    const wrapped = await Promise.all(keys.map(async (r) => ({ user_id: r.id, encrypted_value: await wrapSecretKey(secretKey, r.key, { secretId: id, userId: r.id }) })));
    bodies.push({ id, revision: 1, vault_id: org.importChestId, name: `S ${i}`, category: 'password', ...sealed, strength: 3, form_fill: true, hidden: false, secret_keys_attributes: wrapped, import_batch_id: batch.id });
  }
  const times = [];
  for (let i = 0; i < bodies.length; i += 50) {
    const t = performance.now();
    await callApi(server, org.token, 'POST', '/api/v1/secrets/bulk.json', { secrets: bodies.slice(i, i + 50) });
    times.push(Math.round(performance.now() - t));
  }
  console.log('per request ms', times.join(' '));
  const { cpSync } = await import('node:fs'); cpSync(server.dataDir, '/tmp/h4db', { recursive: true });
} finally { await server.stop(); }
