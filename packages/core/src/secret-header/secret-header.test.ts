import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../crypto/encoding.js';
import { randomBytes } from '../crypto/random-values.js';
import { generateSecretKey, sealSecret } from '../crypto/secret-box.js';
import cofferJson from '../crypto/vectors/coffer-suite1.json' with { type: 'json' };
import referenceJson from '../crypto/vectors/reference-suite1.json' with { type: 'json' };
import { foldTrustLog } from '../trust-log/fold-trust-log.js';
import {
  freshSigner,
  signerFromPkcs8,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../trust-log/testing/trust-log-builder.js';
import type { TrustChange } from '../trust-log/trust-entry.js';
import type { TrustState } from '../trust-log/trust-state.js';
import { dataHash, keyCommitment } from './key-commitment.js';
import type { SecretHeader, SignedSecretHeader } from './secret-header.js';
import {
  isSecretHeaderError,
  type SecretHeaderError,
  type SecretHeaderErrorKind,
} from './secret-header-error.js';
import { parseSignedSecretHeader, signSecretHeader } from './sign-secret-header.js';
import {
  checkKeyCommitment,
  type SecretHeaderRecord,
  verifyListedSecretHeader,
  verifySecretHeader,
} from './verify-secret-header.js';

// Every refusal of a signed secret header, on a small organisation folded from a signed log: the owner
// Olga (administrator), Ada who manages CHEST, Max who writes CHEST through a team with edit assigned
// with Write, Nia in that team without edit; the team reads OTHER without Write. `removed` is the state
// after Nia's removal.

let olga: TestSigner;
let ada: TestSigner;
let max: TestSigner;
let nia: TestSigner;
let state: TrustState;
let removed: TrustState;
const ORG = testId('org', 1);
const TEAM = testId('team', 1);
const CHEST = testId('chest', 1);
const OTHER = testId('chest', 2);
// Managed by Nia until her removal.
const NIAS = testId('chest', 3);
const SECRET = '7d3c1a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

beforeAll(async () => {
  olga = await signerFromPkcs8(
    testId('user', 1),
    cofferJson.key_pair.public_key,
    cofferJson.key_pair.private_key_pkcs8_b64,
  );
  ada = await signerFromPkcs8(
    testId('user', 2),
    referenceJson.key_pair.public_key,
    referenceJson.key_pair.private_key_pkcs8_b64,
  );
  [max, nia] = (await Promise.all([freshSigner(testId('user', 3)), freshSigner(testId('user', 4))])) as [
    TestSigner,
    TestSigner,
  ];
  const builder = new TrustLogBuilder(ORG);
  const admit = (user: TestSigner): TrustChange => ({
    op: 'admit',
    body: {
      user: user.id,
      email: 'someone@coffer.test',
      public_key: user.publicKey,
      admin: false,
      how: 'created',
    },
  });
  await builder.append(olga, {
    op: 'genesis',
    body: { name: 'Coffer', email: 'olga@coffer.test', public_key: olga.publicKey },
  });
  for (const user of [ada, max, nia]) await builder.append(olga, admit(user));
  await builder.append(olga, {
    op: 'team_member',
    body: { team: TEAM, user: max.id, edit: true, present: true },
  });
  await builder.append(olga, {
    op: 'team_member',
    body: { team: TEAM, user: nia.id, edit: false, present: true },
  });
  await builder.append(olga, {
    op: 'chest_team',
    body: { chest: CHEST, team: TEAM, edit: true, present: true },
  });
  await builder.append(olga, {
    op: 'chest_team',
    body: { chest: OTHER, team: TEAM, edit: false, present: true },
  });
  await builder.append(olga, { op: 'chest_manager', body: { chest: CHEST, user: ada.id, present: true } });
  await builder.append(olga, { op: 'chest_manager', body: { chest: NIAS, user: nia.id, present: true } });
  state = await foldTrustLog(builder.entries);
  await builder.append(olga, { op: 'remove', body: { user: nia.id } });
  removed = await foldTrustLog(builder.entries.slice(-1), state);
}, 120_000);

interface Saved {
  signed: SignedSecretHeader;
  record: SecretHeaderRecord;
  key: Uint8Array;
}

/** A save by `author`: a sealed payload, its header (changed by `overrides`) signed, and the record. */
async function save(author: TestSigner, overrides: Partial<SecretHeader> = {}): Promise<Saved> {
  const key = generateSecretKey();
  const rev = overrides.rev ?? 3;
  const sealed = await sealSecret({
    secretId: SECRET,
    revision: rev,
    payload: { note: 'Zürich' },
    secretKey: key,
  });
  const header: SecretHeader = {
    v: 2,
    org: ORG,
    id: SECRET,
    rev,
    chest: CHEST,
    hidden: false,
    deleted: false,
    category: 'note',
    name: 'Büro ☎',
    strength: null,
    form_fill: false,
    data_hash: await dataHash(sealed.encryption_iv, sealed.encrypted_data),
    key_commit: await keyCommitment(key, SECRET, rev),
    author: author.id,
    author_fp: author.fingerprint,
    log_seq: state.seq,
    ...overrides,
  };
  const record: SecretHeaderRecord = {
    id: header.id,
    revision: header.rev,
    vault_id: header.chest,
    hidden: header.hidden,
    deleted: header.deleted,
    name: header.name,
    category: header.category,
    strength: header.strength,
    form_fill: header.form_fill,
    ...sealed,
  };
  return { signed: await signSecretHeader(author.signingKey, header), record, key };
}

async function refused(promise: Promise<unknown>, kind: SecretHeaderErrorKind): Promise<SecretHeaderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isSecretHeaderError(error, kind), String(error)).toBe(true);
  return error as SecretHeaderError;
}

