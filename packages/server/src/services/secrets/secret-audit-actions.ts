/**
 * The audit entry of a move, written alike by the move call and by a save into another chest (how
 * the web app moves, so that the secret gets a fresh key): a search for 'Moved secret' finds every
 * move, whichever call made it.
 */
export function movedSecretAction(name: string, fromChest: string, toChest: string): string {
  return `Moved secret ${name} from chest ${fromChest} to chest ${toChest}`;
}

/** The audit entry of a mark for deletion or a restore, alike with or without a signed revision. */
export function lifecycleAction(name: string, marked: boolean): string {
  return marked ? `Marked secret ${name} for deletion` : `Restored secret ${name}`;
}
