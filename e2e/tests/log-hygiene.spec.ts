import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiCall } from '../support/api-session.js';
import { readSensitive, recordSensitive } from '../support/sensitive-values.js';
import { isOutboxLinkLine, readMailedTokens, readServerLogLines } from '../support/server-log.js';

// The server log's hygiene over everything the journeys sent. This file is its own Playwright project
// ('log-hygiene', playwright.config.ts) that depends on the 'journeys' project, so it starts only after
// every journey in every worker has finished and recorded its values (as files in e2e/.data/sensitive).

test('log hygiene: no password, auth hash, session token, private key or one-time token reached the server log', async ({
  request,
}) => {
  // Traffic that is most tempting to log: a refused token in a URL, a refused bearer token.
  const bogusConfirmation = randomBytes(16).toString('hex');
  const bogusToken = randomBytes(24).toString('base64url');
  const bogusEmailChange = randomBytes(24).toString('base64url');
  await recordSensitive(
    { kind: 'session token', value: bogusToken },
    { kind: 'session token', value: bogusConfirmation },
    { kind: 'session token', value: bogusEmailChange },
  );
  expect(
    (await request.get(`/users/confirmation.json?confirmation_token=${bogusConfirmation}`)).status(),
  ).toBe(400);
  expect(
    (
      await request.post('/users/email_change/confirmation.json', {
        data: { email_change_token: bogusEmailChange },
      })
    ).status(),
  ).toBe(400);
  expect((await apiCall({ request, token: bogusToken }, 'GET', '/api/v1/profile.json')).status).toBe(401);

  const values = await readSensitive();
  for (const kind of ['password', 'auth hash', 'session token', 'encrypted private key', 'recovery code']) {
    expect(
      values.some((entry) => entry.kind === kind),
      `some ${kind} was recorded`,
    ).toBe(true);
  }
  const lines = await readServerLogLines();
  const leaked = values.filter((entry) => lines.some((line) => line.includes(entry.value)));
  expect(
    leaked.map((entry) => entry.kind),
    'kinds of value found in the server log',
  ).toEqual([]);

  // One-time tokens: only the outbox mode's own link lines may carry them.
  const others = lines.filter((line) => !isOutboxLinkLine(line));
  expect(
    others.filter((line) => /(confirmation|invitation|email_change)_token=[^&\s"\\]+/.test(line)),
  ).toEqual([]);
  const mailedTokens = await readMailedTokens();
  expect(mailedTokens.length).toBeGreaterThan(0);
  for (const token of mailedTokens) {
    expect(others.some((line) => line.includes(token))).toBe(false);
  }
});
