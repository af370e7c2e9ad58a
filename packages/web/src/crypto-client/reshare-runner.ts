import { countMissingKeys } from '../api/secret-keys-api.js';
import { loadPrivateKey } from '../keys/key-store.js';
import { type ConfirmedIdentity, keyTrusted, trustConfirmedKey } from '../keys/key-trust.js';
import { sessionCleared } from '../lib/clear-session.js';
import type { Store } from '../lib/create-store.js';
import { createStore } from '../lib/create-store.js';
import { trustLogMoved } from '../trust-log/trust-log-store.js';
import type { ConfirmPeople } from './people-to-confirm.js';
import type { ReshareOptions, ReshareProgress, ReshareResult, WaitingPerson } from './reshare-keys.js';
import { reshareMissingKeys } from './reshare-keys.js';
import type { RunLock } from './run-lock.js';
import { createRunLock } from './run-lock.js';

/** How often a signed-in administrator's browser asks whether keys are missing. */
export const POLL_INTERVAL_MS = 30_000;
/** A poll that finds only the keys the last run left (people to confirm) runs again after this anyway. */
export const FULL_RUN_INTERVAL_MS = 5 * 60_000;

/** What the shell shows of missing keys: the count, a run in progress, people waiting for confirmation. */
export interface ReshareRunnerState {
  /** Whose browser this is running for (the signed-in administrator), once known. */
  ownerId: string | null;
  /** Keys the server last said are missing; null before the first answer. */
  total: number | null;
  running: boolean;
  /** The run in progress was started by a person (a button), not the background. */
  manual: boolean;
  progress: ReshareProgress | null;
  /** People nothing was wrapped for because this browser does not trust their key, minus those put off. */
  people: WaitingPerson[];
  lastResult: ReshareResult | null;
}

const IDLE: ReshareRunnerState = {
  ownerId: null,
  total: null,
  running: false,
  manual: false,
  progress: null,
  people: [],
  lastResult: null,
};

/** What the runner works with; tests replace any of it. */
export interface ReshareRunnerDeps {
  reshare: (userId: string, options: ReshareOptions) => Promise<ReshareResult>;
  countMissing: (signal?: AbortSignal) => Promise<number>;
  hasPrivateKey: () => Promise<boolean>;
  lock: RunLock;
  now: () => number;
}

/** How a run was asked for. */
export interface RunRequest {
  /** A person asked (a button): wait for a run in progress, and ask about untrusted people through `confirm`. */
  manual?: boolean;
  confirm?: ConfirmPeople | undefined;
}

/** The background reshare of a signed-in administrator's browser, and the manual one, one run at a time. */
export interface ReshareRunner {
  readonly store: Store<ReshareRunnerState>;
  /** Asks how many keys are missing and runs when there is something new to do (`force`: run anyway). */
  poll(ownerId: string, options?: { force?: boolean }): Promise<void>;
  /** Runs now (after the run in progress, for a manual run); null when it gave way to another run. */
  run(ownerId: string, request?: RunRequest): Promise<ReshareResult | null>;
  /** The administrator confirmed a waiting person by name, e-mail and fingerprint: trust that key, run. */
  confirmPerson(ownerId: string, person: WaitingPerson, identity: ConfirmedIdentity): Promise<void>;
  /** 'Not now': the person leaves the list until the page reloads or their key changes. */
  dismissPerson(person: WaitingPerson): void;
  /** Stops a run in progress and forgets everything (the session ended). */
  reset(): void;
}

const personKey = (person: { userId: string; fingerprint: string }) =>
  `${person.userId}:${person.fingerprint}`;

