// The README's table of what each sandbox mode stops, and the one rule every escape test
// judges by: in `os` mode the class must be stopped; in both modes the table must say what
// actually happened (PAU_SANDBOX_MODE picks the mode; CI runs both).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MODE = (process.env.PAU_SANDBOX_MODE ?? 'os') as 'os' | 'guards';
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * README row name → what the table says this mode does: 'blocked', 'not blocked', or (guards
 * column) 'blocked (Landlock)' / 'blocked (Landlock 6)': blocked where the kernel has Landlock,
 * at least ABI 6 for the second (signal scoping), else not blocked; 'blocked (seccomp)': blocked
 * where the seccomp filter can be built (python3-seccomp), which the worker then loads itself;
 * 'blocked (Landlock or seccomp)': where either is there.
 */
export function readmeTable(): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const rows = new Map<string, string>();
  const cell = '(blocked|not blocked|blocked \\((?:Landlock(?: 6)?|seccomp|Landlock or seccomp)\\))';
  const pattern = new RegExp(`^\\|\\s*(.+?)\\s*\\|\\s*${cell}\\s*\\|\\s*${cell}\\s*\\|$`);
  for (const line of readme.split('\n')) {
    const cells = pattern.exec(line);
    if (cells) rows.set(cells[1]!, MODE === 'os' ? cells[2]! : cells[3]!);
  }
  return rows;
}

/** The Landlock ABI of this kernel (0: none), asked the way landlock.py asks it. */
export const LANDLOCK_ABI = (() => {
  const ask = 'import ctypes; print(max(0, ctypes.CDLL(None).syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint32(1))))';
  try {
    return Number(execFileSync('python3', ['-c', ask], { encoding: 'utf8' }).trim()) || 0;
  } catch {
    return 0;
  }
})();

/** Whether the seccomp filter can be built here: Debian's python3 has libseccomp's binding (sandbox.ts). */
export const SECCOMP = (() => {
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import seccomp'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** What a cell of the table means on this machine. */
function expected(said: string): 'blocked' | 'not blocked' {
  if (said === 'blocked (seccomp)') return SECCOMP ? 'blocked' : 'not blocked';
  if (said === 'blocked (Landlock or seccomp)') return SECCOMP || LANDLOCK_ABI >= 1 ? 'blocked' : 'not blocked';
  if (said === 'blocked (Landlock)') return LANDLOCK_ABI >= 1 ? 'blocked' : 'not blocked';
  if (said === 'blocked (Landlock 6)') return LANDLOCK_ABI >= 6 ? 'blocked' : 'not blocked';
  return said as 'blocked' | 'not blocked';
}

/** In os mode the class must be stopped; in both modes the README must say what happened. */
export function judge(row: string, blocked: boolean, evidence: unknown): void {
  if (MODE === 'os') assert.ok(blocked, `${row} got through the OS sandbox: ${JSON.stringify(evidence).slice(0, 800)}`);
  const said = readmeTable().get(row);
  assert.ok(said, `the README's sandbox table has no row '${row}'`);
  assert.equal(
    expected(said),
    blocked ? 'blocked' : 'not blocked',
    `README says '${said}' for '${row}' in ${MODE} mode; evidence: ${JSON.stringify(evidence).slice(0, 400)}`,
  );
}
