import { randomUUID } from 'node:crypto';
import type { SignedTrustEntry, TrustChange } from '@coffer/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '../../db/to-bool.js';
import { TRUST_ENTRIES_MISMATCH_MESSAGE } from '../../services/trust-log/trust-entries-guard.js';
import { callApi } from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildMembership,
  buildSession,
  buildTeam,
  buildUser,
  TEST_AUTH_HASH,
} from '../../test/factories.js';
import { provePassword } from '../../test/step-up.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import {
  admitChange,
  nextPlaceOf,
  organisationRows,
  projectionsOf,
  signRun,
  snapshotOfRows,
} from '../../test/trust-log-client.js';
import { makeTrustSigner, type TrustSigner } from '../../test/trust-log-signers.js';

// Issue 30's property: whatever sequence of membership calls an organisation goes through, each with
// the entries that describe it, replaying its log from genesis reproduces its permission rows
// exactly (core's trustProjection of the fold equals the rows' projection). Seeded random sequences,
// a fresh organisation per seed; a call sent first without its entries is refused and changes
// nothing. The seed drives every choice, but rows get random ids, so a run's path differs from one
// run to the next: a failure names its seed, step and call.

const SEEDS = [11, 12, 13];
const STEPS = 14;
const PEOPLE = 5;

let context: TestContext;
// Key pairs shared by every organisation of the file (RSA-3072 generation is slow): one per person.
let keys: TrustSigner[];

beforeAll(async () => {
  context = await createTestContext();
  keys = await Promise.all(
    Array.from({ length: PEOPLE + 1 }, () => makeTrustSigner(context.db, randomUUID())),
  );
}, 120_000);

afterAll(async () => {
  await context?.close();
});

/** Mulberry32: a small seeded generator, so that a failure is replayed by its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Organisation {
  id: string;
  owner: TrustSigner;
  token: string;
  people: TrustSigner[];
  teams: string[];
  chests: string[];
}

/** An owner, PEOPLE colleagues (the first an administrator), three teams and two chests, all in the log. */
async function startOrganisation(random: () => number): Promise<Organisation> {
  const { db } = context;
  const ownerRow = await buildUser(db, {
    administrator: true,
    public_key: (keys[0] as TrustSigner).publicKey,
  });
  const org = ownerRow.organisation_id;
  const rows = [];
  for (let index = 1; index <= PEOPLE; index += 1) {
    const key = keys[index] as TrustSigner;
    rows.push(
      await buildUser(db, { organisation_id: org, administrator: index === 1, public_key: key.publicKey }),
    );
  }
  const people = rows.map((row, index) => ({ ...(keys[index + 1] as TrustSigner), id: row.id }));
  const teams = [await buildTeam(db, org), await buildTeam(db, org), await buildTeam(db, org)].map(
    (team) => team.id,
  );
  const chests = [await buildChest(db, org), await buildChest(db, org)].map((chest) => chest.id);
  for (const row of rows) {
    for (const team of teams) if (random() < 0.4) await buildMembership(db, row, team, random() < 0.5);
  }
  for (const chest of chests) {
    await buildAssignment(db, org, chest, teams[0] as string, random() < 0.5);
    if (random() < 0.5) await buildAssignment(db, org, chest, teams[1] as string, random() < 0.5);
  }
  const owner = { ...(keys[0] as TrustSigner), id: ownerRow.id };
  const token = await buildSession(db, ownerRow);
  await provePassword(context.app, token, TEST_AUTH_HASH);
  const admitted = new Set([owner.id, ...people.map((person) => person.id)]);
  const genesis: TrustChange = {
    op: 'genesis',
    body: { name: 'Organisation', email: 'owner@example.test', public_key: owner.publicKey },
  };
  const entries = await signRun(owner, { org, seq: 0, prev: null }, [
    genesis,
    ...people.map((person, index) => admitChange(person, index === 0)),
    await snapshotOfRows(db, org, admitted),
  ]);
  const started = await callApi(context.app, token, 'POST', '/api/v1/trust_log.json', { entries });
  if (started.statusCode !== 201) throw new Error(`genesis batch: ${started.body}`);
  return { id: org, owner, token, people, teams, chests };
}

