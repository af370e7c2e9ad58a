import type { ReshareAllResponse } from '@coffer/core';
import { expect } from 'vitest';
import { type ChestScenarioSetup, callApi } from './chest-scenario.js';

/**
 * The key-sharing tests' calls on the chest scenario: its administrator, its organisation, and
 * `reshare_all` (as the administrator unless another token is given, with an optional query).
 */
export function keyShareCalls(setup: ChestScenarioSetup) {
  const admin = () => setup.scenario.tokens.administrator;
  return {
    admin,
    organisationId: () => setup.scenario.users.owner.organisation_id,
    reshareAll: async ({ token = admin(), query = '' } = {}): Promise<ReshareAllResponse> => {
      const response = await callApi(
        setup.context.app,
        token,
        'GET',
        `/api/v1/secret_keys/reshare_all.json${query}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json();
    },
  };
}
