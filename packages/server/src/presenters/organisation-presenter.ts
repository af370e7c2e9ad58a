import type { Organisation as ApiOrganisation } from '@coffer/core';
import type { Organisation } from '../repositories/organisation-repository.js';

/** The organisation as every user of it sees it (GET /api/v1/organisation and the changes' answers). */
export function presentOrganisation(organisation: Organisation): ApiOrganisation {
  return {
    id: organisation.id,
    name: organisation.name,
    inactivity_length: organisation.inactivity_length,
    owner_id: organisation.owner_id ?? '',
  };
}
