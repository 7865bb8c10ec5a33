// A target whose code is not the def in the file: the printed header, the Markdown export and
// the panel's model all carry the session's `target.resolution`; a plain target adds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrinter } from '../../../src/cli/print.js';
import { sessionEvents } from '../../../src/core/replay.js';
import { resolutionLines } from '../../../src/core/resolution.js';
import type { TargetResolution } from '../../../src/core/probe-types.js';
import type { SessionFile } from '../../../src/core/session-types.js';
import { sessionToMarkdown } from '../../../src/session/markdown.js';
import { apply, createModel, type Section } from '../../../webview/model.js';
import { sampleSession } from './sample.js';

const REPLACED: TargetResolution = {
  origin: 'replaced',
  runs: 'built-in min',
  coverageUnavailable: 'what runs is not the def in __init__.py',
  notes: [
    "not the code in the file: 'smallest' is rebound at import time to a built-in (compiled) function, built-in min; the calls run it, not the def at line 4",
  ],
};

function withResolution(resolution?: TargetResolution): SessionFile {
  const file = sampleSession();
  if (resolution) file.target.resolution = resolution;
  return file;
}

function printed(file: SessionFile): string[] {
  let out = '';
  const printer = createPrinter({ write: (t) => (out += t), color: false });
  for (const e of sessionEvents(file)) printer(e);
  return out.split('\n');
}

test('the lines: the replacement first and loud, then coverage unavailable', () => {
  assert.deepEqual(resolutionLines(REPLACED), [
    { text: REPLACED.notes![0]!, warning: true },
    { text: 'coverage unavailable: what runs is not the def in __init__.py', warning: false },
  ]);
  assert.deepEqual(resolutionLines({ origin: 'elsewhere', runs: 'f (pkg/core.py:1)', notes: ["'f' is not defined in __init__.py"] }), [
    { text: "'f' is not defined in __init__.py", warning: false },
  ]);
  assert.deepEqual(resolutionLines({ origin: 'file', runs: 'f (m.py:1)' }), []);
  assert.deepEqual(resolutionLines(undefined), []);
});

test('the CLI header says it under the target line', () => {
  const lines = printed(withResolution(REPLACED));
  assert.equal(lines[2], `note: ${REPLACED.notes![0]}`);
  assert.equal(lines[3], 'note: coverage unavailable: what runs is not the def in __init__.py');
  const plain = printed(withResolution());
  assert.ok(!plain.some((l) => l.startsWith('note:')));
});

test('the Markdown export says it in bold', () => {
  const md = sessionToMarkdown(withResolution(REPLACED));
  assert.ok(md.includes(`- **Note: ${REPLACED.notes![0]}**`), md);
  assert.ok(md.includes('- Note: coverage unavailable: what runs is not the def in __init__.py'), md);
  assert.ok(!sessionToMarkdown(withResolution()).includes('Note:'));
});

test('the panel model keeps it from a live start and from a replay, and redraws the banner', () => {
  const live = createModel();
  const dirty = new Set<Section>();
  const file = withResolution(REPLACED);
  apply(live, { type: 'events', events: [{ type: 'started', target: file.target, settings: file.settings }] }, dirty);
  assert.deepEqual(live.resolution, REPLACED);
  assert.ok(dirty.has('banner'));
  const replayed = createModel();
  apply(replayed, { type: 'load-session', session: file }, new Set());
  assert.deepEqual(replayed.resolution, REPLACED);
  apply(replayed, { type: 'load-session', session: withResolution() }, new Set());
  assert.equal(replayed.resolution, null, 'a session without one clears it');
});
