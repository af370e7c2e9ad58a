import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DragEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { invalidateSecretLists } from '../../api/secrets-queries.js';
import { teamChoicesQuery } from '../../api/teams-queries.js';
import { chestQueryKeys } from '../../api/vaults-queries.js';
import { useWritableChests } from '../../components/chests/use-writable-chests.js';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { TextField } from '../../components/form-fields/text-field.js';
import { ImportHistory } from '../../components/import/import-history.js';
import { confirmPeople } from '../../components/key-trust/confirm-people-modal.js';
import { ProgressBar } from '../../components/progress/progress-bar.js';
import { computeStrength } from '../../components/secrets/compute-strength.js';
import { FORMAT_CATALOGUE, formatName } from '../../import/format-catalogue.js';
import { ImportError } from '../../import/import-error.js';
import type { ImportPlan } from '../../import/import-plan.js';
import { planImportReleasing } from '../../import/import-plan.js';
import type {
  ImportAnalysis,
  ImportMapping,
  ImportProgress,
  ImportReport,
  ImportServices,
  MatchDecision,
  PlanRoom,
} from '../../import/import-runner.js';
import {
  actionsOf,
  analyseImport,
  mappingProblem,
  newChestCount,
  planLimitProblem,
  runImport,
} from '../../import/import-runner.js';
import { importServices } from '../../import/import-services.js';
import { parseInWorker } from '../../import/parse-in-worker.js';
import { useSession } from '../../session/use-session.js';
import { ImportMappingStep, ImportPreview, ImportReportView, ImportReview } from './import-steps.js';
import './import.css';

type Step =
  | 'choose'
  | 'reading'
  | 'password'
  | 'preview'
  | 'map'
  | 'analysing'
  | 'review'
  | 'running'
  | 'report';

/** Shown when something outside the parsers failed (the server, the crypto client) and gave no text. */
export const IMPORT_FAILED_MESSAGE = 'The import could not go on. Please try again.';

/** The largest file read: the worker holds the whole file and what it parses to in memory at once. */
export const IMPORT_FILE_MAX_BYTES = 200 * 1024 * 1024;
/** Shown before reading a file over IMPORT_FILE_MAX_BYTES. */
export const FILE_TOO_LARGE_MESSAGE =
  'This file is too large to import in a browser tab (over 200 MB). Export the items in smaller parts, for example a folder or vault at a time.';

// FileReader rather than Blob.arrayBuffer(): the same in every browser, and jsdom (the tests) has only it.
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error(IMPORT_FAILED_MESSAGE));
    reader.readAsArrayBuffer(file);
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : IMPORT_FAILED_MESSAGE;
}

/**
 * Import (issue 28): choose or drop another manager's export; it is read in a Web Worker in this
 * browser (the file never reaches the server), its format detected (a select overrides it), its
 * password asked for when it is protected. The preview counts what it holds; each folder is mapped
 * onto a chest; secrets an earlier import made are found and offered skip / update / keep both;
 * the free plan's limits are checked before anything is written; then each item is sealed and saved
 * with a progress bar and Cancel, and a report says what happened.
 */
