/*
 * The entries of an organisation's trust log (docs/crypto.md, "Organisation trust log"): one per
 * change of who may read. Every entry names its organisation, its place in the chain (seq, and prev:
 * the hash of the entry before it) and its actor with the fingerprint of the key that signed it.
 */

/** Version of the entry format; part of every signed entry. */
export const TRUST_LOG_VERSION = 1;

/** How an administrator came to vouch for a user's key when admitting them. */
export type AdmissionHow = 'created' | 'confirmed' | 'invited';

/** Starts the log: the actor is the owner, and signs with the key given here. */
export interface GenesisBody {
  name: string;
  email: string;
  public_key: string;
}

/** An administrator admits a user with this key; `how` tells the user's browser who made the key. */
export interface AdmitBody {
  user: string;
  email: string;
  public_key: string;
  admin: boolean;
  how: AdmissionHow;
}

/**
 * A user moves to a new key: signed by the user with the NEW key, carrying the endorsement the OLD
 * key made of it (key-rotation.ts), so the entry proves both keys.
 */
export interface KeyBody {
  user: string;
  public_key: string;
  endorsement: string;
}

/** An administrator resets a user's password and re-admits them with a key the administrator made. */
export interface ResetBody {
  user: string;
  public_key: string;
}

export interface RoleBody {
  user: string;
  admin: boolean;
}

export interface RemoveBody {
  user: string;
}

/** A user joins (present) or leaves a team; `edit` is the membership's edit access. */
export interface TeamMemberBody {
  team: string;
  user: string;
  edit: boolean;
  present: boolean;
}

/** A team is deleted: every membership and chest assignment of it ends. */
export interface TeamDeleteBody {
  team: string;
}

/** A team is assigned to a chest (present) or unassigned; `edit` is Write, else Read. */
export interface ChestTeamBody {
  chest: string;
  team: string;
  edit: boolean;
  present: boolean;
}

export interface ChestManagerBody {
  chest: string;
  user: string;
  present: boolean;
}

/** The owner hands ownership to another administrator. */
export interface OwnerBody {
  user: string;
}

/** The owner states every team, assignment and manager at once (the migration's trust point). */
export interface SnapshotBody {
  teams: Array<{ team: string; members: Array<{ user: string; edit: boolean }> }>;
  chests: Array<{ chest: string; teams: Array<{ team: string; edit: boolean }>; managers: string[] }>;
}

/** Each operation with its body. */
export type TrustChange =
  | { op: 'genesis'; body: GenesisBody }
  | { op: 'admit'; body: AdmitBody }
  | { op: 'key'; body: KeyBody }
  | { op: 'reset'; body: ResetBody }
  | { op: 'role'; body: RoleBody }
  | { op: 'remove'; body: RemoveBody }
  | { op: 'team_member'; body: TeamMemberBody }
  | { op: 'team_delete'; body: TeamDeleteBody }
  | { op: 'chest_team'; body: ChestTeamBody }
  | { op: 'chest_manager'; body: ChestManagerBody }
  | { op: 'owner'; body: OwnerBody }
  | { op: 'snapshot'; body: SnapshotBody };

export type TrustOp = TrustChange['op'];

/** Where an entry sits and who made it. `prev` is null only at seq 0; `at` is an ISO-8601 UTC time. */
export interface TrustEntryHead {
  v: typeof TRUST_LOG_VERSION;
  org: string;
  seq: number;
  prev: string | null;
  at: string;
  actor: string;
  actor_fp: string;
}

export type TrustEntry = TrustEntryHead & TrustChange;

/** An entry with its actor's RSA-PSS signature (base64) over trustEntryMessage(entry). */
export interface SignedTrustEntry {
  entry: TrustEntry;
  sig: string;
}
