// The pages secrets-list measures: for the administrator (every chest, `everything=true`) and for
// a member (the chests their teams reach), the first page, the last page by offset and the same
// last page by cursor (continuing from the page before it, as a client scrolling would); and, as a
// reference, the first page of the organisation with 100 secrets. planSortedPages plans the admin
// list (`everything=true`) in each order its table offers.
import { SECRET_SORT_KEYS } from '@coffer/core';
import { captureResponse } from '../../lib/index.mjs';

const LIMIT = 20;
const LIST = '/api/v1/secrets.json';

/**
 * [{ user, label, path, total, requestHeaders, render, page: { limit, column, direction }, reference? }]
 * for each caller in `tokens` ({ administrator, member, smallAdministrator }), then the first page
 * of the 100-secret organisation as a reference. Checks that both last pages hold the same rows.
 */
export async function planListPages(server, tokens) {
  const pages = [];
  for (const [user, scope] of [
    ['administrator', '&everything=true'],
    ['member', ''],
  ]) {
    const requestHeaders = { authorization: `Bearer ${tokens[user]}` };
    const base = `${LIST}?limit=${LIMIT}${scope}`;
    const first = await readJson(server, base, requestHeaders);
    const lastOffset = Math.max(0, Math.floor((first.total - 1) / LIMIT) * LIMIT);
    const beforeLast = await readJson(
      server,
      `${base}&offset=${Math.max(0, lastOffset - LIMIT)}`,
      requestHeaders,
    );
    if (!beforeLast.next_cursor) throw new Error(`the ${user}'s page before the last has no next_cursor`);
    const entries = [
      ['first', base],
      ['last, by offset', `${base}&offset=${lastOffset}`],
      ['last, by cursor', `${base}&cursor=${beforeLast.next_cursor}`],
    ];
    for (const [label, path] of entries) {
      pages.push({
        user,
        label,
        path,
        total: first.total,
        requestHeaders,
        render: 'secret-list',
        page: { limit: LIMIT, column: 'name', direction: 'asc' },
      });
    }
    await assertSameRows(server, pages.slice(-2), user);
  }
  // The same route where the SQL costs next to nothing: what the server does when data is no object.
  pages.push({
    user: 'administrator, 100 secrets',
    label: 'first (reference)',
    reference: true,
    path: `${LIST}?limit=${LIMIT}&everything=true`,
    total: (await readJson(server, `${LIST}?limit=${LIMIT}&everything=true`, referenceHeaders(tokens))).total,
    requestHeaders: referenceHeaders(tokens),
    render: 'secret-list',
    page: { limit: LIMIT, column: 'name', direction: 'asc' },
  });
  return pages;
}

/** The orders admin-secrets-list measures: every sort key of the secrets list, ascending. */
export const SORTED_KEYS = [...SECRET_SORT_KEYS];

/**
 * The administrator's `everything=true` list in each of SORTED_KEYS: its first page and its last
 * page by cursor (continuing from the page before it), checked to hold the rows the last page by
 * offset holds. Pages as planListPages makes them; `user` names the order.
 */
export async function planSortedPages(server, tokens) {
  const requestHeaders = { authorization: `Bearer ${tokens.administrator}` };
  const pages = [];
  for (const key of SORTED_KEYS) {
    const order = { column: key, direction: 'asc' };
    const base = `${LIST}?limit=${LIMIT}&everything=true&order=${encodeURIComponent(`${key} asc`)}`;
    const first = await readJson(server, base, requestHeaders);
    const lastOffset = Math.max(0, Math.floor((first.total - 1) / LIMIT) * LIMIT);
    const beforeLast = await readJson(
      server,
      `${base}&offset=${Math.max(0, lastOffset - LIMIT)}`,
      requestHeaders,
    );
    if (!beforeLast.next_cursor) throw new Error(`the page before the last by ${key} has no next_cursor`);
    const user = `administrator, ${key} asc`;
    const page = (label, path) => ({
      user,
      label,
      path,
      total: first.total,
      requestHeaders,
      render: 'secret-list',
      page: { limit: LIMIT, ...order },
    });
    const byCursor = page('last, by cursor', `${base}&cursor=${beforeLast.next_cursor}`);
    await assertSameRows(server, [page('last, by offset', `${base}&offset=${lastOffset}`), byCursor], user);
    pages.push(page('first', base), byCursor);
  }
  return pages;
}

function referenceHeaders(tokens) {
  return { authorization: `Bearer ${tokens.smallAdministrator}` };
}

async function readJson(server, path, headers) {
  const answer = await captureResponse(`${server.url}${path}`, headers);
  if (answer.status !== 200) throw new Error(`GET ${path.split('?')[0]} answered ${answer.status}`);
  return JSON.parse(answer.body.toString('utf8'));
}

async function assertSameRows(server, [byOffset, byCursor], user) {
  const a = await readJson(server, byOffset.path, byOffset.requestHeaders);
  const b = await readJson(server, byCursor.path, byCursor.requestHeaders);
  const ids = (answer) => answer.items.map((item) => item.id).join();
  if (a.items.length === 0 || ids(a) !== ids(b) || a.next_cursor !== null || b.next_cursor !== null) {
    throw new Error(`the ${user}'s last page differs between offset and cursor paging`);
  }
}
