// An organisation made through a fresh server's API as the e2e support code makes one
// (e2e/support/accounts.ts, secrets-api.ts, trust-log.ts), for benchmarks that need real rows but not
// the 100,000-secret dataset: an owner registered (keys made here with core's crypto, the mailed
// confirmation read from the server's outbox), a chest, optionally the organisation's trust log
// (genesis and a snapshot, signed by the owner), and password secrets created in bulk, each with a
// signed header (suite 2) when there is a log, exactly as the web app signs one (core's signRevisionHeader).
import { randomBytes } from 'node:crypto';
import {
  BULK_CREATE_MAX_ITEMS,
  foldTrustLog,
  headerSigner,
  openSigningKey,
  signTrustLogStart,
  snapshotOfRows,
} from '@coffer/core';
import { callApi, confirmByMail, sealedAccount, signInThroughApi } from './registered-account.mjs';
import { sealedPasswordSecret } from './sealed-secret.mjs';

/**
 * Registers an organisation named `company` and confirms its owner; signs them in as the web app
 * does and opens their key for signing. The welcome flow is marked done, so `/` is the dashboard.
 * Answers { email, password, token, profile, signingKey }.
 */
export async function registerOrganisation(server, { company, name, label }) {
  const tag = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  const email = `${label}-${tag}@bench.example`;
  const password = `Coffer-${randomBytes(8).toString('hex')}-Horse-Battery!`;
  const { fields, keys } = await sealedAccount(email, password);
  await callApi(server, null, 'POST', '/users', {
    user: {
      email,
      name,
      ...fields,
      owned_organisation_attributes: { name: company },
      termsOfService: true,
    },
  });
  await confirmByMail(server, email);
  const { token, profile } = await signInThroughApi(server, email, password);
  const signingKey = await openSigningKey(
    {
      encrypted_private_key: profile.encrypted_private_key,
      private_key_iv: profile.private_key_iv,
      kdf_iterations: profile.kdf_iterations,
    },
    keys.encryptionKey,
  );
  await callApi(server, token, 'PATCH', '/api/v1/profile.json', { user: { first_time: false } });
  return { email, password, token, profile, signingKey };
}

/** A chest linked to the organisation's default team with write access: answers its id. */
export async function createChest(server, owner, name) {
  const teams = (await callApi(server, owner.token, 'GET', '/api/v1/teams.json')).body.items;
  const everyone = teams.find((team) => team.default_for_new_users);
  if (!everyone) throw new Error('the organisation has no default team');
  const chest = await callApi(server, owner.token, 'POST', '/api/v1/vaults.json', {
    vault: { name, assignments_attributes: [{ team_id: everyone.id, edit_access: true }] },
  });
  return chest.body.id;
}

/**
 * Starts the organisation's trust log as e2e/support/trust-log.ts does (the owner's browser when it
 * trusts nobody else yet: no admissions): genesis, then a snapshot of the owner's teams and every
 * chest's teams. Answers the verified state (core's fold), whose seq headers are signed under.
 */
export async function startTrustLog(server, owner, organisationName) {
  const { profile } = owner;
  const [teams, chests] = await Promise.all([
    callApi(server, owner.token, 'GET', '/api/v1/teams.json?limit=200'),
    callApi(server, owner.token, 'GET', '/api/v1/vaults.json?limit=200&everything=true&options=teams'),
  ]);
  const genesisOwner = {
    id: profile.id,
    email: profile.email,
    publicKey: profile.public_key,
    organisationId: profile.organisation.id,
    organisationName,
  };
  const rows = { teams: teams.body.items, chests: chests.body.items };
  const snapshot = snapshotOfRows(rows, new Set([profile.id]));
  const entries = await signTrustLogStart(genesisOwner, owner.signingKey, { admits: [], snapshot });
  await callApi(server, owner.token, 'POST', '/api/v1/trust_log', { entries });
  return foldTrustLog(entries);
}

/**
 * Creates `names.length` password secrets in `chestId`, 50 to a request through
 * `POST /api/v1/secrets/bulk.json` as an import does, sealed and wrapped for the chest's readers here.
 * With `state` (the verified trust log) each carries the header its author signs for revision 1, as
 * the web app signs it (core's signRevisionHeader): log_seq the state's seq, author_fp the
 * owner's fingerprint in the log. Answers the created items.
 */
export async function createPasswordSecrets(server, owner, chestId, names, state = null) {
  const readers = (await callApi(server, owner.token, 'GET', `/api/v1/vaults/${chestId}/public_keys.json`))
    .body.items;
  // core's headerSigner refuses an owner the log does not hold as an active member.
  const signer = state ? headerSigner(state, owner.profile.id, owner.signingKey) : null;
  const created = [];
  for (let start = 0; start < names.length; start += BULK_CREATE_MAX_ITEMS) {
    const secrets = await Promise.all(
      names
        .slice(start, start + BULK_CREATE_MAX_ITEMS)
        .map((name) => sealedPasswordSecret({ chestId, name, readers, signer })),
    );
    created.push(
      ...(await callApi(server, owner.token, 'POST', '/api/v1/secrets/bulk.json', { secrets })).body.items,
    );
  }
  return created;
}
