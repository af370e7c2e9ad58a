// How a SQL ceiling turns the rows of the captured statements into the real server's answer body,
// byte for byte (checked against the real answer before any load). One function per route kind.

/**
 * GET /api/v1/secrets: the list statement's rows (limit + 1 asked) and the count statement's
 * number, as the server's presenter and splitPage make them. `route.page` = { limit, column, direction }:
 * the order's key, which is also the column the cursor carries the stored value of.
 * Without a count statement (the server reused a cached total) the route's `knownTotal` stands in.
 */
export function renderSecretList(results, route) {
  const list = results.find((result) => isSecretListStatement(result.sql));
  const count = results.find((result) => isCountStatement(result.sql));
  const total = count ? Number(Object.values(count.rows[0] ?? {})[0]) : route.knownTotal;
  if (!list || typeof total !== 'number') {
    throw new Error('secret-list: the captured statements have no list, or no count and no known total');
  }
  const { limit, column, direction } = route.page;
  const rows = list.rows.slice(0, limit);
  const last = rows[rows.length - 1];
  const nextCursor =
    list.rows.length > limit && last
      ? Buffer.from(JSON.stringify([column, direction, last[column], last.id]), 'utf8').toString('base64url')
      : null;
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    category: row.category,
    strength: row.strength > 0 ? row.strength : null,
    form_fill: row.form_fill === true || row.form_fill === 1,
    hidden: row.hidden === true || row.hidden === 1,
    vault_id: row.vault_id,
    vault_name: row.vault_name,
    marked_for_deletion: row.deleted_at !== null,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Stored as the canonical JSON the browser signed (issue 30), answered parsed, as the presenter does.
    signed_header: row.signed_header == null ? null : JSON.parse(row.signed_header),
  }));
  return JSON.stringify({
    items,
    total,
    next_cursor: nextCursor,
  });
}

/** Whether a captured statement is the secrets list query (metadata columns, limit). */
export function isSecretListStatement(sql) {
  return /^select "secrets"\."id"/.test(sql) && / limit /.test(sql);
}

/** Whether a captured statement is a count(*). */
export function isCountStatement(sql) {
  return /^select count\(\*\)/.test(sql);
}

/** Renderers by the name a ceiling route gives. */
export const RENDERERS = { 'secret-list': renderSecretList };
