/**
 * The import wizard's work once the user has mapped the source's containers onto chests: find the
 * secrets an earlier import of the same file created (only those whose name equals a draft's are
 * opened), check the free plan's limits before anything is written, then create the chests, the
 * batch and the secrets (a few at a time), starting no further item when cancelled.
 *
 * Everything that touches the server or the crypto client comes in as ImportServices (bound for real
 * in import-services.ts), so the rules here are tested without either.
 */
import type { AttachmentRef, SecretCategory, SecretPayload } from '@coffer/core';
import { CHEST_NAME_MAX, FREE_PLAN, FREE_PLAN_LIMIT_NOTICE, withPasswordHistory } from '@coffer/core';
import type { ContainerKey, ImportDraft, ImportPlan } from './import-plan.js';

/** Where a container's items go: a chest the user can write, or a chest made for it. */
export type ChestTarget = { kind: 'existing'; chestId: string } | { kind: 'new'; name: string };

/** The user's mapping: a target per container, and the team new chests are linked to. */
export interface ImportMapping {
  targets: Record<ContainerKey, ChestTarget>;
  /** The team every new chest is linked to (with edit access); required when a target is new. */
  teamId: string | null;
}

/** A secret already in a target chest, as listed (names are server-visible). */
export interface ListedSecret {
  id: string;
  name: string;
}

/** An existing secret opened in this browser. */
export interface OpenedCandidate {
  id: string;
  revision: number;
  category: SecretCategory;
  hidden: boolean;
  formFill: boolean;
  payload: SecretPayload;
}

/** What a save hands to the crypto client (SecretDraft without the chest, which the runner sets). */
export interface ImportSecretDraft {
  vaultId: string;
  name: string;
  category: SecretCategory;
  payload: SecretPayload;
  strength: number | null;
  formFill: boolean;
  hidden: boolean;
}

/** A file to upload beside a secret. */
export interface ImportFile {
  name: string;
  data: Uint8Array;
}

/** The free plan's room, or null when no limit applies (the Team Plan, billing off). */
export interface PlanRoom {
  secrets: number;
  chests: number;
}

/** Every outside effect of an import. */
export interface ImportServices {
  listChestSecrets(chestId: string, signal?: AbortSignal): Promise<ListedSecret[]>;
  openSecret(id: string, signal?: AbortSignal): Promise<OpenedCandidate>;
  /** The organisation's counts when the free plan's limits apply, else null. */
  planCounts(): Promise<PlanRoom | null>;
  createChest(name: string, teamId: string): Promise<{ id: string }>;
  createBatch(format: string, itemCount: number): Promise<{ id: string }>;
  /** Creates a secret (with its files), in the batch. */
  createSecret(draft: ImportSecretDraft, batchId: string, files: ImportFile[]): Promise<void>;
  /**
   * Where offered, creates many secrets without files in the batch (one bulk request per up to 50):
   * each draft's outcome in order, null when created, else the error to report for it. It scores
   * each password secret's strength itself, beside its sealing (off the page): the drafts come
   * without one.
   */
  createSecrets?(drafts: ImportSecretDraft[], batchId: string): Promise<(Error | null)[]>;
  /** Called once when the run is over (the services may end the workers it used). */
  finish?(): void;
  /** Saves the next revision of an existing secret, its files kept and the new ones added. */
  updateSecret(
    target: { id: string; baseRevision: number },
    draft: ImportSecretDraft,
    keptFiles: AttachmentRef[],
    files: ImportFile[],
  ): Promise<void>;
  strength(password: string, name: string): Promise<number | null>;
}

/** A draft that matches a secret an earlier import created. */
export interface ImportMatch {
  draftIndex: number;
  existing: OpenedCandidate;
  /** The existing secret holds the same values (same fingerprint): skipped as unchanged. */
  identical: boolean;
}

/** What matching found. */
export interface ImportAnalysis {
  matches: ImportMatch[];
  /** Candidates that could not be opened in this browser (no key, altered): not matched, counted. */
  unopened: number;
}

/** What the user chose for a changed match; skip is the default. */
export type MatchDecision = 'skip' | 'update' | 'keep-both';

/** What one draft will do. */
export type DraftAction = 'create' | 'update' | 'skip-unchanged' | 'skip-choice';

/** The end report. */
export interface ImportReport {
  created: number;
  updated: number;
  skippedUnchanged: number;
  skippedByChoice: number;
  failed: { ref: string; message: string }[];
  chestsCreated: number;
  /** The run was cancelled: these items were not looked at. */
  cancelled: boolean;
  notDone: number;
}

