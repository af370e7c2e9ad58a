import { DEFAULT_TEXT_MAX } from '../constants/length-constants.js';
import { DIGEST_PATTERN, strictJsonReader } from '../validation/strict-json-reader.js';
import {
  type AdmissionHow,
  type SignedTrustEntry,
  TRUST_LOG_VERSION,
  type TrustChange,
  type TrustEntry,
  type TrustOp,
} from './trust-entry.js';
import { TrustLogError } from './trust-log-error.js';

/*
 * Reads a signed entry from untrusted JSON (an API body, a server answer). Checks shape only: exact
 * keys (an extra key would be signed yet ignored), types, ids as lower-case UUIDs, lengths. Whether
 * keys import, signatures verify and the change is allowed is the fold's work (fold-trust-log.ts).
 */

const HOWS: readonly AdmissionHow[] = ['created', 'confirmed', 'invited'];
// ISO-8601 in UTC, as Date.prototype.toISOString writes it.
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// A base64 SPKI of an RSA-3072 key is 564 characters; this only bounds what is read before importing it.
const PUBLIC_KEY_MAX = 1024;
const SIGNATURE_MAX = 1024;
const SNAPSHOT_ITEMS_MAX = 100_000;

const fail = (message: string): never => {
  throw new TrustLogError('malformed', message);
};
const { record, uuid, text, flag, fingerprint } = strictJsonReader(fail);

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value) || value.length > SNAPSHOT_ITEMS_MAX) fail(`${what} must be a list.`);
  return value as unknown[];
}

function distinct(values: readonly string[], what: string): void {
  if (new Set(values).size !== values.length) fail(`${what} names the same id twice.`);
}

const BODY_READERS: { [Op in TrustOp]: (body: unknown) => Extract<TrustChange, { op: Op }>['body'] } = {
  genesis: (value) => {
    const body = record(value, ['name', 'email', 'public_key'], 'A genesis body');
    return {
      name: text(body.name, 'The organisation name', DEFAULT_TEXT_MAX),
      email: text(body.email, 'The e-mail', DEFAULT_TEXT_MAX),
      public_key: text(body.public_key, 'The public key', PUBLIC_KEY_MAX),
    };
  },
  admit: (value) => {
    const body = record(value, ['user', 'email', 'public_key', 'admin', 'how'], 'An admit body');
    if (!HOWS.includes(body.how as AdmissionHow)) fail('How must be created, confirmed or invited.');
    return {
      user: uuid(body.user, 'The user'),
      email: text(body.email, 'The e-mail', DEFAULT_TEXT_MAX),
      public_key: text(body.public_key, 'The public key', PUBLIC_KEY_MAX),
      admin: flag(body.admin, 'Admin'),
      how: body.how as AdmissionHow,
    };
  },
  key: (value) => {
    const body = record(value, ['user', 'public_key', 'endorsement'], 'A key body');
    return {
      user: uuid(body.user, 'The user'),
      public_key: text(body.public_key, 'The public key', PUBLIC_KEY_MAX),
      endorsement: text(body.endorsement, 'The endorsement', SIGNATURE_MAX),
    };
  },
  reset: (value) => {
    const body = record(value, ['user', 'public_key'], 'A reset body');
    return {
      user: uuid(body.user, 'The user'),
      public_key: text(body.public_key, 'The public key', PUBLIC_KEY_MAX),
    };
  },
  role: (value) => {
    const body = record(value, ['user', 'admin'], 'A role body');
    return { user: uuid(body.user, 'The user'), admin: flag(body.admin, 'Admin') };
  },
  remove: (value) => {
    const body = record(value, ['user'], 'A remove body');
    return { user: uuid(body.user, 'The user') };
  },
  team_member: (value) => {
    const body = record(value, ['team', 'user', 'edit', 'present'], 'A team_member body');
    return {
      team: uuid(body.team, 'The team'),
      user: uuid(body.user, 'The user'),
      edit: flag(body.edit, 'Edit'),
      present: flag(body.present, 'Present'),
    };
  },
  team_delete: (value) => {
    const body = record(value, ['team'], 'A team_delete body');
    return { team: uuid(body.team, 'The team') };
  },
  chest_team: (value) => {
    const body = record(value, ['chest', 'team', 'edit', 'present'], 'A chest_team body');
    return {
      chest: uuid(body.chest, 'The chest'),
      team: uuid(body.team, 'The team'),
      edit: flag(body.edit, 'Edit'),
      present: flag(body.present, 'Present'),
    };
  },
  chest_manager: (value) => {
    const body = record(value, ['chest', 'user', 'present'], 'A chest_manager body');
    return {
      chest: uuid(body.chest, 'The chest'),
      user: uuid(body.user, 'The user'),
      present: flag(body.present, 'Present'),
    };
  },
  owner: (value) => {
    const body = record(value, ['user'], 'An owner body');
    return { user: uuid(body.user, 'The user') };
  },
  snapshot: (value) => {
    const body = record(value, ['teams', 'chests'], 'A snapshot body');
    const teams = list(body.teams, 'Teams').map((item) => {
      const team = record(item, ['team', 'members'], 'A snapshot team');
      const members = list(team.members, 'Members').map((entry) => {
        const member = record(entry, ['user', 'edit'], 'A snapshot member');
        return { user: uuid(member.user, 'The user'), edit: flag(member.edit, 'Edit') };
      });
      distinct(
        members.map((member) => member.user),
        'A snapshot team',
      );
      return { team: uuid(team.team, 'The team'), members };
    });
    const chests = list(body.chests, 'Chests').map((item) => {
      const chest = record(item, ['chest', 'teams', 'managers'], 'A snapshot chest');
      const assigned = list(chest.teams, 'Teams').map((entry) => {
        const assignment = record(entry, ['team', 'edit'], 'A snapshot assignment');
        return { team: uuid(assignment.team, 'The team'), edit: flag(assignment.edit, 'Edit') };
      });
      const managers = list(chest.managers, 'Managers').map((id) => uuid(id, 'A manager'));
      distinct(
        assigned.map((assignment) => assignment.team),
        'A snapshot chest',
      );
      distinct(managers, 'A snapshot chest');
      return { chest: uuid(chest.chest, 'The chest'), teams: assigned, managers };
    });
    distinct(
      teams.map((team) => team.team),
      'A snapshot',
    );
    distinct(
      chests.map((chest) => chest.chest),
      'A snapshot',
    );
    return { teams, chests };
  },
};

