// What the host learns from an interpreter once per session, before the first worker starts:
// the real executable behind the command (a pyenv shim resolved, so later starts skip the
// shim), the folders the OS layer binds read-only for it, and, as a side effect of the same
// run, the worker's bytecode compiled for it.
//
// The bytecode: the worker runs with -B (it never writes bytecode next to user code), so
// without it every start compiled the worker's own modules from source, about 40 ms of a
// 160 ms start (interleaved A/B, Debian's python3, OS layer on). Written into the worker
// package's own __pycache__; where that folder is read-only, nothing is written and starts
// compile in memory as before.
//
// This runs outside the sandbox, so it runs nothing of the user's: -I keeps the current
// folder (the user's project, for the CLI) off sys.path, where a json.py or site.py would
// otherwise have run here; -S skips site-packages' .pth files.
import { execFile } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface InterpreterPaths {
  /** The real interpreter (a pyenv shim resolved): what the host starts. */
  executable: string;
  /** Its prefixes, site-packages (user site included), sys.path entries and the folders its symlinks pass through. */
  folders: string[];
}

/**
 * The folders a chain of symlinks passes through on its way from `path` to a file: each
 * link's target folder. The sandbox starts the interpreter by the path it was found at (a
 * virtualenv is recognised by it), so every hop must resolve inside too, e.g. a python3 in
 * PATH that links to an interpreter outside the prefixes bound for it.
 */
export function linkFolders(path: string): string[] {
  const folders: string[] = [];
  let current = path;
  for (let hop = 0; hop < 40; hop++) {
    let target: string;
    try {
      target = readlinkSync(current);
    } catch {
      break; // not a link (or gone): the chain ends here
    }
    current = resolve(dirname(current), target);
    folders.push(dirname(current));
  }
  return folders;
}

// sys.path under -I lacks the user site; it is listed on its own. The compile comes after the
// answer is printed and its failure (an old Python, a read-only folder) changes nothing else.
const SCRIPT = [
  'import json, site, sys',
  'p = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]',
  'p += site.getsitepackages() + [site.getusersitepackages()] + sys.path',
  'print(json.dumps({"executable": sys.executable, "folders": p}))',
  'sys.stdout.flush()',
  'try:',
  '    import compileall',
  '    compileall.compile_dir(sys.argv[1], quiet=2)',
  'except Exception:',
  '    pass',
].join('\n');

/** The interpreter ran and did not answer (a Python older than 3.4 has no -I): why, in a line. */
export interface InterpreterFailure {
  failed: string;
}

const cache = new Map<string, Promise<InterpreterPaths | InterpreterFailure | undefined>>();

/**
 * Asked once per interpreter command and folder per session (the folder: shims choose the
 * version by it); undefined when there is no such interpreter. `workerPackageRoot` holds the
 * pau_probe package whose bytecode is compiled.
 */
export function interpreterPaths(
  python: string,
  env: Record<string, string>,
  cwd: string,
  workerPackageRoot: string,
): Promise<InterpreterPaths | InterpreterFailure | undefined> {
  const key = `${python}\0${cwd}`;
  let found = cache.get(key);
  if (!found) {
    found = new Promise((resolveFound) => {
      execFile(python, ['-I', '-S', '-c', SCRIPT, join(workerPackageRoot, 'pau_probe')], { env, cwd, timeout: 15_000 }, (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return resolveFound(undefined);
        const why = (stderr.trim().split('\n')[0] ?? '').slice(0, 200);
        // Not error.message: it quotes the whole question (an internal Python snippet).
        const exit = typeof error?.code === 'number' ? `it exited with code ${error.code}` : error?.signal ? `it was killed by ${error.signal}` : 'it failed';
        if (error) return resolveFound({ failed: error.killed ? 'no answer within 15 s' : why || `${exit} without answering; is it a Python interpreter?` });
        try {
          const parsed = JSON.parse(stdout) as InterpreterPaths;
          const folders = parsed.folders.filter((f) => typeof f === 'string' && f);
          resolveFound({ executable: parsed.executable, folders: [...folders, dirname(parsed.executable), ...linkFolders(parsed.executable)] });
        } catch {
          resolveFound({ failed: `an answer that is not its folders: ${stdout.slice(0, 100)}` });
        }
      });
    });
    cache.set(key, found);
  }
  return found;
}
