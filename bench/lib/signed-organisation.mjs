// An organisation made through a fresh server's API as the e2e support code makes one
// (e2e/support/accounts.ts, secrets-api.ts, trust-log.ts), for benchmarks that need real rows but not
// the 100,000-secret dataset: an owner registered (keys made here with core's crypto, the mailed
// confirmation read from the server's outbox), a chest, optionally the organisation's trust log
// (genesis and a snapshot, signed by the owner), and password secrets created in bulk, each with a
// signed header (suite 2) when there is a log, exactly as the web app's sign-header.ts signs one.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  activeUser,
  BULK_CREATE_MAX_ITEMS,
  DEFAULT_KDF_ITERATIONS,
  dataHash,
  deriveAccountKeys,
  foldTrustLog,
  generateSecretKey,
  generateUserKeyPair,
  keyCommitment,
  newSecretId,
  openSigningKey,
  publicKeyFingerprint,
  SECRET_HEADER_VERSION,
  sealPrivateKey,
  sealSecret,
  signSecretHeader,
  signTrustEntry,
  TRUST_LOG_VERSION,
  trustEntryHash,
  wrapSecretKey,
} from '@coffer/core';
import { ROOT_DIR } from './paths.mjs';

const OUTBOX_READER = pathToFileURL(path.join(ROOT_DIR, 'packages/server/dist/mail/outbox-reader.js')).href;

/** One JSON call with a bearer token (or none): answers { body, headers }; throws unless 2xx. */
async function call(server, token, method, route, body) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) {
    // The server's message only (never a token or a key): what was refused, and why.
    let reason = '';
    try {
      reason = JSON.parse(text)?.error ?? JSON.parse(text)?.message ?? '';
    } catch {}
    throw new Error(
      `${method} ${route.split('?')[0]} answered ${response.status}${reason ? `: ${reason}` : ''}`,
    );
  }
  return { body: text ? JSON.parse(text) : null, headers: response.headers };
}

