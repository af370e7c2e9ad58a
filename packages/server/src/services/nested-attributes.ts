import { AppError } from '../errors/app-error.js';

/**
 * One entry of a Rails-style `*_attributes` list: `{id, edit_access}` changes a link, `{id, _destroy:
 * true}` removes it, `{<ref>, edit_access}` adds one (or changes the existing link to that ref), and
 * `{<ref>, _destroy: true}` removes the link to that ref if there is one.
 */
export interface NestedAttribute {
  id?: string;
  _destroy?: boolean;
  edit_access?: boolean;
  team_id?: string;
  vault_id?: string;
  user_id?: string;
}

/** An existing link (assignment or membership): its id, what it points at, its access. */
export interface ExistingLink {
  id: string;
  ref: string;
  edit_access: boolean;
}

/** What to write: new links, access changes, removals, and the refs linked afterwards. */
export interface NestedPlan {
  creates: { ref: string; edit_access: boolean }[];
  updates: { id: string; edit_access: boolean }[];
  destroys: string[];
  finalRefs: string[];
}

/** Turns attributes into a plan against the existing links; an unknown id is a 400 naming `label`. */
export function planNestedChanges(
  attributes: readonly NestedAttribute[],
  existing: readonly ExistingLink[],
  refKey: 'team_id' | 'vault_id' | 'user_id',
  label: string,
): NestedPlan {
  const byId = new Map(existing.map((link) => [link.id, link]));
  const byRef = new Map(existing.map((link) => [link.ref, link]));
  const destroys = new Set<string>();
  const updates = new Map<string, boolean>();
  const creates = new Map<string, boolean>();
  for (const attribute of attributes) {
    const ref = attribute[refKey];
    const link = attribute.id ? byId.get(attribute.id) : ref ? byRef.get(ref) : undefined;
    if (attribute.id && !link) throw AppError.validation(`${label} not found.`);
    if (!attribute.id && !ref) throw AppError.validation(`Field ${refKey} is required`);
    if (link) {
      if (attribute._destroy) destroys.add(link.id);
      else if (attribute.edit_access !== undefined && attribute.edit_access !== link.edit_access) {
        updates.set(link.id, attribute.edit_access);
      }
      continue;
    }
    if (attribute._destroy || !ref) continue;
    creates.set(ref, attribute.edit_access ?? false);
  }
  for (const id of destroys) updates.delete(id);
  const kept = existing.filter((link) => !destroys.has(link.id)).map((link) => link.ref);
  return {
    creates: [...creates].map(([ref, edit_access]) => ({ ref, edit_access })),
    updates: [...updates].map(([id, edit_access]) => ({ id, edit_access })),
    destroys: [...destroys],
    finalRefs: [...kept, ...creates.keys()],
  };
}

/** Whether a plan changes anything. */
export function planChangesSomething(plan: NestedPlan): boolean {
  return plan.creates.length + plan.updates.length + plan.destroys.length > 0;
}