/** Progress of a run: items looked at so far of all items. */
export interface ImportProgress {
  done: number;
  total: number;
}

/** How many items a run saves at a time (after the first): enough to keep sealing and requests overlapping. */
export const IMPORT_CONCURRENCY = 4;
/** How many new secrets without files go to one bulk create, when the services offer it (server: 50). */
export const IMPORT_BULK_SIZE = 50;

/** Refused before anything is written. */
export class ImportRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefusedError';
  }
}

/** Shown when new chests are mapped but no team was picked. */
export const TEAM_REQUIRED_MESSAGE = 'Pick the team the new chests are linked to.';
/** Shown when a container has no chest. */
export const TARGET_REQUIRED_MESSAGE = 'Choose a chest for every folder.';
/** A new chest for the source's top level (which has no name of its own). */
export const TOP_LEVEL_CHEST_NAME = 'Imported';

/** A chest name from a container's name: at most CHEST_NAME_MAX characters. */
export function chestNameFor(containerName: string): string {
  const whole = containerName.trim() || TOP_LEVEL_CHEST_NAME;
  const characters = Array.from(whole);
  return characters.length <= CHEST_NAME_MAX ? whole : `${characters.slice(0, CHEST_NAME_MAX - 1).join('')}…`;
}

function existingChestOf(mapping: ImportMapping, draft: ImportDraft): string | null {
  const target = mapping.targets[draft.containerKey];
  return target?.kind === 'existing' ? target.chestId : null;
}

/**
 * Finds, in the target chests, the secrets an earlier import of this source created: lists each
 * existing target chest, opens only the secrets whose name equals a draft's name there, and matches
 * a draft by format and source id, else by fingerprint. Each existing secret matches one draft at most.
 */
export async function analyseImport(
  plan: ImportPlan,
  mapping: ImportMapping,
  services: ImportServices,
  signal?: AbortSignal,
): Promise<ImportAnalysis> {
  const byChest = new Map<string, number[]>();
  plan.drafts.forEach((draft, index) => {
    const chestId = existingChestOf(mapping, draft);
    if (chestId === null) return;
    byChest.set(chestId, [...(byChest.get(chestId) ?? []), index]);
  });
  const matches: ImportMatch[] = [];
  let unopened = 0;
  for (const [chestId, indexes] of byChest) {
    const names = new Set(indexes.map((index) => plan.drafts[index]?.name));
    const listed = (await services.listChestSecrets(chestId, signal)).filter((row) => names.has(row.name));
    const candidates: { row: ListedSecret; opened: OpenedCandidate }[] = [];
    for (const row of listed) {
      signal?.throwIfAborted();
      try {
        candidates.push({ row, opened: await services.openSecret(row.id, signal) });
      } catch (error) {
        if (signal?.aborted) throw error;
        unopened += 1;
      }
    }
    const claimed = new Set<string>();
    const claim = (index: number, found: (typeof candidates)[number] | undefined) => {
      if (!found) return false;
      claimed.add(found.row.id);
      const draft = plan.drafts[index] as ImportDraft;
      const identical = found.opened.payload.importedFrom?.fingerprint === draft.importedFrom.fingerprint;
      matches.push({ draftIndex: index, existing: found.opened, identical });
      return true;
    };
    const open = (draft: ImportDraft) =>
      candidates.filter(
        (c) => !claimed.has(c.row.id) && c.row.name === draft.name && c.opened.payload.importedFrom,
      );
    const unmatched: number[] = [];
    // Source ids first: they follow an item whose values changed; fingerprints then pair the rest.
    for (const index of indexes) {
      const draft = plan.drafts[index] as ImportDraft;
      const { format, sourceId } = draft.importedFrom;
      const bySourceId = sourceId
        ? open(draft).find(
            (c) =>
              c.opened.payload.importedFrom?.format === format &&
              c.opened.payload.importedFrom?.sourceId === sourceId,
          )
        : undefined;
      if (!claim(index, bySourceId)) unmatched.push(index);
    }
    for (const index of unmatched) {
      const draft = plan.drafts[index] as ImportDraft;
      claim(
        index,
        open(draft).find(
          (c) => c.opened.payload.importedFrom?.fingerprint === draft.importedFrom.fingerprint,
        ),
      );
    }
  }
  matches.sort((a, b) => a.draftIndex - b.draftIndex);
  return { matches, unopened };
}

