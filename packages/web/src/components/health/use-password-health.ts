import { HEALTH_OLD_PASSWORD_DEFAULT_DAYS } from '@coffer/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { serverMessageOf } from '../../api/api-error.js';
import { isSecretAccessError } from '../../crypto-client/secret-access-error.js';
import type { HealthDismissal } from './health-dismissals.js';
import { addDismissal, loadDismissals } from './health-dismissals.js';
import type { HealthFinding } from './health-findings.js';
import { findingsOf, riskScore, sortFindings, splitDismissed } from './health-findings.js';
import type { HealthCheckResult, HealthProgress } from './run-health-check.js';
import { runHealthCheck } from './run-health-check.js';

/** Shown when a run fails without a message of the server's. */
export const HEALTH_LOAD_FAILED_MESSAGE = 'The password health check could not finish. Please try again.';

/** The state of the password health section. */
export type PasswordHealthState =
  | { status: 'running'; progress: HealthProgress }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      result: HealthCheckResult;
      open: HealthFinding[];
      dismissed: HealthFinding[];
      atRisk: number;
      ratio: number;
    };

/**
 * Runs the health check when mounted (and again on `recheck()`), loads the user's dismissals beside
 * it, and answers the findings sorted by what to fix first. Decrypted passwords never reach React
 * state: only the records (scores, keyed tags, counts) do.
 */
export function usePasswordHealth(userId: string) {
  const [run, setRun] = useState<
    | { status: 'running'; progress: HealthProgress }
    | { status: 'failed'; message: string }
    | { status: 'done'; result: HealthCheckResult }
  >({ status: 'running', progress: { phase: 'listing' } });
  const [dismissals, setDismissals] = useState<HealthDismissal[]>([]);
  const [oldAfterDays, setOldAfterDays] = useState(HEALTH_OLD_PASSWORD_DEFAULT_DAYS);
  const [round, setRound] = useState(0);
  const dismissalsRef = useRef(dismissals);
  dismissalsRef.current = dismissals;

  // `round` is how recheck() asks for another run.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round restarts the run on purpose
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setRun({ status: 'running', progress: { phase: 'listing' } });
    const loading = loadDismissals(userId, controller.signal).then(setDismissals);
    runHealthCheck(userId, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setRun({ status: 'running', progress });
      },
    })
      .then(async (result) => {
        await loading;
        if (!controller.signal.aborted) setRun({ status: 'done', result });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The crypto client's messages are written to be shown (no private key here, a key changed…).
        const own = isSecretAccessError(error) ? error.message : undefined;
        setRun({ status: 'failed', message: serverMessageOf(error) ?? own ?? HEALTH_LOAD_FAILED_MESSAGE });
      });
    return () => controller.abort();
  }, [userId, round]);

  const state: PasswordHealthState = useMemo(() => {
    if (run.status !== 'done') return run;
    const now = new Date();
    const findings = sortFindings(findingsOf(run.result.checked, { oldAfterDays }, now));
    const { open, dismissed } = splitDismissed(findings, dismissals, now);
    const { atRisk, ratio } = riskScore(open, run.result.checked.length);
    return { status: 'ready', result: run.result, open, dismissed, atRisk, ratio };
  }, [run, dismissals, oldAfterDays]);

  const dismiss = useCallback(
    async (finding: HealthFinding, reason: string, days: number) => {
      const now = new Date();
      const stored = await addDismissal(
        userId,
        dismissalsRef.current,
        {
          secretId: finding.secretId,
          kind: finding.kind,
          reason,
          dismissedAt: now.toISOString(),
          until: new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString(),
        },
        now,
      );
      setDismissals(stored);
    },
    [userId],
  );

  const recheck = useCallback(() => setRound((value) => value + 1), []);
  return { state, dismiss, recheck, oldAfterDays, setOldAfterDays };
}
