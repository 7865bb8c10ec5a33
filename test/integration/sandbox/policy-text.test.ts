// The OS layer's policy as text: the bubblewrap argument list and the macOS sandbox-exec
// profile (no Mac here, so the profile is checked as text only).
// Runs the same in either sandbox mode: it reads the policy's text and starts no worker.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { bwrapArgs, launcherFor, sandboxExecProfile, SANDBOX_HOME, type SandboxPaths } from '../../../src/probe/sandbox.js';

const paths: SandboxPaths = { interpreter: ['/usr', '/usr/lib/python3'], workspace: ['/tmp'], workerDir: '/usr/lib', writable: '/tmp', chdir: '/tmp' };

test('bubblewrap: every namespace, a non-root uid, dies with its parent, new session, read-only root', () => {
  const args = bwrapArgs(paths);
  for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--unshare-uts', '--die-with-parent', '--new-session']) {
    assert.ok(args.includes(flag), flag);
  }
  assert.deepEqual(args.slice(args.indexOf('--uid'), args.indexOf('--uid') + 2), ['--uid', '65534']);
  assert.ok(args.join(' ').includes(`--proc /proc`));
  assert.ok(args.join(' ').includes(`--bind /tmp /tmp`), 'the session folder is the writable one');
  assert.ok(args.join(' ').includes('--remount-ro /'), 'everything else read-only');
  assert.ok(args.join(' ').includes(`--setenv HOME ${SANDBOX_HOME}`));
  assert.ok(!args.includes('--share-net'));
  assert.ok(!/--ro-bind \/ \//.test(args.join(' ')), 'never the whole filesystem');
  assert.ok(!args.join(' ').includes('/etc/shadow'));
});

test('bubblewrap: a read-only folder inside the writable session folder stays read-only (mounts go outer first)', () => {
  const session = realpathSync(mkdtempSync(join(tmpdir(), 'pau-mounts-')));
  try {
    mkdirSync(join(session, 'source'));
    const args = bwrapArgs({ ...paths, workspace: [join(session, 'source'), dirname(session)], writable: session });
    const at = (flag: string, path: string) => args.findIndex((a, i) => a === flag && args[i + 1] === path && args[i + 2] === path);
    assert.ok(at('--bind', session) >= 0, 'the session folder is writable');
    assert.ok(at('--ro-bind', join(session, 'source')) > at('--bind', session), 'generated code is mounted read-only over the writable folder');
    assert.ok(at('--ro-bind', dirname(session)) < at('--bind', session), 'a read-only parent does not hide the writable folder');
  } finally {
    rmSync(session, { recursive: true, force: true });
  }
});

test('sandbox-exec profile: deny by default, no network, writes only to the session folder', () => {
  const profile = sandboxExecProfile({ ...paths, writable: '/private/tmp/pau "x"' });
  const lines = profile.split('\n');
  assert.equal(lines[0], '(version 1)');
  assert.equal(lines[1], '(deny default)');
  assert.ok(lines.includes('(deny network*)'));
  const writes = lines.filter((l) => l.includes('file-write'));
  assert.deepEqual(writes, ['(allow file-read* file-write* (subpath "/private/tmp/pau \\"x\\""))', '(allow file-write-data (literal "/dev/null"))']);
  assert.ok(!profile.includes('(allow network'));
  assert.ok(!profile.includes('(allow process-exec)'), 'exec only of the system and the interpreter');
});

test('sandbox-exec profile: a read-only folder inside the writable one stays read-only, even under a read-only parent', () => {
  const session = realpathSync(mkdtempSync(join(tmpdir(), 'pau-profile-')));
  try {
    mkdirSync(join(session, 'source'));
    const lines = sandboxExecProfile({ ...paths, workspace: [join(session, 'source'), dirname(session)], writable: session }).split('\n');
    const writable = lines.indexOf(`(allow file-read* file-write* (subpath "${session}"))`);
    const denied = lines.indexOf(`(deny file-write* (subpath "${join(session, 'source')}"))`);
    assert.ok(writable >= 0, 'the session folder is writable');
    assert.ok(denied > writable, 'generated code is denied writes after (so over) the writable rule');
    assert.ok(lines.includes(`(allow file-read* (subpath "${dirname(session)}"))`), 'the read-only parent is readable');
  } finally {
    rmSync(session, { recursive: true, force: true });
  }
});

test('launchers: bwrap on Linux, sandbox-exec on macOS, none without the OS layer', () => {
  assert.equal(launcherFor({ layer: 'os', detail: 'bubblewrap' }, paths, 'linux')?.command, 'bwrap');
  assert.equal(launcherFor({ layer: 'os', detail: 'bubblewrap', launcher: '/opt/bw/bwrap' }, paths, 'linux')?.command, '/opt/bw/bwrap');
  assert.equal(launcherFor({ layer: 'os', detail: 'sandbox-exec' }, paths, 'darwin')?.command, '/usr/bin/sandbox-exec');
  assert.equal(launcherFor({ layer: 'guards', detail: 'x' }, paths, 'linux'), undefined);
});
