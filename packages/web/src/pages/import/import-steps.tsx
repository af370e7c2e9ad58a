import type { Chest } from '@coffer/core';
import type { ImportPlan } from '../../import/import-plan.js';
import { TOP_LEVEL_NAME } from '../../import/import-plan.js';
import type {
  ChestTarget,
  ImportAnalysis,
  ImportMapping,
  ImportReport,
  MatchDecision,
} from '../../import/import-runner.js';
import { chestNameFor } from '../../import/import-runner.js';
import type { SourceKind } from '../../import/source-item.js';

const count = (value: number) => value.toLocaleString('en-GB');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

const KIND_LABELS: Record<SourceKind, [string, string]> = {
  login: ['login', 'logins'],
  note: ['note', 'notes'],
  card: ['card', 'cards'],
  identity: ['identity', 'identities'],
  other: ['other item', 'other items'],
};

/** How the preview names a container. */
export function containerLabel(key: string): string {
  return key === '' ? TOP_LEVEL_NAME : key;
}

/** The preview: what the file holds, by kind and container, what is skipped, and the problems by reference. */
export function ImportPreview({ plan, limitNotice }: { plan: ImportPlan; limitNotice: string | null }) {
  const kinds = (Object.keys(KIND_LABELS) as SourceKind[]).filter((kind) => plan.kinds[kind] > 0);
  return (
    <div className="import-preview" data-testid="import-preview">
      <h2 className="import__heading">{plural(plan.drafts.length, 'item', 'items')} to import</h2>
      <ul className="import__counts" aria-label="Items by kind">
        {kinds.map((kind) => {
          const [one, many] = KIND_LABELS[kind];
          return <li key={kind}>{plural(plan.kinds[kind], one, many)}</li>;
        })}
      </ul>
      <h3 className="import__subheading">Folders</h3>
      <ul className="import__counts" aria-label="Folders">
        {plan.containers.map((container) => (
          <li key={container.key}>
            {containerLabel(container.key)}: {plural(container.count, 'item', 'items')}
          </li>
        ))}
      </ul>
      {plan.skipped.trashed + plan.skipped.notASecret > 0 ? (
        <>
          <h3 className="import__subheading">Not imported</h3>
          <ul className="import__counts" aria-label="Not imported">
            {plan.skipped.trashed > 0 ? (
              <li>{plural(plan.skipped.trashed, 'item', 'items')} in the trash</li>
            ) : null}
            {plan.skipped.notASecret > 0 ? (
              <li>{plural(plan.skipped.notASecret, 'entry', 'entries')} that are not secrets</li>
            ) : null}
          </ul>
        </>
      ) : null}
      {plan.problems.length > 0 ? (
        <>
          <h3 className="import__subheading">Problems</h3>
          <ul className="import__problems" aria-label="Problems">
            {plan.problems.map((problem) => (
              // A problem names its row or source id only, never a value (import/source-item.ts).
              <li key={`${problem.ref}: ${problem.message}`}>
                {problem.ref}: {problem.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {limitNotice ? (
        <p className="import__limit" role="alert">
          {limitNotice}
        </p>
      ) : null}
    </div>
  );
}

/** Props of the mapping step. */
export interface ImportMappingStepProps {
  plan: ImportPlan;
  chests: readonly Chest[];
  teams: readonly { id: string; label: string }[];
  canCreateChests: boolean;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}

const NEW_CHEST = 'new';

function targetValue(target: ChestTarget | undefined): string {
  if (!target) return '';
  return target.kind === 'new' ? NEW_CHEST : target.chestId;
}

/**
 * Each source container onto a chest: one the user can write, or (administrators) a new chest named
 * after the container; one click maps every container to a new chest linked to the team picked.
 */
export function ImportMappingStep({
  plan,
  chests,
  teams,
  canCreateChests,
  mapping,
  onChange,
}: ImportMappingStepProps) {
  const setTarget = (key: string, value: string, name: string) => {
    const targets = { ...mapping.targets };
    if (value === '') delete targets[key];
    else targets[key] = value === NEW_CHEST ? { kind: 'new', name } : { kind: 'existing', chestId: value };
    onChange({ ...mapping, targets });
  };
  const everyFolderNew = () =>
    onChange({
      ...mapping,
      targets: Object.fromEntries(
        plan.containers.map((container) => [
          container.key,
          { kind: 'new', name: container.name } as ChestTarget,
        ]),
      ),
    });
  return (
    <div className="import-mapping" data-testid="import-mapping">
      <h2 className="import__heading">Choose a chest for each folder</h2>
      {canCreateChests ? (
        <div className="import__team-row">
          <label className="field__label" htmlFor="import-team">
            Team for new chests
          </label>
          <select
            id="import-team"
            className="field__input"
            value={mapping.teamId ?? ''}
            onChange={(event) => onChange({ ...mapping, teamId: event.target.value || null })}
          >
            <option value="">Select a Team</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.label}
              </option>
            ))}
          </select>
          <button type="button" className="button button--secondary button--small" onClick={everyFolderNew}>
            A new chest for every folder
          </button>
        </div>
      ) : null}
      <table className="import__table">
        <thead>
          <tr>
            <th scope="col">Folder</th>
            <th scope="col">Items</th>
            <th scope="col">Chest</th>
          </tr>
        </thead>
        <tbody>
          {plan.containers.map((container) => (
            <tr key={container.key}>
              <td>{containerLabel(container.key)}</td>
              <td>{count(container.count)}</td>
              <td>
                <select
                  className="field__input"
                  aria-label={`Chest for ${containerLabel(container.key)}`}
                  value={targetValue(mapping.targets[container.key])}
                  onChange={(event) => setTarget(container.key, event.target.value, container.name)}
                >
                  <option value="">Select a Chest</option>
                  {canCreateChests ? (
                    <option value={NEW_CHEST}>New chest “{chestNameFor(container.name)}”</option>
                  ) : null}
                  {chests.map((chest) => (
                    <option key={chest.id} value={chest.id}>
                      {chest.name}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Props of the review step. */
export interface ImportReviewProps {
  plan: ImportPlan;
  analysis: ImportAnalysis;
  decisions: ReadonlyMap<number, MatchDecision>;
  onDecide: (draftIndex: number, decision: MatchDecision) => void;
  creating: number;
  limitProblem: string | null;
}

/** Before writing: what is new, what an earlier import already brought (unchanged), and the changed ones to decide. */
export function ImportReview({
  plan,
  analysis,
  decisions,
  onDecide,
  creating,
  limitProblem,
}: ImportReviewProps) {
  const unchanged = analysis.matches.filter((match) => match.identical).length;
  const changed = analysis.matches.filter((match) => !match.identical);
  return (
    <div className="import-review" data-testid="import-review">
      <h2 className="import__heading">Ready to import</h2>
      <ul className="import__counts" aria-label="Summary">
        <li>{plural(creating, 'new secret', 'new secrets')}</li>
        <li>{plural(unchanged, 'item', 'items')} already imported and unchanged (skipped)</li>
        <li>{plural(changed.length, 'item', 'items')} imported before and changed since</li>
        {analysis.unopened > 0 ? (
          <li>
            {plural(analysis.unopened, 'secret', 'secrets')} with the same name could not be opened to compare
          </li>
        ) : null}
      </ul>
      {changed.length > 0 ? (
        <table className="import__table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Secret</th>
              <th scope="col">What to do</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((match) => {
              const draft = plan.drafts[match.draftIndex];
              if (!draft) return null;
              return (
                <tr key={match.draftIndex}>
                  <td>{draft.ref}</td>
                  <td>{draft.name}</td>
                  <td>
                    <select
                      className="field__input"
                      aria-label={`What to do with ${draft.ref}`}
                      value={decisions.get(match.draftIndex) ?? 'skip'}
                      onChange={(event) => onDecide(match.draftIndex, event.target.value as MatchDecision)}
                    >
                      <option value="skip">Skip</option>
                      <option value="update">Update</option>
                      <option value="keep-both">Keep both</option>
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {limitProblem ? (
        <p className="import__limit" role="alert">
          {limitProblem}
        </p>
      ) : null}
    </div>
  );
}

/** The end report: created, updated, skipped (unchanged, by choice) and failed by reference. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-report" data-testid="import-report">
      <h2 className="import__heading">{report.cancelled ? 'Import cancelled' : 'Import finished'}</h2>
      <ul className="import__counts" aria-label="Report">
        <li>Created: {count(report.created)}</li>
        <li>Updated: {count(report.updated)}</li>
        <li>Skipped, unchanged: {count(report.skippedUnchanged)}</li>
        <li>Skipped by choice: {count(report.skippedByChoice)}</li>
        <li>Failed: {count(report.failed.length)}</li>
        {report.chestsCreated > 0 ? <li>New chests: {count(report.chestsCreated)}</li> : null}
        {report.cancelled ? <li>Not imported (cancelled): {count(report.notDone)}</li> : null}
      </ul>
      {report.failed.length > 0 ? (
        <ul className="import__problems" aria-label="Failed items">
          {report.failed.map((failure) => (
            <li key={failure.ref}>
              {failure.ref}: {failure.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
