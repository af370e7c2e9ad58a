import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/schema.js';
import type { User } from '../repositories/user-repository.js';
import {
  buildAssignment,
  buildChest,
  buildManager,
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
  fakeSealedPayload,
  fakeWrappedKey,
} from './factories.js';
import { createTestContext, type TestContext } from './test-app.js';

/** The roles of the permission model, as the role-matrix tests name them. */
export type ScenarioRole =
  | 'owner'
  | 'administrator'
  | 'manager'
  | 'writer'
  | 'reader'
  | 'outsider'
  | 'stranger';

/** Every role of the permission model once. */
export const SCENARIO_ROLES: readonly ScenarioRole[] = [
  'owner',
  'administrator',
  'manager',
  'writer',
  'reader',
  'outsider',
  'stranger',
];

/** One organisation with a user per role, two chests, two teams and a secret everyone who may read holds a key of. */
export interface ChestScenario {
  users: Record<ScenarioRole, User>;
  tokens: Record<ScenarioRole, string>;
  /** Write team (writer with edit access) and read team (reader, manager). */
  writeTeam: { id: string; name: string };
  readTeam: { id: string; name: string };
  /** Linked to both teams (write team: Write, read team: Read); the manager manages it. */
  chest: { id: string; name: string };
  /** Linked to the write team only. */
  otherChest: { id: string; name: string };
  secret: { id: string; name: string };
  /** Users who read `chest`'s visible secrets. */
  readerIds: string[];
}

/**
 * Builds the scenario. The stranger is an administrator of another organisation, to show that
 * even an administrator elsewhere sees nothing here.
 */
export async function buildChestScenario(db: Kysely<Database>): Promise<ChestScenario> {
  const owner = await buildUser(db, { administrator: true });
  const organisationId = owner.organisation_id;
  const inOrganisation = { organisation_id: organisationId };
  const administrator = await buildUser(db, { ...inOrganisation, administrator: true });
  const manager = await buildUser(db, inOrganisation);
  const writer = await buildUser(db, inOrganisation);
  const reader = await buildUser(db, inOrganisation);
  const outsider = await buildUser(db, inOrganisation);
  const stranger = await buildUser(db, { administrator: true });

  const writeTeam = await buildTeam(db, organisationId);
  const readTeam = await buildTeam(db, organisationId);
  await buildMembership(db, writer, writeTeam.id, true);
  await buildMembership(db, reader, readTeam.id, true);
  await buildMembership(db, manager, readTeam.id, false);
  const chest = await buildChest(db, organisationId);
  const otherChest = await buildChest(db, organisationId);
  await buildAssignment(db, organisationId, chest.id, writeTeam.id, true);
  await buildAssignment(db, organisationId, chest.id, readTeam.id, false);
  await buildAssignment(db, organisationId, otherChest.id, writeTeam.id, true);
  await buildManager(db, manager, chest.id);

  const readerIds = [owner.id, administrator.id, manager.id, writer.id, reader.id];
  const secret = await buildSecret(db, writer, chest.id, { readerIds });
  const users = { owner, administrator, manager, writer, reader, outsider, stranger };
  const tokens = {} as Record<ScenarioRole, string>;
  for (const role of SCENARIO_ROLES) tokens[role] = await buildSession(db, users[role]);
  return { users, tokens, writeTeam, readTeam, chest, otherChest, secret, readerIds };
}

/** Sends one authenticated JSON request. */
export function callApi(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** Sends one JSON request as one of the scenario's roles. */
export function callAsRole(
  setup: ChestScenarioSetup,
  role: ScenarioRole,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return callApi(setup.context.app, setup.scenario.tokens[role], method, url, payload);
}

/** A stand-in for a blob the browser seals or signs for its user: base64 the server cannot read. */
export function opaqueBlob(): string {
  return randomBytes(96).toString('base64');
}

/** A create body with stand-in ciphertext and a stand-in wrapped key for each reader. */
export function newSecretBody(
  chestId: string,
  readerIds: readonly string[],
  overrides: Record<string, unknown> = {},
): { secret: Record<string, unknown> } {
  return {
    secret: {
      id: randomUUID(),
      revision: 1,
      vault_id: chestId,
      name: 'Mail server',
      category: 'password',
      strength: 4,
      form_fill: true,
      ...fakeSealedPayload(),
      secret_keys_attributes: readerIds.map((user_id) => ({ user_id, encrypted_value: fakeWrappedKey() })),
      ...overrides,
    },
  };
}

/** A file's test context with the chest scenario: made before its tests, closed after them. */
export interface ChestScenarioSetup {
  context: TestContext;
  scenario: ChestScenario;
}

/** Registers the file's beforeAll and afterAll; read `context` and `scenario` inside tests. */
export function useChestScenario(): ChestScenarioSetup {
  const setup = {} as ChestScenarioSetup;
  beforeAll(async () => {
    setup.context = await createTestContext();
    setup.scenario = await buildChestScenario(setup.context.db);
  });
  afterAll(async () => {
    await setup.context.close();
  });
  return setup;
}
