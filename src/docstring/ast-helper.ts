// The Python side of the docstring writer: a stdlib-only script that parses the user's
// source with `ast` (never executes it) and answers in JSON. It is embedded here and run
// with `python -I -S -c`, so the bundles need no extra file next to them.
//
// Requests arrive on stdin as JSON; every offset in the answer is a UTF-16 offset into the
// source string as JavaScript sees it (ast columns are UTF-8 bytes, so they are converted).
//
//   {"mode": "list", "source": S}
//       -> {"functions": [...]}
//   {"mode": "locate", "source": S, "targets": [{"qualname": Q, "line": N|null}]}
//       -> {"locations": [{...} | {"missing": true}], "indentUnit": "    ", "functions": [qualname...]}
//   {"mode": "check", "before": S, "after": S2, "targets": [{"qualname", "line", "expected"}]}
//       -> {"problems": [string...]}
//   {"batch": [request...]} -> {"answers": [answer...]}   (many sources, one process)
// A source that does not parse answers {"syntaxError": {"message", "line", "column"}}.

export const AST_HELPER_SOURCE = String.raw`
import ast, bisect, io, json, re, sys, tokenize
from collections import Counter

if sys.version_info < (3, 8):
    sys.stdout.write(json.dumps({"tooOld": sys.version.split()[0]}))
    sys.exit(0)

NEWLINE = re.compile(r"\r\n|\r|\n")
ASTRAL = re.compile("[\U00010000-\U0010FFFF]")
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


class Text:
    """Maps ast positions (line, UTF-8 byte column) to UTF-16 offsets of the original string."""

    def __init__(self, source):
        self.bom = 1 if source.startswith("\ufeff") else 0
        self.source = source[self.bom:]
        self.starts = [0] + [m.end() for m in NEWLINE.finditer(self.source)]
        self.astral = [m.start() for m in ASTRAL.finditer(self.source)]

    def line_text(self, line):
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.source)
        return self.source[start:end]

    def cp(self, line, byte_col):
        text = self.line_text(line)
        if text.isascii():
            return self.starts[line - 1] + byte_col
        head = text.encode("utf-8", "surrogatepass")[:byte_col].decode("utf-8", "surrogatepass")
        return self.starts[line - 1] + len(head)

    def utf16(self, cp):
        return cp + bisect.bisect_left(self.astral, cp) + self.bom

    def start(self, node):
        return self.cp(node.lineno, node.col_offset)

    def end(self, node):
        return self.cp(node.end_lineno, node.end_col_offset)


class Unparsable(Exception):
    def __init__(self, message, line=None, column=None):
        super().__init__(message)
        self.answer = {"syntaxError": {"message": message, "line": line, "column": column}}


def parse(source):
    text = Text(source)
    try:
        return text, ast.parse(text.source)
    except SyntaxError as e:
        raise Unparsable(e.msg or str(e), e.lineno, e.offset)
    except ValueError as e:  # e.g. source code string cannot contain null bytes
        raise Unparsable(str(e))


def functions(tree):
    """Every def in source order as (node, qualname, scope, class qualname)."""
    out = []

    def visit(node, prefix, scope, owner):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, FUNCTIONS):
                qualname = prefix + child.name
                out.append((child, qualname, scope, owner))
                visit(child, qualname + ".<locals>.", "function", None)
            elif isinstance(child, ast.ClassDef):
                qualname = prefix + child.name
                visit(child, qualname + ".", "class", qualname)
            else:
                visit(child, prefix, scope, owner)

    visit(tree, "", "module", None)
    return out


def docstring_node(fn):
    first = fn.body[0] if fn.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first.value
    return None


def dotted(node):
    if isinstance(node, ast.Call):
        node = node.func
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return "?"


def params(fn):
    a = fn.args
    names = [p.arg for p in getattr(a, "posonlyargs", [])] + [p.arg for p in a.args]
    if a.vararg:
        names.append("*" + a.vararg.arg)
    names += [p.arg for p in a.kwonlyargs]
    if a.kwarg:
        names.append("**" + a.kwarg.arg)
    return names


def describe(text, entry):
    fn, qualname, scope, owner = entry
    doc = ast.get_docstring(fn, clean=True)
    first_line = fn.decorator_list[0].lineno if fn.decorator_list else fn.lineno
    start = text.start(fn)
    line_start = text.starts[fn.lineno - 1]
    out = {
        "qualname": qualname,
        "name": fn.name,
        "line": fn.lineno,
        "column": text.utf16(start) - text.utf16(line_start),
        "decoratorLine": first_line,
        "endLine": fn.end_lineno,
        "hasDocstring": doc is not None,
        "docstring": doc,
        "isMethod": scope == "class",
        "isAsync": isinstance(fn, ast.AsyncFunctionDef),
        "inFunction": ".<locals>." in qualname,
        "decorators": [dotted(d) for d in fn.decorator_list],
        "params": params(fn),
    }
    if owner:
        out["className"] = owner
    return out


def without_locals(qualname):
    return qualname.replace(".<locals>.", ".")


def find(entries, qualname, line):
    """The def a target names; a line picks among redefinitions, else the last one wins (as in Python)."""
    found = [i for i, e in enumerate(entries) if e[1] == qualname or without_locals(e[1]) == qualname]
    if line is not None:
        containing = [i for i in found if (entries[i][0].decorator_list[0].lineno if entries[i][0].decorator_list else entries[i][0].lineno) <= line <= entries[i][0].end_lineno]
        if containing:
            return containing[-1]
    return found[-1] if found else None


def header_colon(text, fn):
    """Code point offset just after the ':' that ends the def's header."""
    start, stop = text.start(fn), text.start(fn.body[0])
    colon = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text.source[start:stop]).readline):
            if tok.type == tokenize.OP and tok.string == ":":
                colon = tok.end
            elif tok.type == tokenize.NEWLINE:
                break
    except (tokenize.TokenError, SyntaxError):
        colon = None
    if colon is not None:
        row, col = colon
        seg_starts = [0] + [m.end() for m in NEWLINE.finditer(text.source[start:stop])]
        return start + seg_starts[row - 1] + col
    # The header alone did not tokenize: take the last ':' before the body in the whole file.
    best = None
    for tok in tokenize.generate_tokens(io.StringIO(text.source).readline):
        offset = text.starts[tok.start[0] - 1] + tok.start[1]
        if offset >= stop:
            break
        if offset >= start and tok.type == tokenize.OP and tok.string == ":":
            best = text.starts[tok.end[0] - 1] + tok.end[1]
    return best


def indent_unit(text, tree):
    """The file's most common indentation step (for turning a one-line def into a block)."""
    steps = Counter()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list) or not body or not hasattr(node, "lineno") or not hasattr(body[0], "lineno"):
            continue
        if body[0].lineno <= node.lineno:
            continue
        outer = re.match(r"[ \t]*", text.line_text(node.lineno)).group(0)
        inner = re.match(r"[ \t]*", text.line_text(body[0].lineno)).group(0)
        if inner.startswith(outer) and len(inner) > len(outer):
            steps[inner[len(outer):]] += 1
    return steps.most_common(1)[0][0] if steps else "    "


def locate(text, tree, targets):
    entries = functions(tree)
    locations = []
    for target in targets:
        index = find(entries, target["qualname"], target.get("line"))
        if index is None:
            locations.append({"missing": True})
            continue
        fn, qualname = entries[index][0], entries[index][1]
        doc = docstring_node(fn)
        colon = header_colon(text, fn)
        locations.append({
            "qualname": qualname,
            "index": index,
            "line": fn.lineno,
            "defStart": text.utf16(text.start(fn)),
            "colonEnd": None if colon is None else text.utf16(colon),
            "bodyStart": text.utf16(text.start(fn.body[0])),
            "docstring": None if doc is None else {"start": text.utf16(text.start(doc)), "end": text.utf16(text.end(doc))},
        })
    return {
        "locations": locations,
        "indentUnit": indent_unit(text, tree),
        "functions": [e[1] for e in entries],
    }


def strip_docstring(fn):
    if docstring_node(fn) is not None:
        fn.body = fn.body[1:]


def check(request):
    """Did the edit change only the targets' docstrings, to exactly the intended text?"""
    import inspect  # only here: it is slow to import
    _, before = parse(request["before"])
    _, after = parse(request["after"])
    old, new = functions(before), functions(after)
    problems = []
    if len(old) != len(new):
        return {"problems": ["the edit changed the number of functions"]}
    for target in request["targets"]:
        index = find(old, target["qualname"], target.get("line"))
        if index is None:
            problems.append(target["qualname"] + ": not found before the edit")
            continue
        got = ast.get_docstring(new[index][0], clean=True)
        if got != inspect.cleandoc(target["expected"]):
            problems.append(target["qualname"] + ": the docstring reads " + repr(got))
        strip_docstring(old[index][0])
        strip_docstring(new[index][0])
    if not problems and ast.dump(before) != ast.dump(after):
        problems.append("the edit changed code outside the docstrings")
    return {"problems": problems}


def handle(request):
    try:
        mode = request["mode"]
        if mode == "check":
            return check(request)
        text, tree = parse(request["source"])
        if mode == "list":
            return {"functions": [describe(text, e) for e in functions(tree)]}
        if mode == "locate":
            return locate(text, tree, request["targets"])
        raise SystemExit("unknown mode " + repr(mode))
    except Unparsable as e:
        return e.answer


def main():
    request = json.loads(sys.stdin.buffer.read().decode("utf-8", "surrogatepass"))
    if "batch" in request:
        answer = {"answers": [handle(r) for r in request["batch"]]}
    else:
        answer = handle(request)
    sys.stdout.write(json.dumps(answer))


main()
`;