/** Makes a runner; the app uses the one `reshareRunner` below. */
export function createReshareRunner(deps: ReshareRunnerDeps): ReshareRunner {
  const store = createStore<ReshareRunnerState>(IDLE);
  const dismissed = new Set<string>();
  let controller = new AbortController();
  let polling = false;
  // Someone was trusted while a run was under way: poll again as soon as it ends.
  let rerun = false;
  let trustVersion = 0;
  // What the last background run left: the count after it, when, and under which trust.
  let settled: { total: number; at: number; trustVersion: number } | null = null;

  const update = (change: Partial<ReshareRunnerState>) => store.set((state) => ({ ...state, ...change }));
  const visible = (people: readonly WaitingPerson[]) =>
    people.filter((person) => !dismissed.has(personKey(person)));

  const adopt = (ownerId: string) => {
    if (store.get().ownerId === ownerId) return;
    reset();
    update({ ownerId });
  };

  const recount = async (signal: AbortSignal) => {
    const total = await deps.countMissing(signal);
    update({ total });
    return total;
  };

  async function run(ownerId: string, request: RunRequest = {}): Promise<ReshareResult | null> {
    adopt(ownerId);
    const signal = controller.signal;
    const manual = request.manual === true;
    const outcome = await deps.lock.run(manual ? 'wait' : 'skip-if-busy', async () => {
      signal.throwIfAborted();
      update({ running: true, manual, progress: null });
      try {
        const result = await deps.reshare(ownerId, {
          confirm: request.confirm,
          signal,
          onProgress: (progress) => update({ progress }),
        });
        if (!signal.aborted) update({ lastResult: result, people: visible(result.untrusted) });
        return result;
      } finally {
        if (!signal.aborted) update({ running: false, manual: false, progress: null });
      }
    });
    if (!outcome.ran) return null;
    const version = trustVersion;
    const left = await recount(signal).catch(() => null);
    if (left !== null) settled = { total: left, at: deps.now(), trustVersion: version };
    pollAgainIfAsked(ownerId);
    return outcome.value;
  }

  function pollAgainIfAsked(ownerId: string): void {
    if (!rerun || polling || store.get().ownerId !== ownerId) return;
    rerun = false;
    void poll(ownerId, { force: true });
  }

  async function poll(ownerId: string, options: { force?: boolean } = {}): Promise<void> {
    adopt(ownerId);
    if (polling || store.get().running) {
      if (options.force) rerun = true;
      return;
    }
    polling = true;
    const signal = controller.signal;
    try {
      if (!(await deps.hasPrivateKey())) return;
      const total = await recount(signal);
      if (total === 0) {
        update({ people: [] });
        settled = { total: 0, at: deps.now(), trustVersion };
        return;
      }
      const nothingNew =
        !options.force &&
        settled !== null &&
        settled.total === total &&
        settled.trustVersion === trustVersion &&
        deps.now() - settled.at < FULL_RUN_INTERVAL_MS;
      if (nothingNew) return;
      await run(ownerId);
    } catch {
      // The background never interrupts anyone: the next poll tries again.
    } finally {
      polling = false;
      pollAgainIfAsked(ownerId);
    }
  }

  async function confirmPerson(
    ownerId: string,
    person: WaitingPerson,
    identity: ConfirmedIdentity,
  ): Promise<void> {
    await trustConfirmedKey(ownerId, person.userId, person.publicKey, identity);
    update({ people: store.get().people.filter((other) => personKey(other) !== personKey(person)) });
  }

  function dismissPerson(person: WaitingPerson): void {
    dismissed.add(personKey(person));
    update({ people: visible(store.get().people) });
  }

  function reset(): void {
    controller.abort();
    controller = new AbortController();
    dismissed.clear();
    settled = null;
    rerun = false;
    store.set(IDLE);
  }

  keyTrusted.subscribe(({ ownerId }) => {
    trustVersion += 1;
    // A person was trusted (confirmed here or in the add-user flow): deliver their keys now.
    if (store.get().ownerId === ownerId) void poll(ownerId, { force: true });
  });

  // Entries this browser signed changed who reads (someone admitted, a team linked): look now.
  trustLogMoved.subscribe(() => {
    const ownerId = store.get().ownerId;
    if (ownerId) void poll(ownerId, { force: true });
  });

  return { store, poll, run, confirmPerson, dismissPerson, reset };
}

/** The app's runner. */
export const reshareRunner: ReshareRunner = createReshareRunner({
  reshare: reshareMissingKeys,
  countMissing: countMissingKeys,
  hasPrivateKey: async () => (await loadPrivateKey().catch(() => null)) !== null,
  lock: createRunLock(),
  now: () => Date.now(),
});

sessionCleared.subscribe(() => reshareRunner.reset());