/** What each draft will do, given the matches and the user's decisions (by draft index). */
export function actionsOf(
  plan: ImportPlan,
  analysis: ImportAnalysis,
  decisions: ReadonlyMap<number, MatchDecision>,
): DraftAction[] {
  const byDraft = new Map(analysis.matches.map((match) => [match.draftIndex, match]));
  return plan.drafts.map((_draft, index) => {
    const match = byDraft.get(index);
    if (!match) return 'create';
    if (match.identical) return 'skip-unchanged';
    const decision = decisions.get(index) ?? 'skip';
    if (decision === 'update') return 'update';
    if (decision === 'keep-both') return 'create';
    return 'skip-choice';
  });
}

/** The new chests a mapping makes (one per container mapped to 'new'). */
export function newChestCount(plan: ImportPlan, mapping: ImportMapping): number {
  return plan.containers.filter((container) => mapping.targets[container.key]?.kind === 'new').length;
}

/**
 * The free plan's refusal, or null: the secrets the import creates and the chests it makes, added to
 * what the organisation has, must stay within 25 secrets and 1 chest (spec section 9), else nothing
 * is written and the spec's upgrade message says why.
 */
export function planLimitProblem(
  counts: PlanRoom | null,
  creating: number,
  newChests: number,
): string | null {
  if (counts === null) return null;
  if (newChests > 0 && counts.chests + newChests > FREE_PLAN.chests) return FREE_PLAN_LIMIT_NOTICE;
  if (creating > 0 && counts.secrets + creating > FREE_PLAN.secrets) return FREE_PLAN_LIMIT_NOTICE;
  return null;
}

/** Whether the mapping is complete: a target for every container, and a team when chests are new. */
export function mappingProblem(plan: ImportPlan, mapping: ImportMapping): string | null {
  if (plan.containers.some((container) => !mapping.targets[container.key])) return TARGET_REQUIRED_MESSAGE;
  if (newChestCount(plan, mapping) > 0 && !mapping.teamId) return TEAM_REQUIRED_MESSAGE;
  return null;
}

/** Options of a run. */
export interface RunOptions {
  /** Cancels the run: the item being saved finishes, nothing after it starts. */
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  now?: Date;
}

function messageOf(error: unknown): string {
  // The crypto client's and the server's messages are written for people and carry no value.
  return error instanceof Error && error.message ? error.message : 'The item could not be saved.';
}

/**
 * Runs the import: checks the mapping and the plan's limits (nothing written when either refuses),
 * opens the batch (nothing written when it cannot be), creates the new chests, then the items,
 * IMPORT_CONCURRENCY at a time after the first; new secrets without files go IMPORT_BULK_SIZE to a bulk
 * create where the services offer one. A failed item is reported by its reference and the run goes
 * on; a cancel starts no further item (or group) and reports what was done.
 */
