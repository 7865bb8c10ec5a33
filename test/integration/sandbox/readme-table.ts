// The README's table of what each sandbox mode stops, and the one rule every escape test
// judges by: in `os` mode the class must be stopped; in both modes the table must say what
// actually happened (PAU_SANDBOX_MODE picks the mode; CI runs both).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MODE = (process.env.PAU_SANDBOX_MODE ?? 'os') as 'os' | 'guards';
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** README row name → whether this mode stops it ('blocked' / 'not blocked'), from the table. */
export function readmeTable(): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const rows = new Map<string, string>();
  for (const line of readme.split('\n')) {
    const cells = /^\|\s*(.+?)\s*\|\s*(blocked|not blocked)\s*\|\s*(blocked|not blocked)\s*\|$/.exec(line);
    if (cells) rows.set(cells[1]!, MODE === 'os' ? cells[2]! : cells[3]!);
  }
  return rows;
}

/** In os mode the class must be stopped; in both modes the README must say what happened. */
export function judge(row: string, blocked: boolean, evidence: unknown): void {
  if (MODE === 'os') assert.ok(blocked, `${row} got through the OS sandbox: ${JSON.stringify(evidence).slice(0, 800)}`);
  const said = readmeTable().get(row);
  assert.ok(said, `the README's sandbox table has no row '${row}'`);
  assert.equal(
    said,
    blocked ? 'blocked' : 'not blocked',
    `README says '${said}' for '${row}' in ${MODE} mode; evidence: ${JSON.stringify(evidence).slice(0, 400)}`,
  );
}
