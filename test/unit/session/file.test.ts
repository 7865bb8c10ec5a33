// Saving and loading session files: atomic, validated, clear about what is wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSession, saveSession, SessionFileError } from '../../../src/session/file.js';
import { sampleSession } from './sample.js';

test('a saved session loads back equal, and no temporary file is left', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pau-session-'));
  const path = join(dir, 'run.json');
  const file = sampleSession();
  await saveSession(path, file);
  assert.deepEqual(await loadSession(path), file);
  assert.deepEqual(await readdir(dir), ['run.json']);
});

test('bad files fail with a sentence', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pau-session-'));
  const write = async (name: string, text: string) => {
    await writeFile(join(dir, name), text);
    return join(dir, name);
  };
  const cases: [string, RegExp][] = [
    [await write('notjson.json', '{oops'), /not JSON/],
    [await write('array.json', '[]'), /not a JSON object/],
    [await write('other.json', '{"name": "x"}'), /not a PAU Probe session \(no 'version' field\)/],
    [
      await write('future.json', JSON.stringify({ ...sampleSession(), version: 2 })),
      /session file version 2 is not supported \(this PAU Probe reads version 1\)/,
    ],
    [await write('probes.json', JSON.stringify({ ...sampleSession(), probes: [{ index: 1 }] })), /probes\[0\] must have index, args and result\.status/],
    [join(dir, 'missing.json'), /no such file/],
  ];
  for (const [path, want] of cases) {
    await assert.rejects(loadSession(path), (err: unknown) => err instanceof SessionFileError && want.test(err.message), path);
  }
  // the saved form is plain, indented JSON a person can read
  await saveSession(join(dir, 'ok.json'), sampleSession());
  assert.match(await readFile(join(dir, 'ok.json'), 'utf8'), /^\{\n {2}"version": 1,/);
});
