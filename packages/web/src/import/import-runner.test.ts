import type { AttachmentRef, PasswordPayload, SecretPayload } from '@coffer/core';
import { FREE_PLAN_LIMIT_NOTICE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { parseExport } from './detect-format.js';
import type { ImportPlan } from './import-plan.js';
import { fingerprintOf, planImport } from './import-plan.js';
import type {
  ImportFile,
  ImportMapping,
  ImportSecretDraft,
  ImportServices,
  MatchDecision,
  OpenedCandidate,
  PlanRoom,
} from './import-runner.js';
import {
  analyseImport,
  chestNameFor,
  IMPORT_BULK_SIZE,
  IMPORT_CONCURRENCY,
  ImportRefusedError,
  runImport,
  TEAM_REQUIRED_MESSAGE,
} from './import-runner.js';
import { sourceItem } from './source-item.js';

// A small Bitwarden JSON export: two folders, a login with an id, a note, an item at the top level,
// and one in the trash (skipped).
function bitwardenExport(password = 'first-password') {
  return JSON.stringify({
    encrypted: false,
    folders: [
      { id: 'f-work', name: 'Work' },
      { id: 'f-home', name: 'Home' },
    ],
    items: [
      {
        id: 'i-mail',
        folderId: 'f-work',
        type: 1,
        name: 'Mail',
        notes: null,
        favorite: false,
        login: { username: 'ada', password, uris: [{ uri: 'https://mail.example' }], totp: null },
      },
      { id: 'i-wifi', folderId: 'f-home', type: 2, name: 'Wifi', notes: 'the code', secureNote: { type: 0 } },
      {
        id: 'i-bank',
        folderId: null,
        type: 1,
        name: 'Bank',
        login: { username: 'ada', password: 'bank-password', uris: [] },
      },
      {
        id: 'i-old',
        folderId: null,
        type: 1,
        name: 'Old',
        deletedDate: '2024-01-01T00:00:00.000Z',
        login: { username: 'x', password: 'y' },
      },
    ],
  });
}

async function planOf(password?: string) {
  return planImport(await parseExport(bitwardenExport(password)));
}

interface StoredSecret {
  id: string;
  vaultId: string;
  name: string;
  revision: number;
  payload: SecretPayload;
  batchId?: string;
  files: string[];
}

// An in-memory model of what the services touch, recording every write.
function fakeServices(options: { counts?: PlanRoom | null; failOn?: string; onCreate?: () => void } = {}) {
  const secrets: StoredSecret[] = [];
  const chests: { id: string; name: string; teamId: string }[] = [];
  const batches: { id: string; format: string; itemCount: number }[] = [];
  const opened: string[] = [];
  let next = 0;
  const services: ImportServices = {
    listChestSecrets: async (chestId) =>
      secrets.filter((s) => s.vaultId === chestId).map((s) => ({ id: s.id, name: s.name })),
    openSecret: async (id): Promise<OpenedCandidate> => {
      opened.push(id);
      const found = secrets.find((s) => s.id === id);
      if (!found) throw new Error('Not found');
      return {
        id,
        revision: found.revision,
        category: 'password',
        hidden: false,
        formFill: true,
        payload: found.payload,
      };
    },
    planCounts: async () => options.counts ?? null,
    createChest: async (name, teamId) => {
      const chest = { id: `chest-${++next}`, name, teamId };
      chests.push(chest);
      return chest;
    },
    createBatch: async (format, itemCount) => {
      const batch = { id: `batch-${++next}`, format, itemCount };
      batches.push(batch);
      return batch;
    },
    createSecret: async (draft: ImportSecretDraft, batchId: string, files: ImportFile[]) => {
      if (options.failOn === draft.name) throw new Error('The chest refused the secret.');
      secrets.push({
        id: `secret-${++next}`,
        vaultId: draft.vaultId,
        name: draft.name,
        revision: 1,
        payload: draft.payload,
        batchId,
        files: files.map((f) => f.name),
      });
      options.onCreate?.();
    },
    updateSecret: async (target, draft, kept: AttachmentRef[], files) => {
      const found = secrets.find((s) => s.id === target.id);
      if (!found || found.revision !== target.baseRevision) throw new Error('conflict');
      found.revision += 1;
      found.payload = draft.payload;
      found.files = [...kept.map((k) => k.name), ...files.map((f) => f.name)];
    },
    strength: async (password) => (password ? 3 : null),
  };
  return { services, secrets, chests, batches, opened };
}

const newChestsFor = (teamId: string | null): ImportMapping => ({
  targets: {
    Work: { kind: 'new', name: 'Work' },
    Home: { kind: 'new', name: 'Home' },
    '': { kind: 'new', name: '' },
  },
  teamId,
});

/** A run with no earlier import to match: no matches, no decisions. */
function runFirstImport(
  plan: ImportPlan,
  mapping: ImportMapping,
  services: ImportServices,
  options?: Parameters<typeof runImport>[5],
) {
  return runImport(plan, mapping, { matches: [], unopened: 0 }, new Map(), services, options);
}

function intoChest(chestId: string): ImportMapping {
  return {
    targets: {
      Work: { kind: 'existing', chestId },
      Home: { kind: 'existing', chestId },
      '': { kind: 'existing', chestId },
    },
    teamId: null,
  };
}

describe('planImport', () => {
  it('counts kinds and containers, skips the trash, and seals the source in each payload', async () => {
    const plan = await planOf();
    expect(plan.drafts.map((d) => d.name)).toEqual(['Mail', 'Wifi', 'Bank']);
    expect(plan.kinds).toMatchObject({ login: 2, note: 1 });
    expect(plan.containers).toEqual([
      { key: '', name: '', count: 1 },
      { key: 'Home', name: 'Home', count: 1 },
      { key: 'Work', name: 'Work', count: 1 },
    ]);
    expect(plan.skipped.trashed).toBe(1);
    const mail = plan.drafts[0];
    expect(mail?.importedFrom).toMatchObject({ format: 'bitwarden-json', sourceId: 'i-mail' });
    expect(mail?.importedFrom.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(mail?.payload.importedFrom).toEqual(mail?.importedFrom);
  });

  it('gives the same values the same fingerprint, and a changed value another, wherever the item sat', async () => {
    const item = sourceItem('row 1', { title: 'Mail', username: 'ada', password: 'one', container: ['A'] });
    const moved = { ...item, ref: 'row 9', container: ['B'] };
    const changed = { ...item, password: 'two' };
    expect(await fingerprintOf(moved)).toBe(await fingerprintOf(item));
    expect(await fingerprintOf(changed)).not.toBe(await fingerprintOf(item));
  });
});

describe('runImport', () => {
  it('makes a chest per folder linked to the team, opens a batch and creates every item in it', async () => {
    const plan = await planOf();
    const fake = fakeServices();
    const mapping = newChestsFor('team-ops');
    const analysis = await analyseImport(plan, mapping, fake.services);
    const progress: number[] = [];
    const report = await runImport(plan, mapping, analysis, new Map(), fake.services, {
      onProgress: ({ done }) => progress.push(done),
    });
    expect(fake.chests.map((c) => [c.name, c.teamId])).toEqual([
      ['Imported', 'team-ops'],
      ['Home', 'team-ops'],
      ['Work', 'team-ops'],
    ]);
    expect(fake.batches).toEqual([{ id: expect.any(String), format: 'bitwarden-json', itemCount: 3 }]);
    expect(fake.secrets.every((s) => s.batchId === fake.batches[0]?.id)).toBe(true);
    const work = fake.chests.find((c) => c.name === 'Work');
    expect(fake.secrets.find((s) => s.name === 'Mail')?.vaultId).toBe(work?.id);
    expect(report).toMatchObject({ created: 3, updated: 0, chestsCreated: 3, cancelled: false, failed: [] });
    expect(progress).toEqual([0, 1, 2, 3]);
  });

  it('writes nothing when the batch cannot be opened', async () => {
    const plan = await planOf();
    const fake = fakeServices();
    fake.services.createBatch = async () => {
      throw new Error('Not found');
    };
    const mapping = newChestsFor('team-ops');
    await expect(runFirstImport(plan, mapping, fake.services)).rejects.toThrow('Not found');
    expect(fake.chests).toEqual([]);
    expect(fake.secrets).toEqual([]);
  });

  it('refuses new chests without a team, writing nothing', async () => {
    const plan = await planOf();
    const fake = fakeServices();
    const mapping = newChestsFor(null);
    const analysis = await analyseImport(plan, mapping, fake.services);
    await expect(runImport(plan, mapping, analysis, new Map(), fake.services)).rejects.toThrow(
      TEAM_REQUIRED_MESSAGE,
    );
    expect(fake.chests).toEqual([]);
    expect(fake.batches).toEqual([]);
  });

  it('on a re-import skips what is unchanged, matching by source id and opening only same-named secrets', async () => {
    const plan = await planOf();
    const fake = fakeServices();
    await runFirstImport(plan, intoChest('chest-a'), fake.services);
    // A secret of the chest with another name is never opened.
    fake.secrets.push({
      id: 'other',
      vaultId: 'chest-a',
      name: 'Unrelated',
      revision: 1,
      payload: { note: '' },
      files: [],
    });
    const again = await planOf();
    const analysis = await analyseImport(again, intoChest('chest-a'), fake.services);
    expect(fake.opened).not.toContain('other');
    expect(analysis.matches.map((m) => [m.draftIndex, m.identical])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    const report = await runImport(again, intoChest('chest-a'), analysis, new Map(), fake.services);
    expect(report).toMatchObject({ created: 0, skippedUnchanged: 3 });
    expect(fake.secrets).toHaveLength(4);
    expect(fake.batches).toHaveLength(1);
  });

  it('offers a changed item: skip by default, update with the old password in the history, or keep both', async () => {
    const fake = fakeServices();
    await runFirstImport(await planOf(), intoChest('chest-a'), fake.services);
    const changed = await planOf('second-password');

    const analysis = await analyseImport(changed, intoChest('chest-a'), fake.services);
    const mailMatch = analysis.matches.find((m) => m.draftIndex === 0);
    expect(mailMatch?.identical).toBe(false);

    const skipped = await runImport(changed, intoChest('chest-a'), analysis, new Map(), fake.services);
    expect(skipped).toMatchObject({ created: 0, updated: 0, skippedByChoice: 1, skippedUnchanged: 2 });

    const updated = await runImport(
      changed,
      intoChest('chest-a'),
      analysis,
      new Map<number, MatchDecision>([[0, 'update']]),
      fake.services,
      {
        now: new Date('2026-01-02T00:00:00.000Z'),
      },
    );
    expect(updated).toMatchObject({ updated: 1, created: 0 });
    const mail = fake.secrets.find((s) => s.name === 'Mail');
    const payload = mail?.payload as PasswordPayload;
    expect(mail?.revision).toBe(2);
    expect(payload.password).toBe('second-password');
    expect(payload.history?.[0]).toEqual({
      field: 'password',
      value: 'first-password',
      changedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(payload.importedFrom?.fingerprint).toBe(changed.drafts[0]?.importedFrom.fingerprint);

    const again = await analyseImport(changed, intoChest('chest-a'), fake.services);
    const both = await runImport(
      changed,
      intoChest('chest-a'),
      again,
      new Map<number, MatchDecision>([[0, 'keep-both']]),
      fake.services,
    );
    // The update made it identical: nothing left to keep twice.
    expect(both).toMatchObject({ created: 0, skippedUnchanged: 3 });
    const third = await planOf('third-password');
    const thirdAnalysis = await analyseImport(third, intoChest('chest-a'), fake.services);
    const kept = await runImport(
      third,
      intoChest('chest-a'),
      thirdAnalysis,
      new Map<number, MatchDecision>([[0, 'keep-both']]),
      fake.services,
    );
    expect(kept).toMatchObject({ created: 1 });
    expect(fake.secrets.filter((s) => s.name === 'Mail')).toHaveLength(2);
  });

  it('matches items without ids by fingerprint, each existing secret once', async () => {
    const file = {
      format: 'chrome-csv',
      items: [
        sourceItem('row 2', { title: 'Site', username: 'a', password: 'p' }),
        sourceItem('row 3', { title: 'Site', username: 'a', password: 'p' }),
      ],
      skipped: { trashed: 0, notASecret: 0 },
      problems: [],
    };
    const fake = fakeServices();
    const mapping: ImportMapping = { targets: { '': { kind: 'existing', chestId: 'c' } }, teamId: null };
    const plan = await planImport(file);
    await runFirstImport(plan, mapping, fake.services);
    expect(fake.secrets).toHaveLength(2);
    const analysis = await analyseImport(await planImport(file), mapping, fake.services);
    // Two equal entries stay two secrets: each draft claims one existing secret.
    expect(analysis.matches.map((m) => m.existing.id).sort()).toEqual(fake.secrets.map((s) => s.id).sort());
  });

  it('stops after the current item when cancelled and reports what was done', async () => {
    const plan = await planOf();
    const controller = new AbortController();
    const fake = fakeServices({ onCreate: () => controller.abort() });
    const report = await runFirstImport(plan, intoChest('c'), fake.services, {
      signal: controller.signal,
    });
    expect(report).toMatchObject({ created: 1, cancelled: true, notDone: 2 });
    expect(fake.secrets).toHaveLength(1);
  });

  it('saves the first item alone, then a few at a time, and a cancel starts no further item', async () => {
    const file = {
      format: 'chrome-csv',
      items: Array.from({ length: 12 }, (_v, n) =>
        sourceItem(`row ${n + 2}`, { title: `Site ${n}`, username: 'a', password: `p-${n}` }),
      ),
      skipped: { trashed: 0, notASecret: 0 },
      problems: [],
    };
    const plan = await planImport(file);
    const controller = new AbortController();
    const fake = fakeServices();
    let inFlight = 0;
    const widths: number[] = [];
    let finished = 0;
    const create = fake.services.createSecret;
    fake.services.createSecret = async (draft, batchId, files) => {
      inFlight += 1;
      widths.push(inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await create(draft, batchId, files);
      inFlight -= 1;
      finished += 1;
      if (finished === 3) controller.abort();
    };
    const progress: number[] = [];
    const mapping: ImportMapping = { targets: { '': { kind: 'existing', chestId: 'c' } }, teamId: null };
    const report = await runFirstImport(plan, mapping, fake.services, {
      signal: controller.signal,
      onProgress: ({ done }) => progress.push(done),
    });
    // The first item (which lists the chest's readers and may ask about people) goes alone.
    expect(widths[0]).toBe(1);
    expect(Math.max(...widths)).toBe(IMPORT_CONCURRENCY);
    // The items already being saved when the user cancelled finish; nothing after them starts.
    expect(report.cancelled).toBe(true);
    expect(report.created).toBe(fake.secrets.length);
    expect(report.created).toBeGreaterThan(3);
    expect(report.created).toBeLessThanOrEqual(3 + IMPORT_CONCURRENCY);
    expect(report.created + report.notDone).toBe(12);
    expect(progress).toEqual(Array.from({ length: report.created + 1 }, (_v, n) => n));
  });

  it('reports failures in the order of the file, whichever finished first', async () => {
    const plan = await planOf();
    const fake = fakeServices();
    const create = fake.services.createSecret;
    fake.services.createSecret = async (draft, batchId, files) => {
      // Bank (the third) fails at once, Wifi (the second) later.
      await new Promise((resolve) => setTimeout(resolve, draft.name === 'Wifi' ? 20 : 0));
      if (draft.name !== 'Mail') throw new Error(`${draft.name} was refused.`);
      await create(draft, batchId, files);
    };
    const report = await runFirstImport(plan, intoChest('c'), fake.services);
    expect(report.failed).toEqual([
      { ref: plan.drafts[1]?.ref, message: 'Wifi was refused.' },
      { ref: plan.drafts[2]?.ref, message: 'Bank was refused.' },
    ]);
    expect(report.created).toBe(1);
  });

  it('reports a failed item by its reference and goes on', async () => {
    const plan = await planOf();
    const fake = fakeServices({ failOn: 'Wifi' });
    const report = await runFirstImport(plan, intoChest('c'), fake.services);
    expect(report.created).toBe(2);
    expect(report.failed).toEqual([{ ref: plan.drafts[1]?.ref, message: 'The chest refused the secret.' }]);
    expect(JSON.stringify(report.failed)).not.toContain('the code');
  });

  it('refuses before anything is written when the free plan would be exceeded', async () => {
    const plan = await planOf();
    const tooMany = fakeServices({ counts: { secrets: 23, chests: 1 } });
    await expect(runFirstImport(plan, intoChest('c'), tooMany.services)).rejects.toEqual(
      new ImportRefusedError(FREE_PLAN_LIMIT_NOTICE),
    );
    expect(tooMany.secrets).toEqual([]);
    expect(tooMany.batches).toEqual([]);

    const newChest = fakeServices({ counts: { secrets: 0, chests: 1 } });
    await expect(runFirstImport(plan, newChestsFor('t'), newChest.services)).rejects.toThrow(
      FREE_PLAN_LIMIT_NOTICE,
    );
    expect(newChest.chests).toEqual([]);

    const fits = fakeServices({ counts: { secrets: 22, chests: 1 } });
    const report = await runFirstImport(plan, intoChest('c'), fits.services);
    expect(report.created).toBe(3);
  });

  it('names a new chest after its folder within the chest name limit', () => {
    expect(chestNameFor('Work')).toBe('Work');
    expect(chestNameFor('')).toBe('Imported');
    expect(Array.from(chestNameFor('A folder with a rather long name indeed'))).toHaveLength(25);
  });

  describe('with a bulk create', () => {
    async function manyItems(count: number) {
      return planImport({
        format: 'chrome-csv',
        items: Array.from({ length: count }, (_v, n) =>
          sourceItem(`row ${n + 2}`, { title: `Site ${n}`, username: 'a', password: `p-${n}` }),
        ),
        skipped: { trashed: 0, notASecret: 0 },
        problems: [],
      });
    }
    const intoC: ImportMapping = { targets: { '': { kind: 'existing', chestId: 'c' } }, teamId: null };

    // The fake's bulk create: records each request's names and refuses those named in `refuse`.
    function withBulk(fake: ReturnType<typeof fakeServices>, refuse: ReadonlySet<string> = new Set()) {
      const requests: string[][] = [];
      fake.services.createSecrets = async (drafts, batchId) => {
        requests.push(drafts.map((draft) => draft.name));
        const outcomes: (Error | null)[] = [];
        for (const draft of drafts) {
          if (refuse.has(draft.name)) {
            outcomes.push(new Error(`${draft.name} was refused.`));
            continue;
          }
          await fake.services.createSecret(draft, batchId, []);
          outcomes.push(null);
        }
        return outcomes;
      };
      return requests;
    }

    it('sends new secrets without files up to 50 to a request, a secret with files alone, failures by item', async () => {
      const plan = await manyItems(120);
      const withFile = plan.drafts[7];
      if (!withFile) throw new Error('no draft');
      withFile.attachments = [{ name: 'key.pem', data: new Uint8Array([1, 2]) }];
      const fake = fakeServices();
      const requests = withBulk(fake, new Set(['Site 60']));
      const progress: number[] = [];
      const report = await runFirstImport(plan, intoC, fake.services, {
        onProgress: ({ done }) => progress.push(done),
      });
      expect(requests.map((names) => names.length)).toEqual([IMPORT_BULK_SIZE, IMPORT_BULK_SIZE, 19]);
      expect(requests.flat()).not.toContain('Site 7');
      expect(fake.secrets.find((secret) => secret.name === 'Site 7')?.files).toEqual(['key.pem']);
      expect(report.created).toBe(119);
      expect(report.failed).toEqual([{ ref: plan.drafts[60]?.ref, message: 'Site 60 was refused.' }]);
      expect(progress[0]).toBe(0);
      expect(progress.at(-1)).toBe(120);
      expect(progress).toHaveLength(5);
      expect(fake.secrets.every((secret) => secret.batchId === fake.batches[0]?.id)).toBe(true);
    });

    it('leaves a bulk create’s strengths to its service, and tells the services once when the run is over', async () => {
      const plan = await manyItems(60);
      const fake = fakeServices();
      const strengths: (number | null)[] = [];
      fake.services.createSecrets = async (drafts) => {
        strengths.push(...drafts.map((draft) => draft.strength));
        return drafts.map(() => null);
      };
      const scored: string[] = [];
      fake.services.strength = async (password) => {
        scored.push(password);
        return 3;
      };
      let finished = 0;
      fake.services.finish = () => {
        finished += 1;
      };
      const report = await runFirstImport(plan, intoC, fake.services);
      expect(report.created).toBe(60);
      expect(strengths).toEqual(Array(60).fill(null));
      expect(scored).toEqual([]);
      expect(finished).toBe(1);
    });

    it('fails a whole request’s items when it fails without naming one', async () => {
      const plan = await manyItems(3);
      const fake = fakeServices();
      fake.services.createSecrets = async () => {
        throw new Error('The network failed.');
      };
      const report = await runFirstImport(plan, intoC, fake.services);
      expect(report.created).toBe(0);
      expect(report.failed.map((one) => one.message)).toEqual(Array(3).fill('The network failed.'));
    });

    it('starts no further request once cancelled', async () => {
      const plan = await manyItems(200);
      const controller = new AbortController();
      const fake = fakeServices();
      const requests = withBulk(fake);
      const bulk = fake.services.createSecrets;
      fake.services.createSecrets = async (drafts, batchId) => {
        const outcomes = await bulk?.(drafts, batchId);
        controller.abort();
        return outcomes ?? [];
      };
      const report = await runFirstImport(plan, intoC, fake.services, { signal: controller.signal });
      expect(requests).toHaveLength(1);
      expect(report).toMatchObject({ created: IMPORT_BULK_SIZE, cancelled: true, notDone: 150 });
    });
  });
});
