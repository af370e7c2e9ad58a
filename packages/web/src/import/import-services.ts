/**
 * The import runner's services, bound to the real API and crypto client: candidates listed by chest
 * and opened in this browser, chests and the batch created with the existing calls, and each secret
 * sealed and wrapped by the run's secretCreators (the chest's readers listed, confirmed and imported
 * once per batch; new secrets without files sent many to a bulk create) or updateEncryptedSecret, its files uploaded with saveWithAttachments (a new secret:
 * created, files uploaded, revision 2).
 */
import { canUseTeams, PAGE_SIZE } from '@coffer/core';
import { fetchBillingConfig, fetchSubscription } from '../api/billing-api.js';
import { startImportBatch } from '../api/import-batches-api.js';
import type { PagePosition } from '../api/paging.js';
import { listSecrets } from '../api/secrets-api.js';
import { createChest, listChests } from '../api/vaults-api.js';
import { withAttachments } from '../crypto-client/attachment-refs.js';
import type { SaveRevision } from '../crypto-client/attachment-save.js';
import { saveWithAttachments } from '../crypto-client/attachment-save.js';
import type { UploadSource } from '../crypto-client/attachment-transfer.js';
import type { TrustOptions } from '../crypto-client/confirm-reader-keys.js';
import { openSecretRecord } from '../crypto-client/open-secret-record.js';
import type { SecretDraft } from '../crypto-client/save-secret.js';
import { updateEncryptedSecret } from '../crypto-client/save-secret.js';
import { SecretAccessError } from '../crypto-client/secret-access-error.js';
import type { SecretCreators } from '../crypto-client/secret-creator.js';
import { secretCreators } from '../crypto-client/secret-creator.js';
import type { ImportFile, ImportServices, ListedSecret, PlanRoom } from './import-runner.js';

/** What the screen provides: who imports, how people are confirmed, and how strength is scored. */
export interface ImportServiceContext {
  userId: string;
  isAdministrator: boolean;
  trust: TrustOptions;
  strength: (password: string, name: string) => Promise<number | null>;
}

// The bytes of a source file as an upload: a File where the browser has it, a named Blob otherwise.
function uploadOf(file: ImportFile, index: number): { localId: string; file: UploadSource } {
  const blob = new Blob([file.data as BlobPart]);
  return { localId: `import-${index}`, file: Object.assign(blob, { name: file.name }) };
}

async function listChestSecrets(chestId: string, signal?: AbortSignal): Promise<ListedSecret[]> {
  const rows: ListedSecret[] = [];
  let position: PagePosition = { offset: 0 };
  for (;;) {
    const page = await listSecrets({ vaultId: chestId, options: [] }, position, signal);
    rows.push(...page.items.map((row) => ({ id: row.id, name: row.name })));
    if (page.items.length < PAGE_SIZE || rows.length >= page.total) return rows;
    position = page.next_cursor ? { cursor: page.next_cursor } : { offset: rows.length };
  }
}

// The free plan's counts, for administrators (who alone see the subscription and every chest). A
// member imports only where the organisation has more than one user, which the free plan does not
// allow; the server still refuses anything over a limit.
async function planCounts(isAdministrator: boolean): Promise<PlanRoom | null> {
  if (!isAdministrator) return null;
  const config = await fetchBillingConfig();
  if (config.mode === 'off') return null;
  if (canUseTeams(await fetchSubscription(), config.mode)) return null;
  const [secrets, chests] = await Promise.all([
    listSecrets({ everything: true, options: [] }, { offset: 0 }),
    listChests({ everything: true, options: [] }, { offset: 0 }),
  ]);
  return { secrets: secrets.total, chests: chests.total };
}

/** The runner's services for this user. */
export function importServices(context: ImportServiceContext): ImportServices {
  const { userId, trust } = context;
  // One creator per run (each run opens its own batch): readers are listed and checked afresh per run.
  let run: { batchId: string; creators: SecretCreators } | null = null;
  const creatorsFor = (batchId: string) => {
    if (run?.batchId !== batchId) {
      run?.creators.close();
      run = { batchId, creators: secretCreators(userId, trust) };
    }
    return run.creators;
  };
  return {
    listChestSecrets,
    openSecret: async (id, signal) => {
      const { secret, payload } = await openSecretRecord(id, userId, signal);
      return {
        id: secret.id,
        revision: secret.revision,
        category: secret.category,
        hidden: secret.hidden,
        formFill: secret.form_fill,
        payload,
      };
    },
    planCounts: () => planCounts(context.isAdministrator),
    createChest: (name, teamId) => {
      const id = crypto.randomUUID();
      return createChest(id, { name, assignments_attributes: [{ team_id: teamId, edit_access: true }] }, [
        { kind: 'assignment', chest: id, team: teamId, edit: true },
      ]);
    },
    createBatch: (format, itemCount) => startImportBatch(format, itemCount),
    createSecret: async (draft, batchId, files) => {
      const sealed: SecretDraft = { ...draft, importBatchId: batchId };
      const { create } = creatorsFor(batchId);
      const save: SaveRevision = (refs, target) => {
        const withFiles = { ...sealed, payload: withAttachments(sealed.payload, refs) };
        // Revision 2 (the files' refs) is a save of the created secret: only a creation sends the batch.
        return target ? updateEncryptedSecret(target, withFiles, userId, trust) : create(withFiles);
      };
      await saveWithAttachments(undefined, { before: [], kept: [], added: files.map(uploadOf) }, save);
    },
    // Sealed and scored in the crypto pool's workers, sent many to a request (secretCreators' createMany).
    createSecrets: async (drafts, batchId) => {
      const outcomes = await creatorsFor(batchId).createMany(
        drafts.map((draft) => ({ ...draft, importBatchId: batchId })),
        { scoreStrength: true },
      );
      return outcomes.map((outcome) => (outcome instanceof SecretAccessError ? outcome : null));
    },
    updateSecret: async (target, draft, keptFiles, files) => {
      const save: SaveRevision = (refs, editTarget) =>
        updateEncryptedSecret(
          editTarget ?? target,
          { ...draft, payload: withAttachments(draft.payload, refs) },
          userId,
          trust,
        );
      await saveWithAttachments(
        target,
        { before: keptFiles, kept: keptFiles, added: files.map(uploadOf) },
        save,
      );
    },
    strength: context.strength,
    finish: () => {
      run?.creators.close();
      run = null;
    },
  };
}
