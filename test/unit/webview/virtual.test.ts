import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isAtBottom, mayOverflow, moveActive, OVERSCAN, scrollToReveal, VIRTUALISE_ABOVE, visibleWindow } from '../../../webview/virtual.js';

test('short lists are rendered whole', () => {
  assert.deepEqual(visibleWindow(VIRTUALISE_ABOVE, 24, { scrollTop: 500, height: 300 }), {
    start: 0,
    end: VIRTUALISE_ABOVE,
    padTop: 0,
    padBottom: 0,
    virtual: false,
  });
  assert.deepEqual(visibleWindow(0, 24, { scrollTop: 0, height: 300 }), { start: 0, end: 0, padTop: 0, padBottom: 0, virtual: false });
});

test('a long list renders the visible rows plus the overscan, and spacers keep the scroll height', () => {
  const rowHeight = 24;
  const count = 1000;
  const w = visibleWindow(count, rowHeight, { scrollTop: 2400, height: 480 });
  // Rows 100..119 are visible.
  assert.equal(w.start, 100 - OVERSCAN);
  assert.equal(w.end, 120 + OVERSCAN);
  assert.equal(w.padTop, w.start * rowHeight);
  assert.equal(w.padBottom, (count - w.end) * rowHeight);
  assert.equal(w.padTop + (w.end - w.start) * rowHeight + w.padBottom, count * rowHeight, 'total height is preserved');
  assert.ok(w.virtual);
});

test('the window is clamped at both ends and for stale scroll positions', () => {
  const top = visibleWindow(1000, 20, { scrollTop: 0, height: 200 });
  assert.equal(top.start, 0);
  assert.equal(top.end, 10 + OVERSCAN);
  const bottom = visibleWindow(1000, 20, { scrollTop: 1000 * 20 - 200, height: 200 });
  assert.equal(bottom.end, 1000);
  assert.equal(bottom.padBottom, 0);
  // A scroll position from before the list shrank still shows its last rows, never an empty window.
  const stale = visibleWindow(300, 20, { scrollTop: 50_000, height: 200 });
  assert.equal(stale.end, 300);
  assert.ok(stale.start < stale.end);
  const negative = visibleWindow(300, 20, { scrollTop: -40, height: 200 });
  assert.equal(negative.start, 0);
});

test('every row of a long list is in some window as the list scrolls through', () => {
  const count = 1234;
  const rowHeight = 17;
  const height = 333;
  const seen = new Set<number>();
  for (let top = 0; top <= count * rowHeight; top += height) {
    const w = visibleWindow(count, rowHeight, { scrollTop: top, height });
    for (let i = w.start; i < w.end; i++) seen.add(i);
    assert.ok(w.end - w.start <= Math.ceil(height / rowHeight) + 1 + 2 * OVERSCAN, 'only a screenful plus overscan');
  }
  assert.equal(seen.size, count);
});

test('follow the tail only when at the bottom', () => {
  assert.ok(isAtBottom(800, 200, 1000));
  assert.ok(isAtBottom(797, 200, 1000));
  assert.ok(!isAtBottom(700, 200, 1000));
});

test('scrollToReveal moves the least needed', () => {
  assert.equal(scrollToReveal(10, 20, { scrollTop: 100, height: 200 }), undefined, 'already visible');
  assert.equal(scrollToReveal(2, 20, { scrollTop: 100, height: 200 }), 40, 'above: align top');
  assert.equal(scrollToReveal(20, 20, { scrollTop: 100, height: 200 }), 220, 'below: align bottom');
});

test('keyboard movement is clamped', () => {
  assert.equal(moveActive('ArrowDown', -1, 5, 3), 0);
  assert.equal(moveActive('ArrowDown', 4, 5, 3), 4);
  assert.equal(moveActive('ArrowUp', 0, 5, 3), 0);
  assert.equal(moveActive('ArrowUp', -1, 5, 3), 4);
  assert.equal(moveActive('End', 0, 5, 3), 4);
  assert.equal(moveActive('Home', 3, 5, 3), 0);
  assert.equal(moveActive('PageDown', 1, 5, 3), 4);
  assert.equal(moveActive('PageUp', 4, 5, 3), 1);
  assert.equal(moveActive('Tab', 1, 5, 3), undefined);
  assert.equal(moveActive('ArrowDown', 0, 0, 3), undefined);
});

test('only a cell whose text may not fit is clipped', () => {
  // 20 px for 3 characters of at most 6 px: fits; a fourth does not.
  assert.equal(mayOverflow('abc', 20, 6), false);
  assert.equal(mayOverflow('abcd', 20, 6), true);
  assert.equal(mayOverflow('', 0, 6), false);
  // Wide, combining or emoji characters are not measured by count: always clipped.
  for (const text of ['数', 'e\u0301', '🙂', 'tab\there']) assert.equal(mayOverflow(text, 1000, 6), true, JSON.stringify(text));
});
