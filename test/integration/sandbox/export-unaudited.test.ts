// Exported tests run on the host with plain pytest, with the paths a model chose. The export
// leaves out a probe whose call wrote files as the guards saw it (export-effects.test.ts), but
// some of the standard library writes from C with no audit event for the guards to see:
// `shelve.open` on Debian's python3 (dbm.ndbm), `readline.write_history_file` and a
// `multiprocessing.shared_memory` block (`_posixshmem.shm_open`, in /dev/shm) (red team, round 5). Such a call returned True in the sandbox (a relative path, in the call's folder)
// or False (Landlock or the OS layer refused a path outside it); the export kept both and the
// user's next plain pytest run wrote both files on the host. Judged by outcome: after the
// export and a plain pytest run of what it wrote, outside the sandbox, no such file exists.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { judge, MODE } from './readme-table.js';
import { exportCalls, runExportedOnHost } from './run-exported.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'saves_unaudited.py');
const root = mkdtempSync(join(tmpdir(), 'pau-unaudited-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Names in `folder` a call left there (shelve adds its own extension to the name). */
const left = (folder: string, prefix: string) => readdirSync(folder).filter((name) => name.startsWith(prefix));

/** A POSIX shared memory name no other run uses: the block lands in /dev/shm, outside any folder. */
const SHM = `pau_unaudited_${randomBytes(4).toString('hex')}`;
after(() => rmSync(join('/dev/shm', SHM), { force: true }));

for (const qualname of ['save', 'save_history', 'share', 'save_libc']) {
  test(`[${MODE}] a probe that wrote files through C code (${qualname}) is not exported as a test that writes them on the host`, async () => {
    const dir = join(root, qualname);
    const elsewhere = qualname === 'share' ? '/dev/shm' : join(root, `${qualname}-outside`);
    mkdirSync(dir);
    if (qualname !== 'share') mkdirSync(elsewhere);
    const module = join(dir, 'saves_unaudited.py');
    copyFileSync(FIXTURE, module);
    const calls =
      qualname === 'share'
        ? [[`'${SHM}'`], [`'${SHM}'`]]
        : [
            [JSON.stringify(join(elsewhere, 'OUTSIDE')), "'x'"],
            ["'RELATIVE'", "'x'"],
          ];
    const refused = await exportCalls(PYTHON, module, qualname, calls, dir);
    const outside = qualname === 'share' ? SHM : 'OUTSIDE';
    const duringExport = [...left(elsewhere, outside), ...left(dir, 'RELATIVE')];
    const written = runExportedOnHost(PYTHON, dir);
    const made = [...left(elsewhere, outside), ...left(dir, 'RELATIVE')];
    judge('Writes an exported test would repeat on the host (paths a model chose)', made.length === 0, { made, duringExport, refused, written });
  });
}