export async function runImport(
  plan: ImportPlan,
  mapping: ImportMapping,
  analysis: ImportAnalysis,
  decisions: ReadonlyMap<number, MatchDecision>,
  services: ImportServices,
  { signal, onProgress, now = new Date() }: RunOptions = {},
): Promise<ImportReport> {
  const problem = mappingProblem(plan, mapping);
  if (problem) throw new ImportRefusedError(problem);
  const actions = actionsOf(plan, analysis, decisions);
  const creating = actions.filter((action) => action === 'create').length;
  const limit = planLimitProblem(await services.planCounts(), creating, newChestCount(plan, mapping));
  if (limit) throw new ImportRefusedError(limit);

  const report: ImportReport = {
    created: 0,
    updated: 0,
    skippedUnchanged: 0,
    skippedByChoice: 0,
    failed: [],
    chestsCreated: 0,
    cancelled: false,
    notDone: 0,
  };
  const total = plan.drafts.length;
  onProgress?.({ done: 0, total });
  const chestOf = new Map<ContainerKey, string>();
  for (const container of plan.containers) {
    const target = mapping.targets[container.key] as ChestTarget;
    if (target.kind === 'existing') chestOf.set(container.key, target.chestId);
  }
  // The batch first: when it cannot be opened, nothing else has been written.
  const batch = creating > 0 ? await services.createBatch(plan.format, creating) : null;
  for (const container of plan.containers) {
    const target = mapping.targets[container.key] as ChestTarget;
    if (target.kind !== 'new') continue;
    const chest = await services.createChest(chestNameFor(target.name), mapping.teamId as string);
    chestOf.set(container.key, chest.id);
    report.chestsCreated += 1;
  }
  const matchOf = new Map(analysis.matches.map((match) => [match.draftIndex, match]));

  // `scored`: the strength is scored here; a bulk create's service scores it beside the sealing.
  const baseOf = async (draft: ImportDraft, scored = true): Promise<ImportSecretDraft> => {
    const password = 'password' in draft.payload ? draft.payload.password : '';
    return {
      vaultId: chestOf.get(draft.containerKey) as string,
      name: draft.name,
      category: draft.category,
      payload: draft.payload,
      strength:
        scored && draft.category === 'password' ? await services.strength(password, draft.name) : null,
      formFill: draft.category === 'password',
      hidden: false,
    };
  };

  const saveOne = async (index: number, draft: ImportDraft) => {
    const action = actions[index];
    if (action === 'skip-unchanged') report.skippedUnchanged += 1;
    else if (action === 'skip-choice') report.skippedByChoice += 1;
    else {
      const base = await baseOf(draft);
      if (action === 'update') {
        const match = matchOf.get(index) as ImportMatch;
        const existing = match.existing;
        const kept = existing.payload.attachments ?? [];
        const keptNames = new Set(kept.map((file) => file.name));
        // The earlier values go to the history; a file already there by name is not uploaded again.
        const payload = withPasswordHistory(existing.payload, draft.payload, now);
        await services.updateSecret(
          { id: existing.id, baseRevision: existing.revision },
          { ...base, payload, hidden: existing.hidden, formFill: existing.formFill },
          kept,
          draft.attachments.filter((file) => !keptNames.has(file.name)),
        );
        report.updated += 1;
      } else {
        await services.createSecret(base, (batch as { id: string }).id, draft.attachments);
        report.created += 1;
      }
    }
  };

  const failed: { index: number; ref: string; message: string }[] = [];
  const fail = (index: number, error: unknown) => {
    failed.push({ index, ref: (plan.drafts[index] as ImportDraft).ref, message: messageOf(error) });
  };

  // New secrets without files, many to a bulk create: one transaction on the server for each.
  const saveMany = async (indexes: number[], createSecrets: NonNullable<ImportServices['createSecrets']>) => {
    const bases = await Promise.all(indexes.map((index) => baseOf(plan.drafts[index] as ImportDraft, false)));
    let outcomes: (Error | null)[];
    try {
      outcomes = await createSecrets(bases, (batch as { id: string }).id);
    } catch (error) {
      outcomes = indexes.map(() => (error instanceof Error ? error : new Error(String(error))));
    }
    for (const [position, index] of indexes.entries()) {
      const outcome = outcomes[position];
      if (outcome) fail(index, outcome);
      else report.created += 1;
    }
  };

  // The work in units: an item alone, or a group of up to IMPORT_BULK_SIZE new secrets without files.
  const units: number[][] = [];
  const bulkUnits = new Set<number[]>();
  let group: number[] | null = null;
  for (const [index, draft] of plan.drafts.entries()) {
    const bulk = services.createSecrets && actions[index] === 'create' && draft.attachments.length === 0;
    if (!bulk) {
      units.push([index]);
      continue;
    }
    if (!group || group.length === IMPORT_BULK_SIZE) {
      group = [];
      units.push(group);
      bulkUnits.add(group);
    }
    group.push(index);
  }

  // Units are saved IMPORT_CONCURRENCY at a time, so one unit's sealing overlaps another's request;
  // the first goes alone, as it lists the chest's readers and may ask the user to confirm people.
  // Cancel starts nothing new: the units being saved finish and what was created stays.
  let nextUnit = 0;
  let started = 0;
  let done = 0;
  const saveNext = async (): Promise<boolean> => {
    if (nextUnit >= units.length || signal?.aborted) return false;
    const unit = units[nextUnit] as number[];
    nextUnit += 1;
    started += unit.length;
    const [first] = unit as [number];
    if (bulkUnits.has(unit) && services.createSecrets) {
      await saveMany(unit, services.createSecrets.bind(services));
    } else {
      try {
        await saveOne(first, plan.drafts[first] as ImportDraft);
      } catch (error) {
        fail(first, error);
      }
    }
    done += unit.length;
    onProgress?.({ done, total });
    return true;
  };
  const worker = async () => {
    for (;;) if (!(await saveNext())) return;
  };
  try {
    await saveNext();
    await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker));
  } finally {
    services.finish?.();
  }
  report.failed = failed.sort((a, b) => a.index - b.index).map(({ ref, message }) => ({ ref, message }));
  if (started < total) {
    report.cancelled = true;
    report.notDone = total - started;
  }
  return report;
}
