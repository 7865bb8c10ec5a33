// The arithmetic of the probe timeline's windowed rendering. Rows have one fixed height (the
// details of a probe open in a pane below the list, not inline), so the window is two
// divisions. Short lists are rendered whole: every row stays in the DOM, which is what find
// in page, screen readers and the end-to-end tests expect for a normal run.

/** Lists longer than this render only the visible rows plus the overscan. */
export const VIRTUALISE_ABOVE = 200;
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no blank gap. */
export const OVERSCAN = 12;

export interface Viewport {
  scrollTop: number;
  /** Visible height of the scrolling list. */
  height: number;
}

export interface RowWindow {
  /** First rendered row (inclusive) and last (exclusive). */
  start: number;
  end: number;
  /** Height of the spacers standing in for the rows not rendered. */
  padTop: number;
  padBottom: number;
  virtual: boolean;
}

export function visibleWindow(count: number, rowHeight: number, viewport: Viewport, overscan = OVERSCAN): RowWindow {
  if (count <= VIRTUALISE_ABOVE || rowHeight <= 0) return { start: 0, end: count, padTop: 0, padBottom: 0, virtual: false };
  const total = count * rowHeight;
  // Clamp: the browser may report a scroll position from before the list shrank.
  const top = Math.min(Math.max(0, viewport.scrollTop), Math.max(0, total - viewport.height));
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + Math.max(0, viewport.height)) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, Math.max(last + overscan, start + 1));
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight, virtual: true };
}

/** True when the list is scrolled to (within `slack` px of) its end: new rows keep it there. */
export function isAtBottom(scrollTop: number, clientHeight: number, scrollHeight: number, slack = 4): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= slack;
}

/** The scrollTop that brings row `index` fully into view, or undefined when it already is. */
export function scrollToReveal(index: number, rowHeight: number, viewport: Viewport): number | undefined {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < viewport.scrollTop) return top;
  if (bottom > viewport.scrollTop + viewport.height) return Math.max(0, bottom - viewport.height);
  return undefined;
}

/** Keyboard movement in the list: the new active position, clamped to the rows. */
export function moveActive(key: string, current: number, count: number, pageRows: number): number | undefined {
  if (count === 0) return undefined;
  const at = current < 0 ? -1 : Math.min(current, count - 1);
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, at + 1);
    case 'ArrowUp':
      return Math.max(0, at < 0 ? count - 1 : at - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, Math.max(0, at) + Math.max(1, pageRows));
    case 'PageUp':
      return Math.max(0, Math.max(0, at) - Math.max(1, pageRows));
    default:
      return undefined;
  }
}

/**
 * May `text` need more than `width` px in a column whose widest printable ASCII character is
 * `charWidth` px? Characters beyond printable ASCII (wide, combining, emoji) always may. Only
 * such a cell is clipped (with an ellipsis): a clip per cell on every row was a quarter of
 * each scrolled frame's main-thread work in a Chromium trace (4.4 against 5.7 ms a frame).
 */
export function mayOverflow(text: string, width: number, charWidth: number): boolean {
  return /[^\x20-\x7e]/.test(text) || text.length * charWidth > width;
}
