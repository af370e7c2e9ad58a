// Where things are drawn. A real browser knows (getBoundingClientRect, elementFromPoint); jsdom has no
// layout and answers zero boxes, so the page side asks an injectable Geometry and the unit tests give
// one (corpus/test-geometry.ts) while the extension uses the browser's.

/** A box in viewport coordinates, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
  scrollX: number;
  scrollY: number;
  /** How far the document reaches: a box beyond it cannot be scrolled into view. */
  documentWidth: number;
  documentHeight: number;
}

export interface Geometry {
  boxOf(element: Element): Box;
  viewport(): Viewport;
  /** The topmost element drawn at a viewport point, or null when the point is outside or unknown. */
  elementAt(x: number, y: number): Element | null;
}

/** The browser's own layout, for the content script. */
export function browserGeometry(doc: Document): Geometry {
  return {
    boxOf: (element) => element.getBoundingClientRect(),
    viewport: () => {
      const win = doc.defaultView;
      const root = doc.documentElement;
      const width = win?.innerWidth ?? 0;
      const height = win?.innerHeight ?? 0;
      return {
        width,
        height,
        scrollX: win?.scrollX ?? 0,
        scrollY: win?.scrollY ?? 0,
        documentWidth: Math.max(root.scrollWidth, width),
        documentHeight: Math.max(root.scrollHeight, height),
      };
    },
    elementAt: (x, y) => (typeof doc.elementFromPoint === 'function' ? doc.elementFromPoint(x, y) : null),
  };
}