describe('signed secret headers', () => {
  it('accept a writer’s header, then the key it commits to', async () => {
    const { signed, record, key } = await save(max);
    const header = await verifySecretHeader(signed, { state, record, rememberedRevision: 3 });
    expect(header).toEqual(signed.header);
    await checkKeyCommitment(header, key);
  });

  it('accept administrators anywhere (hidden included) and managers on their chest', async () => {
    const hidden = await save(olga, { hidden: true, chest: OTHER });
    expect((await verifySecretHeader(hidden.signed, { state, record: hidden.record })).hidden).toBe(true);
    const managed = await save(ada);
    await verifySecretHeader(managed.signed, { state, record: managed.record });
  });

  it('break the signature when any signed field is changed', async () => {
    const { signed, record } = await save(max);
    const changes: Partial<SecretHeader>[] = [
      { id: 'a7d3c1a2-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
      { rev: 4 },
      { chest: OTHER },
      { hidden: true },
      { deleted: true },
      { category: 'password' },
      { name: 'Büro ☏' },
      { strength: 5 },
      { form_fill: true },
      { data_hash: bytesToBase64(randomBytes(32)) },
      { key_commit: bytesToBase64(randomBytes(32)) },
      { log_seq: state.seq - 1 },
    ];
    for (const change of changes) {
      const header = { ...signed.header, ...change };
      await refused(verifySecretHeader({ header, sig: signed.sig }, { state, record }), 'signature');
    }
  });

  it('refuse an author who is not an active member with that key', async () => {
    const stranger = await save(max, { author: testId('user', 9) });
    await refused(verifySecretHeader(stranger.signed, { state, record: stranger.record }), 'author');
    const otherKey = await save(max, { author_fp: ada.fingerprint });
    await refused(verifySecretHeader(otherKey.signed, { state, record: otherKey.record }), 'author');
    // Signed by Max as Ada, with Ada's fingerprint: the key Ada holds does not verify it.
    const posing = await save(max, { author: ada.id, author_fp: ada.fingerprint });
    await refused(verifySecretHeader(posing.signed, { state, record: posing.record }), 'signature');
  });

  it('refuse an author the folded state does not let write the secret', async () => {
    const withoutEdit = await save(nia);
    await refused(verifySecretHeader(withoutEdit.signed, { state, record: withoutEdit.record }), 'author');
    const readOnlyChest = await save(max, { chest: OTHER });
    await refused(
      verifySecretHeader(readOnlyChest.signed, { state, record: readOnlyChest.record }),
      'author',
    );
    const hidden = await save(max, { hidden: true });
    await refused(verifySecretHeader(hidden.signed, { state, record: hidden.record }), 'author');
    const managerHidden = await save(ada, { hidden: true });
    await refused(
      verifySecretHeader(managerHidden.signed, { state, record: managerHidden.record }),
      'author',
    );
    const managerElsewhere = await save(ada, { chest: OTHER });
    await refused(
      verifySecretHeader(managerElsewhere.signed, { state, record: managerElsewhere.record }),
      'author',
    );
    // Max's header still verifies after Nia's removal; a header of a removed user does not.
    const byMax = await save(max);
    await verifySecretHeader(byMax.signed, { state: removed, record: byMax.record });
    const byRemovedNia = await save(nia, { chest: OTHER });
    await refused(
      verifySecretHeader(byRemovedNia.signed, { state: removed, record: byRemovedNia.record }),
      'author',
    );
  });

  it('judge the author by the log as it stood at log_seq, when the reader can fold it', async () => {
    // Nia managed her chest before her removal: a revision she made then stays hers to have
    // written, while one claiming the removed state's seq is refused.
    const stateAt = async (seq: number) => {
      expect(seq).toBe(state.seq);
      return state;
    };
    const before = await save(nia, { chest: NIAS });
    await refused(verifySecretHeader(before.signed, { state: removed, record: before.record }), 'author');
    await verifySecretHeader(before.signed, { state: removed, stateAt, record: before.record });
    const after = await save(nia, { chest: NIAS, log_seq: removed.seq });
    await refused(
      verifySecretHeader(after.signed, { state: removed, stateAt, record: after.record }),
      'author',
    );
  });

  it('check a list item (no ciphertext, no revision) by its authorship, id and metadata', async () => {
    const { signed, record } = await save(max);
    const { revision: _r, encryption_iv: _i, encrypted_data: _d, ...listed } = record;
    expect(await verifyListedSecretHeader(signed, { state, record: listed })).toEqual(signed.header);
    const renamed = await refused(
      verifyListedSecretHeader(signed, { state, record: { ...listed, name: 'Elsewhere' } }),
      'mismatch',
    );
    expect(renamed.message).toContain('in: name.');
    expect(renamed.header).toEqual(signed.header);
    await refused(
      verifyListedSecretHeader(signed, { state, record: { ...listed, id: testId('secret', 9) } }),
      'mismatch',
    );
    const byNia = await save(nia);
    await refused(verifyListedSecretHeader(byNia.signed, { state, record: listed }), 'author');
  });

  it('refuse a header made under a log entry this reader has not verified', async () => {
    const ahead = await save(max, { log_seq: state.seq + 1 });
    await refused(verifySecretHeader(ahead.signed, { state, record: ahead.record }), 'stale-log');
    await verifySecretHeader(ahead.signed, { state: removed, record: ahead.record });
  });

  it('refuse a record whose place or ciphertext is not the header’s, with no header to show', async () => {
    const { signed, record } = await save(max);
    for (const changed of [
      { ...record, id: 'a7d3c1a2-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
      { ...record, revision: 4 },
      { ...record, encrypted_data: bytesToBase64(randomBytes(40)) },
      { ...record, encryption_iv: bytesToBase64(randomBytes(12)) },
      { ...record, encryption_iv: 'not base64' },
    ]) {
      const error = await refused(verifySecretHeader(signed, { state, record: changed }), 'mismatch');
      expect(error.header).toBeUndefined();
    }
    const foreign = await save(max, { org: testId('org', 2) });
    await refused(verifySecretHeader(foreign.signed, { state, record: foreign.record }), 'mismatch');
  });

  it('refuse metadata the server changed, naming the fields, with the signed header to show', async () => {
    const { signed, record } = await save(max);
    const changes: Partial<SecretHeaderRecord>[] = [
      { vault_id: OTHER },
      { hidden: true },
      { category: 'password' },
      { name: 'Renamed' },
      { strength: 2 },
      { form_fill: true },
    ];
    for (const change of changes) {
      const error = await refused(
        verifySecretHeader(signed, { state, record: { ...record, ...change } }),
        'mismatch',
      );
      expect(error.header).toEqual(signed.header);
      expect(error.message).not.toContain(String(Object.values(change)[0]));
    }
    const { deleted: _, ...withoutDeleted } = record;
    await verifySecretHeader(signed, { state, record: withoutDeleted });
  });

  it('accept a live header on a record the server marked, but refuse a marked one served as live', async () => {
    // The server's mark (a plain mark, an import undone) hides a secret: availability, not forgery.
    const live = await save(max);
    await verifySecretHeader(live.signed, { state, record: { ...live.record, deleted: true } });
    // Its author marked it: served as live, it is the resurrection R14 is about.
    const marked = await save(max, { deleted: true });
    const error = await refused(
      verifySecretHeader(marked.signed, { state, record: { ...marked.record, deleted: false } }),
      'mismatch',
    );
    expect(error.message).toContain('in: deleted.');
  });

  it('refuse a revision below the one remembered', async () => {
    const { signed, record } = await save(max, { rev: 2 });
    await refused(verifySecretHeader(signed, { state, record, rememberedRevision: 3 }), 'rollback');
    await verifySecretHeader(signed, { state, record, rememberedRevision: 2 });
  });

  it('refuse a key the author did not commit to (a server-made key), or one for another revision', async () => {
    const { signed, key } = await save(max);
    await refused(checkKeyCommitment(signed.header, generateSecretKey()), 'key-commitment');
    await refused(checkKeyCommitment(signed.header, key.slice(0, 16)), 'key-commitment');
    await refused(checkKeyCommitment({ ...signed.header, rev: 4 }, key), 'key-commitment');
  });
});

describe('parseSignedSecretHeader', () => {
  let valid: SignedSecretHeader;
  beforeAll(async () => {
    valid = (await save(max)).signed;
  }, 60_000);

  const withHeader = (change: Record<string, unknown>) => ({
    ...valid,
    header: { ...valid.header, ...change },
  });

  it('reads a signed header and refuses any other field or a missing one', () => {
    expect(parseSignedSecretHeader(JSON.parse(JSON.stringify(valid)))).toEqual(valid);
    const { strength: _, ...missing } = valid.header;
    for (const bad of [
      { ...valid, extra: 1 },
      { header: valid.header },
      withHeader({ extra: true }),
      { ...valid, header: missing },
      null,
      [valid],
      'text',
    ]) {
      expect(() => parseSignedSecretHeader(bad)).toThrow(/exactly the fields|must be an object/);
    }
  });

  it('refuses wrong types, non-UUID ids and bad encodings, with messages free of values', () => {
    const cases: Record<string, unknown>[] = [
      { v: 1 },
      { org: 'ACME' },
      { id: SECRET.toUpperCase() },
      { id: 42 },
      { chest: 'chest-1' },
      { author: '' },
      { rev: 0 },
      { rev: 1.5 },
      { rev: '3' },
      { log_seq: -1 },
      { hidden: 'no' },
      { deleted: null },
      { form_fill: 1 },
      { category: 'wifi' },
      { name: '' },
      { name: 'x'.repeat(256) },
      { strength: 0 },
      { strength: 6 },
      { strength: '5' },
      { data_hash: 'AAAA' },
      { key_commit: 'y'.repeat(44) },
      { author_fp: 'AB12 CD34' },
    ];
    for (const change of cases) {
      let error: unknown;
      try {
        parseSignedSecretHeader(withHeader(change));
      } catch (caught) {
        error = caught;
      }
      expect(isSecretHeaderError(error, 'malformed'), JSON.stringify(change)).toBe(true);
      const value = Object.values(change)[0];
      if (typeof value === 'string' && value.length > 3)
        expect((error as Error).message).not.toContain(value);
    }
    expect(() => parseSignedSecretHeader({ ...valid, sig: 7 })).toThrow(/signature/i);
  });

  it('is what signSecretHeader checks before signing', async () => {
    await refused(signSecretHeader(max.signingKey, { ...valid.header, id: 'not-a-uuid' }), 'malformed');
    await expect(
      signSecretHeader(
        { algorithm: { name: 'HMAC' }, usages: ['sign'] } as unknown as CryptoKey,
        valid.header,
      ),
    ).rejects.toThrow();
  });
});