/** One membership call: how to send it with given entries, and the changes that describe it. */
interface Step {
  name: string;
  send: (entries?: SignedTrustEntry[]) => Promise<LightMyRequestResponse>;
  changes: TrustChange[];
}

async function rowsOf(org: string) {
  const { db } = context;
  const [users, memberships, assignments, managers, teams] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'administrator'])
      .where('organisation_id', '=', org)
      .orderBy('id')
      .execute(),
    db.selectFrom('memberships').selectAll().where('organisation_id', '=', org).orderBy('id').execute(),
    db.selectFrom('assignments').selectAll().where('organisation_id', '=', org).orderBy('id').execute(),
    db.selectFrom('vault_managers').selectAll().where('organisation_id', '=', org).orderBy('id').execute(),
    db.selectFrom('teams').select('id').where('organisation_id', '=', org).orderBy('id').execute(),
  ]);
  return { users, memberships, assignments, managers, teams: teams.map((team) => team.id) };
}

/** A random membership call the organisation's rows allow, or null when this pick allows none. */
async function randomStep(o: Organisation, random: () => number): Promise<Step | null> {
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const rows = await rowsOf(o.id);
  const call =
    (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: object) =>
    (entries?: SignedTrustEntry[]) =>
      callApi(context.app, o.token, method, url, entries ? { ...body, trust_entries: entries } : body);
  const person = pick(o.people) as TrustSigner;
  const admin = toBool(rows.users.find((user) => user.id === person.id)?.administrator);
  const team = pick(rows.teams);
  const chest = pick(o.chests) as string;
  const edit = random() < 0.5;
  switch (Math.floor(random() * 8)) {
    case 0: {
      if (!team) return null;
      const membership = rows.memberships.find((row) => row.team_id === team && row.user_id === person.id);
      const attribute = membership
        ? { id: membership.id, edit_access: edit }
        : { user_id: person.id, edit_access: edit };
      return {
        name: 'team member joins or changes access',
        send: call('PATCH', `/api/v1/teams/${team}.json`, { team: { memberships_attributes: [attribute] } }),
        // The same access again changes nobody's reading: no entry.
        changes:
          membership && toBool(membership.edit_access) === edit
            ? []
            : [{ op: 'team_member', body: { team, user: person.id, edit, present: true } }],
      };
    }
    case 1: {
      const membership = pick(rows.memberships);
      if (!membership) return null;
      return {
        name: 'team member leaves',
        send: call('PATCH', `/api/v1/teams/${membership.team_id}.json`, {
          team: { memberships_attributes: [{ id: membership.id, _destroy: true }] },
        }),
        changes: [
          {
            op: 'team_member',
            body: { team: membership.team_id, user: membership.user_id, edit: false, present: false },
          },
        ],
      };
    }
    case 2: {
      if (!team) return null;
      const own = rows.assignments.filter((row) => row.vault_id === chest);
      const assignment = own.find((row) => row.team_id === team);
      if (assignment && own.length > 1 && random() < 0.5) {
        return {
          name: 'chest loses a team',
          send: call('PATCH', `/api/v1/vaults/${chest}.json`, {
            vault: { assignments_attributes: [{ id: assignment.id, _destroy: true }] },
          }),
          changes: [
            { op: 'chest_team', body: { chest, team, edit: toBool(assignment.edit_access), present: false } },
          ],
        };
      }
      const attribute = assignment
        ? { id: assignment.id, edit_access: edit }
        : { team_id: team, edit_access: edit };
      return {
        name: 'chest gains a team or changes its access',
        send: call('PATCH', `/api/v1/vaults/${chest}.json`, {
          vault: { assignments_attributes: [attribute] },
        }),
        // The same access again changes nobody's reading: no entry.
        changes:
          assignment && toBool(assignment.edit_access) === edit
            ? []
            : [{ op: 'chest_team', body: { chest, team, edit, present: true } }],
      };
    }
    case 3: {
      const managing = rows.managers.some((row) => row.vault_id === chest && row.user_id === person.id);
      if (managing) {
        return {
          name: 'manager demoted',
          send: call('POST', `/api/v1/vaults/${chest}/demote.json`, { user_id: person.id }),
          changes: [{ op: 'chest_manager', body: { chest, user: person.id, present: false } }],
        };
      }
      const chestTeams = new Set(
        rows.assignments.filter((row) => row.vault_id === chest).map((row) => row.team_id),
      );
      const inTeams = rows.memberships.some(
        (row) => row.user_id === person.id && chestTeams.has(row.team_id),
      );
      if (admin || !inTeams) return null;
      return {
        name: 'member promoted to manager',
        send: call('POST', `/api/v1/vaults/${chest}/promote.json`, { user_id: person.id }),
        changes: [{ op: 'chest_manager', body: { chest, user: person.id, present: true } }],
      };
    }
    case 4: {
      // Administrators reach every chest: the server drops their manager rows, and the entries say so.
      const dropped = admin
        ? []
        : rows.managers
            .filter((row) => row.user_id === person.id)
            .map(
              (row): TrustChange => ({
                op: 'chest_manager',
                body: { chest: row.vault_id, user: person.id, present: false },
              }),
            );
      return {
        name: admin ? 'administrator flag removed' : 'administrator flag given',
        send: call('PUT', `/api/v1/users/${person.id}.json`, { user: { administrator: !admin } }),
        changes: [{ op: 'role', body: { user: person.id, admin: !admin } }, ...dropped],
      };
    }
    case 5: {
      const id = randomUUID();
      const members = o.people.filter(() => random() < 0.4);
      return {
        name: 'team created with members',
        send: call('POST', '/api/v1/teams.json', {
          team: {
            id,
            name: `Team ${id.slice(0, 8)}`,
            memberships_attributes: members.map((member) => ({ user_id: member.id, edit_access: edit })),
          },
        }),
        changes: members.map(
          (member): TrustChange => ({
            op: 'team_member',
            body: { team: id, user: member.id, edit, present: true },
          }),
        ),
      };
    }
    case 6: {
      if (!team) return null;
      return {
        name: 'team deleted',
        send: call('DELETE', `/api/v1/teams/${team}.json`, {}),
        // A team without members or chests decides nobody's reading: its deletion needs no entry.
        changes:
          rows.memberships.some((row) => row.team_id === team) ||
          rows.assignments.some((row) => row.team_id === team)
            ? [{ op: 'team_delete', body: { team } }]
            : [],
      };
    }
    default: {
      if (!team) return null;
      return {
        name: 'team renamed (no entries)',
        send: call('PATCH', `/api/v1/teams/${team}.json`, {
          team: { name: `Renamed ${randomUUID().slice(0, 8)}` },
        }),
        changes: [],
      };
    }
  }
}

