// The calls of its own reshare-at-scale makes, through the real API as the admin area makes them: a
// team change that adds a member and the missing-key count (adding and removing the user are
// bench/lib/coffer-api.mjs). Each answers its status and how long it took.
import { callJson } from '../../lib/index.mjs';

/** The missing-key list as the background reshare asks for it (a page of 500). */
export const RESHARE_PATH = '/api/v1/secret_keys/reshare_all.json';
/** The list other users keep asking for during a team change: the member's first page. */
export const PROBE_PATH = '/api/v1/secrets.json?limit=20';

/** GET reshare_all.json?limit=1: how many keys are missing among the caller's secrets (total). */
export const COUNT_PATH = '/api/v1/secret_keys/reshare_all.json?limit=1';

/** PUT /api/v1/teams/:id.json adding `userId` (read access), as a team's page saves it: { status, ms }. */
export async function joinTeam(server, headers, teamId, userId) {
  const { status, ms } = await callJson(server, headers, 'PUT', `/api/v1/teams/${teamId}.json`, {
    team: { memberships_attributes: [{ user_id: userId, edit_access: false }] },
  });
  return { status, ms };
}

/** The missing-key count the administrator's background reshare starts from: { total, ms }. */
export async function countMissing(server, headers) {
  const answer = await callJson(server, headers, 'GET', COUNT_PATH);
  if (answer.status !== 200) throw new Error(`GET ${COUNT_PATH} answered ${answer.status}`);
  return { total: answer.body.total, ms: answer.ms };
}