function readEntry(value: unknown): TrustEntry {
  const entry = record(
    value,
    ['v', 'org', 'seq', 'prev', 'at', 'actor', 'actor_fp', 'op', 'body'],
    'An entry',
  );
  if (entry.v !== TRUST_LOG_VERSION) fail('The entry version is not supported.');
  if (!Number.isSafeInteger(entry.seq) || (entry.seq as number) < 0)
    fail('Seq must be a whole number, 0 or more.');
  if (
    entry.seq === 0 ? entry.prev !== null : typeof entry.prev !== 'string' || !DIGEST_PATTERN.test(entry.prev)
  ) {
    fail('Prev must be null at seq 0, else the base64 SHA-256 of the entry before.');
  }
  if (typeof entry.at !== 'string' || !ISO_UTC.test(entry.at) || Number.isNaN(Date.parse(entry.at))) {
    fail('At must be an ISO-8601 UTC time.');
  }
  const actorFp = fingerprint(entry.actor_fp, 'Actor_fp');
  const op = entry.op as TrustOp;
  if (typeof op !== 'string' || !Object.hasOwn(BODY_READERS, op)) fail('The operation is not known.');
  if ((op === 'genesis') !== (entry.seq === 0)) fail('Genesis is the entry at seq 0, and only it.');
  const body = BODY_READERS[op](entry.body);
  return {
    v: TRUST_LOG_VERSION,
    org: uuid(entry.org, 'The organisation'),
    seq: entry.seq as number,
    prev: entry.prev as string | null,
    at: entry.at as string,
    actor: uuid(entry.actor, 'The actor'),
    actor_fp: actorFp,
    op,
    body,
  } as TrustEntry;
}

/** A signed entry read from untrusted JSON; TrustLogError 'malformed' with a plain reason otherwise. */
export function parseSignedTrustEntry(value: unknown): SignedTrustEntry {
  const signed = record(value, ['entry', 'sig'], 'A signed entry');
  return { entry: readEntry(signed.entry), sig: text(signed.sig, 'The signature', SIGNATURE_MAX) };
}