export function Component() {
  const { profile, isAdministrator } = useSession();
  const queryClient = useQueryClient();
  const writable = useWritableChests();
  const teams = useQuery({ ...teamChoicesQuery(''), enabled: isAdministrator });
  const services: ImportServices | null = useMemo(
    () =>
      profile
        ? importServices({
            userId: profile.id,
            isAdministrator,
            trust: { confirm: confirmPeople },
            strength: (password, name) => computeStrength(password, [name]),
          })
        : null,
    [profile, isAdministrator],
  );

  const [step, setStep] = useState<Step>('choose');
  const [errors, setErrors] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [counts, setCounts] = useState<PlanRoom | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({ targets: {}, teamId: null });
  const [analysis, setAnalysis] = useState<ImportAnalysis | null>(null);
  const [decisions, setDecisions] = useState<Map<number, MatchDecision>>(new Map());
  const [progress, setProgress] = useState<ImportProgress>({ done: 0, total: 0 });
  const [report, setReport] = useState<ImportReport | null>(null);
  const [dragging, setDragging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useRef<AbortController | null>(null);

  const read = async (
    chosen: File,
    options: { format?: string; password?: string; keyFile?: File | null },
  ) => {
    if (!services) return;
    setErrors([]);
    setStep('reading');
    try {
      // The file itself goes to the worker (a Blob is not copied), which reads it there. The drafts are
      // made once the worker has ended: made batch by batch while it still ran, its memory and theirs
      // added up to a higher peak (docs/import.md, "Memory and size"). Each batch of parsed items is
      // dropped once drafted.
      const parsed = await parseInWorker(chosen, {
        ...(options.format ? { format: options.format } : {}),
        ...(options.password ? { password: options.password } : {}),
        ...(options.keyFile ? { keyFile: await readBytes(options.keyFile) } : {}),
      });
      const built = await planImportReleasing(parsed);
      setCounts(await services.planCounts());
      setPlan(built);
      setFormat(built.format);
      setMapping({ targets: {}, teamId: mapping.teamId });
      setPasswordError(null);
      setStep('preview');
    } catch (error) {
      if (
        error instanceof ImportError &&
        (error.kind === 'needs-password' || error.kind === 'wrong-password')
      ) {
        // A wrong password says so and reads nothing; the step stays for another try.
        setPasswordError(error.kind === 'wrong-password' ? error.message : null);
        setStep('password');
        return;
      }
      setErrors([messageOf(error)]);
      setStep('choose');
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size > IMPORT_FILE_MAX_BYTES) {
      setErrors([FILE_TOO_LARGE_MESSAGE]);
      return;
    }
    setFile(chosen);
    setPassword('');
    setKeyFile(null);
    setPlan(null);
    void read(chosen, {});
  };

  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const analyse = async () => {
    if (!plan || !services) return;
    const problem = mappingProblem(plan, mapping);
    if (problem) {
      setErrors([problem]);
      return;
    }
    setErrors([]);
    setStep('analysing');
    try {
      setAnalysis(await analyseImport(plan, mapping, services));
      setDecisions(new Map());
      setStep('review');
    } catch (error) {
      setErrors([messageOf(error)]);
      setStep('map');
    }
  };

  const start = async () => {
    if (!plan || !analysis || !services) return;
    const controller = new AbortController();
    cancel.current = controller;
    setCancelling(false);
    setErrors([]);
    setProgress({ done: 0, total: plan.drafts.length });
    setStep('running');
    try {
      const done = await runImport(plan, mapping, analysis, decisions, services, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      setReport(done);
      setStep('report');
    } catch (error) {
      setErrors([messageOf(error)]);
      setStep('review');
    } finally {
      cancel.current = null;
      void invalidateSecretLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: chestQueryKeys.all });
    }
  };

  const restart = () => {
    setStep('choose');
    setFile(null);
    setPlan(null);
    setAnalysis(null);
    setReport(null);
    setErrors([]);
  };

  const creating =
    plan && analysis ? actionsOf(plan, analysis, decisions).filter((a) => a === 'create').length : 0;
  const limitProblem =
    plan && analysis ? planLimitProblem(counts, creating, newChestCount(plan, mapping)) : null;
  const previewLimit = plan ? planLimitProblem(counts, plan.drafts.length, 0) : null;
  const detectedName = formatName(format);

  return (
    <div className="import-screen">
      <h1 className="import__title">Import</h1>
      <p className="import__intro">
        Bring secrets over from another password manager. The file is read and encrypted in this browser; it
        never leaves it.
      </p>
      <ErrorBanner errors={errors} />

      {step === 'choose' || step === 'reading' ? (
        <fieldset
          className={dragging ? 'import__drop import__drop--active' : 'import__drop'}
          data-testid="import-drop"
          aria-label="Choose or drop the export file"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label className="field__label" htmlFor="import-file">
            Export file
          </label>
          <input
            id="import-file"
            type="file"
            disabled={step === 'reading'}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p className="import__hint">or drop the file here</p>
          {step === 'reading' ? <p role="status">Reading the file…</p> : null}
        </fieldset>
      ) : null}

      {step === 'password' && file ? (
        <form
          className="import__password"
          onSubmit={(event) => {
            event.preventDefault();
            void read(file, { format, password, keyFile });
          }}
        >
          <p>{file.name} is protected. Enter the password it was exported with.</p>
          <TextField
            label="File password"
            type="password"
            autoComplete="off"
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              setPasswordError(null);
            }}
            invalid={passwordError !== null}
            error={passwordError}
          />
          <div className="field">
            <label className="field__label" htmlFor="import-key-file">
              Key file (KeePass, optional)
            </label>
            <input
              id="import-key-file"
              type="file"
              onChange={(event) => setKeyFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <div className="import__actions">
            <button type="button" className="button button--secondary" onClick={restart}>
              Back
            </button>
            <button type="submit" className="button button--primary">
              Open file
            </button>
          </div>
        </form>
      ) : null}

      {step === 'preview' && plan && file ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor="import-format">
              Format
            </label>
            <select
              id="import-format"
              className="field__input"
              value={format}
              onChange={(event) => {
                setFormat(event.target.value);
                void read(file, { format: event.target.value, password, keyFile });
              }}
            >
              {FORMAT_CATALOGUE.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            <p className="import__hint">Detected from the file: {detectedName}</p>
          </div>
          <ImportPreview plan={plan} limitNotice={previewLimit} />
          <div className="import__actions">
            <button type="button" className="button button--secondary" onClick={restart}>
              Choose another file
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={plan.drafts.length === 0}
              onClick={() => setStep('map')}
            >
              Choose chests
            </button>
          </div>
        </>
      ) : null}

      {(step === 'map' || step === 'analysing') && plan ? (
        <>
          <ImportMappingStep
            plan={plan}
            chests={writable.chests}
            teams={teams.data ?? []}
            canCreateChests={isAdministrator}
            mapping={mapping}
            onChange={setMapping}
          />
          <div className="import__actions">
            <button type="button" className="button button--secondary" onClick={() => setStep('preview')}>
              Back
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={step === 'analysing'}
              onClick={() => void analyse()}
            >
              {step === 'analysing' ? 'Looking for earlier imports…' : 'Continue'}
            </button>
          </div>
        </>
      ) : null}

      {step === 'review' && plan && analysis ? (
        <>
          <ImportReview
            plan={plan}
            analysis={analysis}
            decisions={decisions}
            onDecide={(index, decision) => setDecisions(new Map(decisions).set(index, decision))}
            creating={creating}
            limitProblem={limitProblem}
          />
          <div className="import__actions">
            <button type="button" className="button button--secondary" onClick={() => setStep('map')}>
              Back
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={limitProblem !== null}
              onClick={() => void start()}
            >
              Import
            </button>
          </div>
        </>
      ) : null}

      {step === 'running' ? (
        <div className="import__running">
          <ProgressBar
            label="Importing items"
            done={progress.done}
            total={progress.total}
            text={`${progress.done.toLocaleString('en-GB')} of ${progress.total.toLocaleString('en-GB')} items`}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={cancelling}
            onClick={() => {
              // The item being saved finishes; nothing after it starts (runImport).
              setCancelling(true);
              cancel.current?.abort();
            }}
          >
            {cancelling ? 'Stopping after this item…' : 'Cancel'}
          </button>
        </div>
      ) : null}

      {step === 'report' && report ? (
        <>
          <ImportReportView report={report} />
          <div className="import__actions">
            <button type="button" className="button button--primary" onClick={restart}>
              Import another file
            </button>
          </div>
        </>
      ) : null}

      {step === 'choose' || step === 'report' ? <ImportHistory formatName={formatName} /> : null}
    </div>
  );
}
