// The Python side of the docstring writer is the module pau_probe.docstring_ast (in
// python/, shipped in dist/python): it parses the user's source with `ast`, never
// executes it, and answers in JSON; its docstring lists the requests and answers.
//
// It runs as `python -I -S -c <bootstrap> <folder holding pau_probe>`: -I keeps the user's
// environment variables and site-packages out, so PYTHONPATH (and with it a plain `-m`) cannot
// point at the package; the bootstrap puts the folder first on sys.path and runs the module.
import { workerPackageRoot } from '../probe/client.js';

const BOOTSTRAP = 'import sys; sys.path.insert(0, sys.argv.pop(1)); from pau_probe.docstring_ast import main; main()';

/** Arguments after the interpreter that run the AST helper. */
export function astHelperArgs(): string[] {
  return ['-I', '-S', '-c', BOOTSTRAP, workerPackageRoot()];
}
