/** A parsed key combination. */
export interface KeyCombo {
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
  /** The key as KeyboardEvent.key names it ('h', '/', 'ArrowDown', 'Escape'). */
  key: string;
}

const MODIFIERS = new Set(['shift', 'ctrl', 'alt', 'meta']);

/** Parses 'Shift+H' or 'Ctrl+Shift+ArrowUp'; the last part is the key ('+' itself is written 'Plus'). */
export function parseCombo(keys: string): KeyCombo {
  const parts = keys.split('+').map((part) => part.trim());
  const key = parts.pop() ?? '';
  const modifiers = new Set(parts.map((part) => part.toLowerCase()).filter((part) => MODIFIERS.has(part)));
  return {
    shift: modifiers.has('shift'),
    ctrl: modifiers.has('ctrl'),
    alt: modifiers.has('alt'),
    meta: modifiers.has('meta'),
    key: key === 'Plus' ? '+' : key === 'Space' ? ' ' : key,
  };
}

/**
 * Whether a key event is this combination. Modifiers must match exactly. The key matches by
 * its value, or by its physical key for letters, digits and '/', because Shift changes the value
 * ('/' becomes '?', 'h' becomes 'H').
 */
export function matchesCombo(event: KeyboardEvent, combo: KeyCombo): boolean {
  if (event.shiftKey !== combo.shift || event.ctrlKey !== combo.ctrl) return false;
  if (event.altKey !== combo.alt || event.metaKey !== combo.meta) return false;
  if (event.key.toLowerCase() === combo.key.toLowerCase()) return true;
  const code = physicalCode(combo.key);
  return code !== undefined && event.code === code;
}

function physicalCode(key: string): string | undefined {
  if (/^[a-z]$/i.test(key)) return `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  if (key === '/') return 'Slash';
  return undefined;
}

const KEY_LABELS: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  ' ': 'Space',
};

/** The parts of a combination as shown to people: ['Shift', 'H'], ['Shift', '↓'], ['Esc']. */
export function formatCombo(keys: string): string[] {
  const combo = parseCombo(keys);
  const parts: string[] = [];
  if (combo.ctrl) parts.push('Ctrl');
  if (combo.alt) parts.push('Alt');
  if (combo.meta) parts.push('Meta');
  if (combo.shift) parts.push('Shift');
  parts.push(KEY_LABELS[combo.key] ?? (combo.key.length === 1 ? combo.key.toUpperCase() : combo.key));
  return parts;
}
