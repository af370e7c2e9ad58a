import type { SecretListItem } from '@coffer/core';
import { useEffect, useState } from 'react';
import { type ListedHeaderStatus, listedHeaderStatus } from '../../crypto-client/listed-header-status.js';
import { useStore } from '../../lib/create-store.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';
import './secrets.css';

/** The markers of a listed secret whose metadata is not what an author signed. */
export const HEADER_MARKER_TEXT = {
  unverified: {
    label: 'Unverified',
    title:
      'This secret has no signed header yet: its name, type and chest are what the server says. Saving it again signs them.',
  },
  altered: {
    label: 'Altered',
    title:
      'The server changed this secret from what its author signed. It will not be opened; tell an administrator.',
  },
} as const;

/**
 * The header status of a listed secret (listed-header-status.ts), once checked; null while the
 * organisation has no verified log (without one no header can be judged, and no row is marked) or
 * until the check answers.
 */
export function useHeaderStatus(item: SecretListItem): ListedHeaderStatus | null {
  const log = useStore(trustLogStore, (view) => (view.alarm ? null : view.log));
  const [status, setStatus] = useState<ListedHeaderStatus | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!log) return;
    let current = true;
    void listedHeaderStatus(item, log)
      .catch((): ListedHeaderStatus => ({ kind: 'unverified' }))
      .then((checked) => {
        if (current) setStatus(checked);
      });
    return () => {
      current = false;
    };
  }, [item, log]);
  return status;
}

/**
 * A listed secret's name as its author signed it, with a marker when the list cannot vouch for it
 * (docs/web.md, "Signed secret headers"): 'Unverified' for a secret without a signed header, and
 * 'Altered' for one whose header does not hold (the signed name shown when only the metadata was
 * changed).
 */
export function SignedSecretName({ item }: { item: SecretListItem }) {
  const status = useHeaderStatus(item);
  const underLog = useUnderTrustLog();
  const name = status?.kind === 'altered' && status.header ? status.header.name : item.name;
  // data-header says where the check stands ('none' without a log): benchmarks wait on it.
  return (
    <span className="signed-secret-name" data-header={underLog ? (status?.kind ?? 'checking') : 'none'}>
      {name}
      {/* A space of its own: the row's accessible name reads "Router Unverified", not one word. */}
      {status && status.kind !== 'verified' ? (
        <>
          {' '}
          <HeaderMarker kind={status.kind} />
        </>
      ) : null}
    </span>
  );
}

/** The marker itself, its reason in its title. */
export function HeaderMarker({ kind }: { kind: keyof typeof HEADER_MARKER_TEXT }) {
  const { label, title } = HEADER_MARKER_TEXT[kind];
  return (
    <span className={`header-marker header-marker--${kind}`} title={title}>
      {label}
    </span>
  );
}

/** Whether this page holds the organisation's verified log (the markers mean something only then). */
export function useUnderTrustLog(): boolean {
  return useStore(trustLogStore, (view) => view.log !== null && view.alarm === null);
}
