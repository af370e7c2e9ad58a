// A layout for jsdom, which has none: every input gets a field-sized box, stacked down the page in
// document order; an element with data-box="left,top,width,height" gets that box instead (a form pushed
// off the page, a lure laid over a field). elementAt answers the last boxed element under the point, as
// the browser answers the topmost, skipping elements that do not take the pointer or are not shown.
import type { Box, Geometry, Viewport } from '../geometry.js';

export const TEST_VIEWPORT: Viewport = {
  width: 1024,
  height: 768,
  scrollX: 0,
  scrollY: 0,
  documentWidth: 1024,
  documentHeight: 3000,
};

const FIELD_BOX = { left: 100, width: 240, height: 32 };
const NO_BOX: Box = { left: 0, top: 0, width: 0, height: 0 };

export function testGeometry(doc: Document = document): Geometry {
  const boxOf = (element: Element): Box => {
    const declared = element.getAttribute('data-box');
    if (declared) {
      const [left = 0, top = 0, width = 0, height = 0] = declared.split(',').map(Number);
      return { left, top, width, height };
    }
    if (element.localName !== 'input') return NO_BOX;
    const index = boxed(element.ownerDocument).indexOf(element);
    return { ...FIELD_BOX, top: 100 + 48 * index };
  };
  return {
    boxOf,
    viewport: () => TEST_VIEWPORT,
    elementAt: (x, y) => {
      const under = boxed(doc).filter((element) => {
        const box = boxOf(element);
        const style = element.ownerDocument.defaultView?.getComputedStyle(element);
        if (style?.pointerEvents === 'none' || style?.display === 'none') return false;
        return x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
      });
      return under.at(-1) ?? null;
    },
  };
}

function boxed(doc: Document): Element[] {
  return Array.from(doc.querySelectorAll('input, [data-box]'));
}
