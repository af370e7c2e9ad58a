// Whether a field is one the user can see and type into. Coffer fills only such fields, so a page cannot
// harvest a password through a field the user never saw: an invisible (display, visibility, opacity ~0),
// tiny, off-page or covered field is skipped, and a sign-in form made only of such fields is refused
// (the "DOM-based clickjacking" class, where a transparent or off-screen form sits under a lure).
import type { Box, Geometry, Viewport } from './geometry.js';

/** Smaller than this in either direction, a field is a trap rather than something to type into. */
export const MIN_FIELD_SIZE_PX = 4;
/** At or below this opacity (all ancestors multiplied), a field counts as transparent. */
export const MAX_HIDDEN_OPACITY = 0.1;

/** Why a field is not offered; null when it is usable. */
export type Unusable =
  | 'detached'
  | 'disabled'
  | 'hidden'
  | 'transparent'
  | 'too-small'
  | 'off-page'
  | 'covered';

export function isUsableField(input: HTMLInputElement, geometry: Geometry): boolean {
  return whyUnusable(input, geometry) === null;
}

export function whyUnusable(input: HTMLInputElement, geometry: Geometry): Unusable | null {
  if (!input.isConnected) return 'detached';
  if (input.matches(':disabled') || input.readOnly || input.closest('[inert]')) return 'disabled';
  if (input.type === 'hidden') return 'hidden';
  const style = styleVerdict(input);
  if (style) return style;
  const box = geometry.boxOf(input);
  if (box.width < MIN_FIELD_SIZE_PX || box.height < MIN_FIELD_SIZE_PX) return 'too-small';
  const viewport = geometry.viewport();
  if (!reachable(box, viewport)) return 'off-page';
  if (covered(input, box, viewport, geometry)) return 'covered';
  return null;
}

// The element's own computed visibility already carries what it inherits; display and opacity are
// not inherited, so every ancestor up to the document (through shadow roots) is asked.
function styleVerdict(input: HTMLInputElement): Unusable | null {
  const win = input.ownerDocument.defaultView;
  if (!win) return 'hidden';
  const { visibility } = win.getComputedStyle(input);
  if (visibility === 'hidden' || visibility === 'collapse') return 'hidden';
  let opacity = 1;
  for (let element: Element | null = input; element; element = parentAcrossShadow(element)) {
    if (element.hasAttribute('hidden') && element.getAttribute('hidden') !== 'until-found') return 'hidden';
    const style = win.getComputedStyle(element);
    if (style.display === 'none' || style.getPropertyValue('content-visibility') === 'hidden')
      return 'hidden';
    const layer = Number.parseFloat(style.opacity);
    if (!Number.isNaN(layer)) opacity *= layer;
  }
  return opacity <= MAX_HIDDEN_OPACITY ? 'transparent' : null;
}

function parentAcrossShadow(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.parentNode;
  return root && 'host' in root ? (root as ShadowRoot).host : null;
}

// Below the fold is fine (the user scrolls); left of or above the document's start, or past its end,
// can never be seen: the usual place for a form pushed out of sight.
function reachable(box: Box, viewport: Viewport): boolean {
  const left = box.left + viewport.scrollX;
  const top = box.top + viewport.scrollY;
  return (
    left + box.width > 0 &&
    top + box.height > 0 &&
    left < viewport.documentWidth &&
    top < viewport.documentHeight
  );
}

// What is drawn at the field's centre must be the field, its label, or part of its own form: another
// element there (a lure laid over a transparent form) means the user is looking at something else.
// Decorations inside the form (floating labels, icons) are allowed. Only a real browser can tell; when
// the centre is outside the viewport or the geometry cannot say, the field is not called covered.
function covered(input: HTMLInputElement, box: Box, viewport: Viewport, geometry: Geometry): boolean {
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x >= viewport.width || y >= viewport.height) return false;
  const top = geometry.elementAt(x, y);
  if (top === null || top === input || input.contains(top)) return false;
  if (Array.from(input.labels ?? []).some((label) => label.contains(top))) return false;
  return !ownScope(input).contains(top);
}

function ownScope(input: HTMLInputElement): Node {
  return input.form ?? input.parentElement?.parentElement ?? input.getRootNode();
}
