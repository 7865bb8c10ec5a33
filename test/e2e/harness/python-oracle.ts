// The independent answer to "what does this call really return?": python3 itself, run on
// the workspace copy, so that the tests check the panel against the function and not
// against numbers written into the test.
import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

export type RealOutcome = { status: 'returned'; repr: string } | { status: 'raised'; type: string };

const PROGRAM = `
import ast, importlib, json, sys
sys.path.insert(0, sys.argv[1])
target = importlib.import_module(sys.argv[2])
for part in sys.argv[3].split('.'):
    target = getattr(target, part)
args = ast.literal_eval('(' + sys.argv[4] + ',)')
try:
    out = {'status': 'returned', 'repr': repr(target(*args))}
except Exception as e:
    out = {'status': 'raised', 'type': type(e).__name__}
print(json.dumps(out))
`;

/** Calls `qualname` in `file` with the positional arguments written as Python literals (`"'a', 2"`). */
export function realCall(file: string, qualname: string, argsSource: string): RealOutcome {
  const out = execFileSync('python3', ['-c', PROGRAM, dirname(file), basename(file, '.py'), qualname, argsSource], { encoding: 'utf8', timeout: 10_000 });
  return JSON.parse(out) as RealOutcome;
}

/** Checks that a file parses and returns the docstring of `qualname` (null when it has none). */
export function docstringOf(file: string, qualname: string): string | null {
  const program = `
import ast, json, sys
tree = ast.parse(open(sys.argv[1], encoding='utf-8').read())
node = tree
for part in sys.argv[2].split('.'):
    node = next(n for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == part)
print(json.dumps(ast.get_docstring(node, clean=False)))
`;
  return JSON.parse(execFileSync('python3', ['-c', program, file, qualname], { encoding: 'utf8', timeout: 10_000 })) as string | null;
}
