/** Cuts a name to `max` characters (code points), ending in '…' when cut; the full name goes in a title. */
export function truncateName(name: string, max: number): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  return `${characters.slice(0, max).join('')}…`;
}
