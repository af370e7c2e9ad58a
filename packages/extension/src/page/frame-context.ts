// Which frame a document is: the tab's top frame, a frame whose top the document may read (same
// origin), or a frame inside a page of another origin (reading the top's location throws). The page
// side needs this at fill time; only a real browser has truly cross-origin frames, so tests inject it.

export type FrameContext =
  | { frame: 'top' }
  | { frame: 'same-origin'; topUrl: string }
  | { frame: 'cross-origin' };

export function frameContextOf(doc: Document): FrameContext {
  const win = doc.defaultView;
  if (!win || win === win.top) return { frame: 'top' };
  try {
    const topUrl = win.top?.location.href;
    return typeof topUrl === 'string' && topUrl !== ''
      ? { frame: 'same-origin', topUrl }
      : { frame: 'cross-origin' };
  } catch {
    return { frame: 'cross-origin' };
  }
}
