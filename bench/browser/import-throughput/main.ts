// The import-throughput benchmark's page, served by the real server. The administrator signs in with
// the web app's own flow; then `app` imports generated logins into the chest exactly as the /import
// wizard's last step does (planImport, analyseImport, runImport with importServices: the strength
// scored, each item sealed, its key wrapped for every reader, saved in the batch), and `floor` seals the
// same drafts and wraps their keys with core's suite alone (bare-floor.ts), in the same page.
import { fetchChestPublicKeys } from '@coffer/web-src/api/vaults-api.js';
import { computeStrength } from '@coffer/web-src/components/secrets/compute-strength.js';
import type { ConfirmPeople } from '@coffer/web-src/crypto-client/people-to-confirm.js';
import { type ImportPlan, planImport } from '@coffer/web-src/import/import-plan.js';
import {
  analyseImport,
  IMPORT_CONCURRENCY,
  type ImportReport,
  runImport,
} from '@coffer/web-src/import/import-runner.js';
import { importServices } from '@coffer/web-src/import/import-services.js';
import { publishBench, signIn } from '../bench-kit.js';
import { sealBare } from './bare-floor.js';
import { generatedSource } from './generated-items.js';
import { profilePhases } from './phase-profile.js';

const plans = new Map<string, ImportPlan>();

// The wizard's confirm dialog, answered as a person who checked every reader does: all confirmed.
const confirmEveryone: ConfirmPeople = async (people) =>
  people.map((person) => ({
    userId: person.userId,
    publicKey: person.publicKey,
    name: `Reader ${person.userId}`,
    email: `${person.userId}@bench.invalid`,
  }));

/** Reads `count` generated logins into a plan named `round` (as the preview does); answers ms. */
async function prepare(round: string, count: number): Promise<number> {
  const startedAt = performance.now();
  plans.set(round, await planImport(generatedSource(count, round)));
  return performance.now() - startedAt;
}

function planOf(round: string): ImportPlan {
  const plan = plans.get(round);
  if (!plan) throw new Error(`no plan ${round}`);
  return plan;
}

/** The bare floor on round `round`'s drafts, for the chest's readers; answers ms. */
async function floor(round: string, chestId: string, concurrency: number): Promise<number> {
  return sealBare(planOf(round).drafts, await fetchChestPublicKeys(chestId, false), concurrency);
}

interface AppRun {
  analyseMs: number;
  ms: number;
  concurrency: number;
  report: ImportReport;
}

/** Imports round `round` into `chestId` as the wizard does after its review step. */
async function app(round: string, userId: string, chestId: string): Promise<AppRun> {
  const plan = planOf(round);
  const services = importServices({
    userId,
    isAdministrator: true,
    trust: { confirm: confirmEveryone },
    strength: (password, name) => computeStrength(password, [name]),
  });
  const mapping = { targets: { '': { kind: 'existing' as const, chestId } }, teamId: null };
  const analysedAt = performance.now();
  const analysis = await analyseImport(plan, mapping, services);
  const startedAt = performance.now();
  const report = await runImport(plan, mapping, analysis, new Map(), services);
  const ms = performance.now() - startedAt;
  return { analyseMs: startedAt - analysedAt, ms, concurrency: IMPORT_CONCURRENCY, report };
}

/** Round `round`'s phases one by one (phase-profile.ts). */
function profile(round: string, chestId: string, concurrency: number) {
  return profilePhases(planOf(round).drafts, chestId, concurrency);
}

publishBench('importThroughputBench', { signIn, prepare, floor, app, profile });