async function confirmByMail(server, email) {
  const { readOutbox } = await import(OUTBOX_READER);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = (await readOutbox(server.dataDir)).find((one) => one.to.toLowerCase().includes(email));
    const link = mail?.links.find((candidate) => candidate.includes('confirmation_token='));
    if (link) {
      await call(server, null, 'GET', `/users/confirmation.json${new URL(link).search}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no confirmation mail in the outbox');
}

/**
 * Registers an organisation named `company` and confirms its owner; signs them in as the web app
 * does and opens their key for signing. The welcome flow is marked done, so `/` is the dashboard.
 * Answers { email, password, token, profile, signingKey }.
 */
export async function registerOrganisation(server, { company, name, label }) {
  const tag = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  const email = `${label}-${tag}@bench.example`;
  const password = `Coffer-${randomBytes(8).toString('hex')}-Horse-Battery!`;
  const [keys, pair] = await Promise.all([
    deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS }),
    generateUserKeyPair(),
  ]);
  const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, DEFAULT_KDF_ITERATIONS);
  await call(server, null, 'POST', '/users', {
    user: {
      email,
      name,
      password: keys.authHash,
      public_key: pair.publicKey,
      ...sealed,
      kdf_iterations: DEFAULT_KDF_ITERATIONS,
      owned_organisation_attributes: { name: company },
      termsOfService: true,
    },
  });
  await confirmByMail(server, email);
  const answer = await call(server, null, 'POST', '/users/sign_in.json', {
    user: { email, password: keys.authHash },
  });
  const token = (answer.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  const profile = answer.body;
  const signingKey = await openSigningKey(
    {
      encrypted_private_key: profile.encrypted_private_key,
      private_key_iv: profile.private_key_iv,
      kdf_iterations: profile.kdf_iterations,
    },
    keys.encryptionKey,
  );
  await call(server, token, 'PATCH', '/api/v1/profile.json', { user: { first_time: false } });
  return { email, password, token, profile, signingKey };
}

/** A chest linked to the organisation's default team with write access: answers its id. */
export async function createChest(server, owner, name) {
  const teams = (await call(server, owner.token, 'GET', '/api/v1/teams.json')).body.items;
  const everyone = teams.find((team) => team.default_for_new_users);
  if (!everyone) throw new Error('the organisation has no default team');
  const chest = await call(server, owner.token, 'POST', '/api/v1/vaults.json', {
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
  const place = { v: TRUST_LOG_VERSION, org: profile.organisation.id, actor: profile.id };
  const actorFp = await publicKeyFingerprint(profile.public_key);
  const at = new Date().toISOString();
  const genesis = await signTrustEntry(owner.signingKey, {
    ...place,
    seq: 0,
    prev: null,
    at,
    actor_fp: actorFp,
    op: 'genesis',
    body: { name: organisationName, email: profile.email, public_key: profile.public_key },
  });
  const [teams, chests] = await Promise.all([
    call(server, owner.token, 'GET', '/api/v1/teams.json?limit=200'),
    call(server, owner.token, 'GET', '/api/v1/vaults.json?limit=200&everything=true&options=teams'),
  ]);
  const snapshot = await signTrustEntry(owner.signingKey, {
    ...place,
    seq: 1,
    prev: await trustEntryHash(genesis),
    at,
    actor_fp: actorFp,
    op: 'snapshot',
    body: {
      teams: teams.body.items.map((team) => ({
        team: team.id,
        members: team.memberships
          .filter((membership) => membership.user_id === profile.id)
          .map((membership) => ({ user: profile.id, edit: membership.edit_access })),
      })),
      chests: chests.body.items.map((chest) => ({
        chest: chest.id,
        teams: (chest.assignments ?? []).map((assignment) => ({
          team: assignment.team_id,
          edit: assignment.edit_access,
        })),
        managers: [],
      })),
    },
  });
  const entries = [genesis, snapshot];
  await call(server, owner.token, 'POST', '/api/v1/trust_log', { entries });
  return foldTrustLog(entries);
}

/**
 * Creates `names.length` password secrets in `chestId`, 50 to a request through
 * `POST /api/v1/secrets/bulk.json` as an import does, sealed and wrapped for the chest's readers here.
 * With `state` (the verified trust log) each carries the header its author signs for revision 1, as
 * packages/web/src/crypto-client/sign-header.ts signs it: log_seq the state's seq, author_fp the
 * owner's fingerprint in the log. Answers the created items.
 */
export async function createPasswordSecrets(server, owner, chestId, names, state = null) {
  const readers = (await call(server, owner.token, 'GET', `/api/v1/vaults/${chestId}/public_keys.json`)).body
    .items;
  const author = state ? activeUser(state, owner.profile.id) : null;
  if (state && !author) throw new Error('the trust log does not hold the owner as an active member');
  const created = [];
  for (let start = 0; start < names.length; start += BULK_CREATE_MAX_ITEMS) {
    const secrets = await Promise.all(
      names.slice(start, start + BULK_CREATE_MAX_ITEMS).map(async (name) => {
        const id = newSecretId();
        const secretKey = generateSecretKey();
        const sealed = await sealSecret({
          secretId: id,
          revision: 1,
          payload: { username: 'ops', password: randomBytes(12).toString('base64url'), url: '', note: '' },
          secretKey,
        });
        const record = {
          id,
          revision: 1,
          vault_id: chestId,
          name,
          category: 'password',
          ...sealed,
          strength: 3,
          form_fill: false,
          hidden: false,
        };
        const wrapped = await Promise.all(
          readers.map(async (reader) => ({
            user_id: reader.user_id,
            encrypted_value: await wrapSecretKey(secretKey, reader.public_key, {
              secretId: id,
              userId: reader.user_id,
            }),
          })),
        );
        const signed = state ? await signHeader(state, owner, author, record, secretKey) : null;
        return {
          ...record,
          secret_keys_attributes: wrapped,
          ...(signed ? { signed_header: signed } : {}),
        };
      }),
    );
    created.push(
      ...(await call(server, owner.token, 'POST', '/api/v1/secrets/bulk.json', { secrets })).body.items,
    );
  }
  return created;
}

async function signHeader(state, owner, author, record, secretKey) {
  const [data_hash, key_commit] = await Promise.all([
    dataHash(record.encryption_iv, record.encrypted_data),
    keyCommitment(secretKey, record.id, record.revision),
  ]);
  return signSecretHeader(owner.signingKey, {
    v: SECRET_HEADER_VERSION,
    org: state.org,
    id: record.id,
    rev: record.revision,
    chest: record.vault_id,
    hidden: record.hidden,
    deleted: false,
    category: record.category,
    name: record.name,
    strength: record.strength,
    form_fill: record.form_fill,
    data_hash,
    key_commit,
    author: owner.profile.id,
    author_fp: author.fingerprint,
    log_seq: state.seq,
  });
}