describe('replaying the log reproduces the permission rows', () => {
  it.each(SEEDS)(
    'after random membership calls with their entries (seed %i)',
    async (seed) => {
      const random = seededRandom(seed);
      const o = await startOrganisation(random);
      let done = 0;
      for (let attempt = 0; done < STEPS && attempt < STEPS * 4; attempt += 1) {
        const step = await randomStep(o, random);
        if (!step) continue;
        const label = `seed ${seed}, step ${done}: ${step.name}`;
        if (step.changes.length > 0 && random() < 0.3) {
          const before = await organisationRows(context.db, o.id);
          const refused = await step.send();
          expect(refused.statusCode, `${label}: ${refused.body}`).toBe(422);
          expect(refused.json(), `${label}: ${refused.body}`).toEqual({
            errors: [TRUST_ENTRIES_MISMATCH_MESSAGE],
          });
          expect(await organisationRows(context.db, o.id), label).toBe(before);
        }
        const entries = await signRun(o.owner, await nextPlaceOf(context.app, o.token, o.id), step.changes);
        const response = await step.send(entries.length > 0 ? entries : undefined);
        expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(300);
        done += 1;
      }
      expect(done).toBe(STEPS);
      const { log, rows } = await projectionsOf(context.app, context.db, o.token, o.id);
      expect(log, `seed ${seed}`).toBe(rows);
    },
    60_000,
  );
});
