import type {
  AccessAssignment,
  AccessMembership,
  ChestManager,
  ReaderReason,
  SecretCategory,
  SecretKeyAttributes,
  SignedSecretHeader,
} from '@coffer/core';
import { canSeeSecret, canWriteChest } from '@coffer/core';

/**
 * Someone the harness holds a private key for. `attacker` marks a key or an account the server made
 * up: it is never a reader, whatever the server's rows say, and the invariants fail if it opens anything.
 */
export interface HarnessUser {
  id: string;
  name: string;
  email: string;
  administrator: boolean;
  attacker: boolean;
  publicKey: string;
  privateKey: CryptoKey;
  /** The same key as RSA-PSS, to sign a key rotation. */
  signingKey: CryptoKey;
  /** The endorsement of this person's last key rotation, as key_endorsement.json serves it. */
  endorsement?: { endorsingPublicKey: string; signature: string } | undefined;
}

/** A team or a chest: a name and an id. */
export interface NamedThing {
  id: string;
  name: string;
}

/** A secret as the honest server stores it: metadata, the sealed payload, one wrapped key per reader. */
export interface StoredSecret {
  id: string;
  vault_id: string;
  name: string;
  category: SecretCategory;
  strength: number | null;
  form_fill: boolean;
  hidden: boolean;
  revision: number;
  encrypted_data: string;
  encryption_iv: string;
  /** user id → wrapped key. */
  keys: Map<string, string>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  /** The revision's signed header (suite 2), when its author's browser had a trust log. */
  signed_header?: SignedSecretHeader | null;
}

/**
 * The honest server's state: users, teams, chests, memberships, assignments, managers and secrets,
 * with the reader rule of packages/core/src/permissions/reader-policy.ts (core's canSeeSecret over the
 * administrators, the chest's managers and the members of its teams). Plain data: the routes read
 * and change it, the tests seed it, the invariants ask it who may read what.
 */
export class HonestModel {
  readonly users = new Map<string, HarnessUser>();
  readonly teams = new Map<string, NamedThing>();
  readonly chests = new Map<string, NamedThing>();
  readonly memberships: AccessMembership[] = [];
  readonly assignments: AccessAssignment[] = [];
  readonly managers: ChestManager[] = [];
  readonly secrets = new Map<string, StoredSecret>();

  /** Who must hold a key of a secret in `chestId` (hidden: administrators only). Made-up accounts never do. */
  readers(chestId: string, hidden: boolean): Set<string> {
    const readers = new Set<string>();
    if (!this.chests.has(chestId)) return readers;
    for (const user of this.users.values())
      if (!user.attacker && canSeeSecret({ ...this.contextOf(user, chestId), hidden })) readers.add(user.id);
    return readers;
  }

  /**
   * Why a reader reads `chestId`, as the real server states it (core's permissions/reader-policy.ts): administrator,
   * then manager, then each team by name (as the server orders them); a hidden secret's only reason is
   * administrator.
   */
  reasonsFor(userId: string, chestId: string, hidden: boolean): ReaderReason[] {
    const user = this.users.get(userId);
    if (!user) return [];
    const reasons: ReaderReason[] = user.administrator ? [{ kind: 'administrator' }] : [];
    if (hidden) return reasons;
    if (this.managers.some((row) => row.vault_id === chestId && row.user_id === userId))
      reasons.push({ kind: 'manager' });
    const teamIds = new Set(
      this.assignments.filter((row) => row.vault_id === chestId).map((row) => row.team_id),
    );
    const byName = [...this.teams.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
    for (const team of byName)
      if (
        teamIds.has(team.id) &&
        this.memberships.some((row) => row.team_id === team.id && row.user_id === userId)
      )
        reasons.push({ kind: 'team', team_id: team.id, team_name: team.name });
    return reasons;
  }

  /** The honest readers of a stored secret (none for an id the model does not hold). */
  readersOf(secretId: string): Set<string> {
    const secret = this.secrets.get(secretId);
    return secret ? this.readers(secret.vault_id, secret.hidden) : new Set();
  }

  /** Whether `userId` may write secrets in `chestId`. */
  canWrite(userId: string, chestId: string): boolean {
    const user = this.users.get(userId);
    return (
      !!user && !user.attacker && this.chests.has(chestId) && canWriteChest(this.contextOf(user, chestId))
    );
  }

  /** Stores wrapped keys for exactly the users named (replacing the secret's keys). */
  replaceKeys(secret: StoredSecret, keys: readonly SecretKeyAttributes[]): void {
    secret.keys = new Map(keys.map((key) => [key.user_id, key.encrypted_value]));
  }

  private contextOf(user: HarnessUser, chestId: string) {
    return {
      user: { id: user.id, administrator: user.administrator },
      chestId,
      memberships: this.memberships,
      assignments: this.assignments,
      managers: this.managers,
    };
  }
}
