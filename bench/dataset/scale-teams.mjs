// reshare-at-scale's teams (dataset-plan.mjs, SCALE_TEAMS): where new users land (no chest), the
// team whose chests hold about GRANT_SHARE of the secrets (joining it grants them all), and a team
// with no chest (the reference change). Neither of the last two has members, so they add no key.
import { GRANT_SHARE, GRANT_TOLERANCE, SCALE_TEAMS } from './dataset-plan.mjs';

/**
 * The teams' rows and their assignments, and for the manifest { starters, grant, empty }: each
 * { id, name }, the grant team also { chests, secrets }: how many (secret, newcomer) pairs joining
 * it makes missing (its chests' secrets that are not hidden, marked for deletion or not, as the
 * server's reader rules count them).
 */
export function addScaleTeams({ random, organisationId, created, chests, secrets, plan }) {
  const team = (name, defaultForNewUsers) => ({
    id: random.uuid(),
    organisation_id: organisationId,
    name,
    default_for_new_users: defaultForNewUsers,
    created_at: created,
    updated_at: created,
  });
  const starters = team(SCALE_TEAMS.starters, true);
  const grant = team(SCALE_TEAMS.grant, false);
  const empty = team(SCALE_TEAMS.empty, false);
  const visibleByChest = new Map(chests.map((chest) => [chest.id, 0]));
  for (const secret of secrets) {
    if (!secret.hidden) visibleByChest.set(secret.vault_id, visibleByChest.get(secret.vault_id) + 1);
  }
  const target = Math.round(GRANT_SHARE * plan.secrets);
  const chosen = pickChests(
    chests.map((chest) => ({ id: chest.id, size: visibleByChest.get(chest.id) })),
    target,
    GRANT_TOLERANCE,
  );
  const assignments = chosen.ids.map((vaultId) => ({
    id: random.uuid(),
    organisation_id: organisationId,
    vault_id: vaultId,
    team_id: grant.id,
    edit_access: false,
    created_at: created,
    updated_at: created,
  }));
  return {
    teams: [starters, grant, empty],
    assignments,
    manifest: {
      starters: { id: starters.id, name: starters.name },
      grant: { id: grant.id, name: grant.name, chests: chosen.ids.length, secrets: chosen.total },
      empty: { id: empty.id, name: empty.name },
    },
  };
}

/**
 * Chests ({ id, size }) whose sizes add up closest to `target` (a subset sum over the sums up to the
 * tolerance above it; the first way found, largest chests first). Returns { ids, total }; throws
 * when the closest is outside the tolerance (the plan would no longer be what the benchmark claims).
 */
export function pickChests(chests, target, tolerance) {
  const upper = Math.floor(target * (1 + tolerance));
  // Every sum reached so far, with the chest that first reached it and the sum it came from.
  const reached = new Map([[0, null]]);
  for (const chest of [...chests].sort((a, b) => b.size - a.size || (a.id < b.id ? -1 : 1))) {
    if (chest.size === 0) continue;
    for (const sum of [...reached.keys()]) {
      const next = sum + chest.size;
      if (next <= upper && !reached.has(next)) reached.set(next, { chest, from: sum });
    }
  }
  let total = 0;
  for (const sum of reached.keys()) {
    const closer = Math.abs(sum - target) - Math.abs(total - target);
    if (closer < 0 || (closer === 0 && sum < total)) total = sum;
  }
  if (Math.abs(total - target) > target * tolerance) {
    throw new Error(`no chests add up to ${target} secrets ± ${tolerance * 100} % (best ${total})`);
  }
  const ids = [];
  for (let sum = total; sum > 0; sum = reached.get(sum).from) ids.unshift(reached.get(sum).chest.id);
  return { ids, total };
}
