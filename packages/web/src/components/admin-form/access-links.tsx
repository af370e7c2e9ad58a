import { assignmentAccessLabel, chestAccessLabel } from '@coffer/core';
import './admin-form.css';

/** One linked item of a form (a chest's team, a team member, a team's chest, a user's team) with its access. */
export interface AccessLink {
  id: string;
  name: string;
  editAccess: boolean;
}

/** A member's access words (spec section 6): Read only or Read & Write. */
export const MEMBER_ACCESS_LABELS = [
  chestAccessLabel({ administrator: false }),
  chestAccessLabel({ administrator: false, canWrite: true }),
] as const;

/** A chest's access words: Read or Write. */
export const CHEST_ACCESS_LABELS = [assignmentAccessLabel(false), assignmentAccessLabel(true)] as const;

/** Props of a form's list of linked items. */
export interface AccessLinksProps {
  /** The list's accessible name ('Members', 'Chests', 'Teams'). */
  label: string;
  links: readonly AccessLink[];
  /** The access choices' words: [read, write] ('Read only' / 'Read & Write', 'Read' / 'Write'); none: no choice. */
  accessLabels?: readonly [read: string, write: string];
  emptyText: string;
  /** Marks the empty text red (a required link is missing). */
  invalid?: boolean;
  onAccess?: (id: string, editAccess: boolean) => void;
  onRemove: (id: string) => void;
}

/**
 * Linked items of an admin form (chest, team or user), each with a Read / Write choice and a cross that unlinks it;
 * new items come from the Link modal beside it.
 */
export function AccessLinks({
  label,
  links,
  accessLabels,
  emptyText,
  invalid,
  onAccess,
  onRemove,
}: AccessLinksProps) {
  if (links.length === 0) {
    return (
      <p className={invalid ? 'admin-form__empty admin-form__empty--invalid' : 'admin-form__empty'}>
        {emptyText}
      </p>
    );
  }
  return (
    <ul className="access-links" aria-label={label}>
      {links.map((link) => (
        <li key={link.id} className="access-links__item">
          <span className="access-links__name">{link.name}</span>
          {accessLabels ? (
            <select
              aria-label={`Access for ${link.name}`}
              className="access-links__access"
              value={link.editAccess ? 'write' : 'read'}
              onChange={(event) => onAccess?.(link.id, event.target.value === 'write')}
            >
              <option value="read">{accessLabels[0]}</option>
              <option value="write">{accessLabels[1]}</option>
            </select>
          ) : null}
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={`Unlink ${link.name}`}
            onClick={() => onRemove(link.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One nested-attribute change of a membership or assignment (spec section 7's destroy marker). */
export interface LinkChange {
  id?: string;
  user_id?: string;
  vault_id?: string;
  team_id?: string;
  edit_access?: boolean;
  _destroy?: boolean;
}

/** A stored link: the item, its access and the id of its membership or assignment. */
export interface StoredLink extends AccessLink {
  recordId: string;
}

/**
 * The changes from stored links to the form's: new links (`ref` names the key a new one sends:
 * 'user_id', 'vault_id', 'team_id'), changed access, unlinked items (`_destroy`).
 */
export function linkChanges(
  stored: readonly StoredLink[],
  links: readonly AccessLink[],
  ref: 'user_id' | 'vault_id' | 'team_id',
): LinkChange[] {
  const changes: LinkChange[] = [];
  for (const before of stored) {
    const now = links.find((link) => link.id === before.id);
    if (!now) changes.push({ id: before.recordId, _destroy: true });
    else if (now.editAccess !== before.editAccess)
      changes.push({ id: before.recordId, edit_access: now.editAccess });
  }
  for (const link of links) {
    if (!stored.some((before) => before.id === link.id))
      changes.push({ [ref]: link.id, edit_access: link.editAccess });
  }
  return changes;
}

/**
 * The same changes by the item's own id (`other`: the user, chest or team at the link's far end),
 * with the access it is left with (null: unlinked): what the trust log's entries say of the save.
 */
export function linkIntents(
  stored: readonly AccessLink[],
  links: readonly AccessLink[],
): { other: string; edit: boolean | null }[] {
  const left = stored.filter((before) => !links.some((link) => link.id === before.id));
  return [
    ...left.map((before) => ({ other: before.id, edit: null })),
    ...links
      .filter((link) => stored.find((before) => before.id === link.id)?.editAccess !== link.editAccess)
      .map((link) => ({ other: link.id, edit: link.editAccess })),
  ];
}

/** Adds chosen items (from the Link modal) to links, each once, read-only to start. */
export function addLinks(
  current: readonly AccessLink[],
  chosen: readonly { id: string; label: string }[],
): AccessLink[] {
  return [
    ...current,
    ...chosen
      .filter((option) => !current.some((link) => link.id === option.id))
      .map((option) => ({ id: option.id, name: option.label, editAccess: false })),
  ];
}
