import type { SecretListItem, TrustState } from '@coffer/core';
import {
  foldTrustLog,
  generateSecretKey,
  headerSigner,
  newSecretId,
  sealSecret,
  signRevisionHeader,
} from '@coffer/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../../../../core/src/trust-log/testing/trust-log-builder.js';
import { verifiedLog } from '../../test/verified-log.js';
import { resetTrustLogView, trustLogStore } from '../../trust-log/trust-log-store.js';
import { HEADER_MARKER_TEXT, SignedSecretName } from './signed-secret-name.js';

// What a list shows of a secret's name once the organisation has a verified log: the signed name
// with no marker, 'Unverified' for a secret without a header, 'Altered' (and the signed name) for one
// the server changed.

const CHEST = testId('chest', 1);
let owner: TestSigner;
let state: TrustState;
let signed: SecretListItem;

beforeAll(async () => {
  owner = await freshSigner(testId('user', 1));
  const log = new TrustLogBuilder(testId('org', 1));
  await log.start(owner);
  state = await foldTrustLog(log.entries);
  const id = newSecretId();
  const secretKey = generateSecretKey();
  const sealed = await sealSecret({ secretId: id, revision: 1, payload: { password: 'p' }, secretKey });
  const metadata = {
    id,
    vault_id: CHEST,
    hidden: false,
    name: 'Router',
    category: 'password' as const,
    strength: 3,
    form_fill: false,
  };
  const header = await signRevisionHeader(
    headerSigner(state, owner.id, owner.signingKey),
    { ...metadata, revision: 1, ...sealed },
    secretKey,
  );
  const now = new Date().toISOString();
  signed = { ...metadata, created_at: now, updated_at: now, signed_header: header };
}, 30_000);

afterEach(resetTrustLogView);

function withLog() {
  trustLogStore.set((view) => ({ ...view, synced: true, log: verifiedLog(state) }));
}

async function shown(item: SecretListItem) {
  render(
    <p data-testid="name">
      <SignedSecretName item={item} />
    </p>,
  );
  // The check is asynchronous: let it answer.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return screen.getByTestId('name');
}

describe('SignedSecretName', () => {
  it('shows a secret whose header holds with no marker', async () => {
    withLog();
    expect((await shown(signed)).textContent).toBe('Router');
  });

  it('marks a secret without a header as unverified, with why', async () => {
    withLog();
    const name = await shown({ ...signed, signed_header: null });
    expect(name.textContent).toBe(`Router ${HEADER_MARKER_TEXT.unverified.label}`);
    expect(screen.getByTitle(HEADER_MARKER_TEXT.unverified.title)).toBeTruthy();
  });

  it('shows the signed name of a renamed secret, marked altered', async () => {
    withLog();
    const name = await shown({ ...signed, name: 'Payroll' });
    expect(name.textContent).toBe(`Router ${HEADER_MARKER_TEXT.altered.label}`);
  });

  it('marks a secret the server unhid as altered', async () => {
    withLog();
    const name = await shown({ ...signed, hidden: true });
    expect(name.textContent).toContain(HEADER_MARKER_TEXT.altered.label);
  });

  it('marks nothing while the organisation has no verified log', async () => {
    expect((await shown({ ...signed, signed_header: null, name: 'Payroll' })).textContent).toBe('Payroll');
  });
});
