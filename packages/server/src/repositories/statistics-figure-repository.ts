import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

// The grouped counts behind the statistics figures (docs/statistics.md): reads across users,
// secrets and audit_log_entries for one organisation, in one file because they answer one question
// (what the daily record holds) and write nothing. Every query filters on organisation_id and
// answers counts only: no name, e-mail, ciphertext or key leaves it.

/**
 * Audit actions the event figures count, as services/accounts/sign-in-service.ts,
 * services/secrets/secret-revision-service.ts and secret-lifecycle-service.ts write them
 * (services/statistics/daily-figures.test.ts drives those routes, so a
 * change of wording there fails that test).
 */
const SIGN_IN_ACTIONS = ['Signed in', 'Signed in with a recovery code'] as const;
const SECRET_CREATED_PATTERN = 'Created secret %';
const SECRET_REMOVED_PATTERN = 'Marked secret % for deletion';

/** The organisation's users by state: every user is accepted or pending; the others overlap. */
export interface UserStateCounts {
  accepted: number;
  pending: number;
  locked: number;
  administrators: number;
  twoStep: number;
}

/** Live secrets by category, and the weak ones among them. */
export interface LiveSecretCounts {
  byCategory: ReadonlyMap<string, number>;
  weak: number;
}

/** Sign-ins, secrets created and secrets marked for deletion on one day. */
export interface DailyEventCounts {
  sign_ins: number;
  secrets_created: number;
  secrets_removed: number;
}

/**
 * Accepted (confirmed_at set) and pending users split every user; locked, administrators and two-step
 * users are counted among all of them, whatever their state.
 */
export async function countUserStates(
  db: Kysely<Database>,
  organisationId: string,
): Promise<UserStateCounts> {
  const row = await db
    .selectFrom('users')
    .where('organisation_id', '=', organisationId)
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('confirmed_at', 'is not', null).then(1).end()).as('accepted'),
      eb.fn.count<number>(eb.case().when('confirmed_at', 'is', null).then(1).end()).as('pending'),
      eb.fn.count<number>(eb.case().when('locked', '=', true).then(1).end()).as('locked'),
      eb.fn.count<number>(eb.case().when('administrator', '=', true).then(1).end()).as('administrators'),
      eb.fn.count<number>(eb.case().when('otp_required_for_login', '=', true).then(1).end()).as('two_step'),
    ])
    .executeTakeFirstOrThrow();
  return {
    accepted: Number(row.accepted),
    pending: Number(row.pending),
    locked: Number(row.locked),
    administrators: Number(row.administrators),
    twoStep: Number(row.two_step),
  };
}

/**
 * Live secrets (not marked for deletion), hidden ones included, by category; weak: strength 1 or 2.
 * Two reads of the live (organisation_id, category, id) and (organisation_id, strength, id) indexes,
 * which hold what is counted: one pass over the rows with a case per figure read every row of a
 * large organisation (129 ms for 100,000 secrets on SQLite, on the event loop, where these take 7).
 */
export async function countLiveSecretsByCategory(
  db: Kysely<Database>,
  organisationId: string,
): Promise<LiveSecretCounts> {
  const live = db
    .selectFrom('secrets')
    .where('organisation_id', '=', organisationId)
    .where('deleted_at', 'is', null);
  const [byCategory, weak] = await Promise.all([
    live
      .select((eb) => ['category', eb.fn.countAll<number | string>().as('count')])
      .groupBy('category')
      .execute(),
    // Strength 0 means "not measured" (a note, or a client that sent none): never weak.
    live
      .where('strength', 'in', [1, 2])
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byCategory: new Map(byCategory.map((row) => [row.category, Number(row.count)])),
    weak: Number(weak.count),
  };
}

const DAY_OF_ENTRY = sql<string>`substr(created_at, 1, 10)`;

/**
 * The event counts of each day with entries from `from` (inclusive) to `until` (exclusive), both
 * ISO instants, keyed by YYYY-MM-DD: one range read of the audit log's (organisation_id, created_at).
 * Days without entries are left out.
 */
export async function countDailyAuditEvents(
  db: Kysely<Database>,
  organisationId: string,
  from: string,
  until: string,
): Promise<Map<string, DailyEventCounts>> {
  const rows = await db
    .selectFrom('audit_log_entries')
    .where('organisation_id', '=', organisationId)
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .where((eb) =>
      eb.or([
        eb('action', 'in', [...SIGN_IN_ACTIONS]),
        eb.and([eb('object_type', '=', 'Secret'), eb('action', 'like', SECRET_CREATED_PATTERN)]),
        eb.and([eb('object_type', '=', 'Secret'), eb('action', 'like', SECRET_REMOVED_PATTERN)]),
      ]),
    )
    .select((eb) => [
      DAY_OF_ENTRY.as('day'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when('action', 'in', [...SIGN_IN_ACTIONS])
            .then(1)
            .end(),
        )
        .as('sign_ins'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.and([eb('object_type', '=', 'Secret'), eb('action', 'like', SECRET_CREATED_PATTERN)]))
            .then(1)
            .end(),
        )
        .as('secrets_created'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.and([eb('object_type', '=', 'Secret'), eb('action', 'like', SECRET_REMOVED_PATTERN)]))
            .then(1)
            .end(),
        )
        .as('secrets_removed'),
    ])
    .groupBy(DAY_OF_ENTRY)
    .execute();
  return new Map(
    rows.map((row) => [
      row.day,
      {
        sign_ins: Number(row.sign_ins),
        secrets_created: Number(row.secrets_created),
        secrets_removed: Number(row.secrets_removed),
      },
    ]),
  );
}
