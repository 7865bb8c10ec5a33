"""The docstring writer's parser (src/docstring/python-ast.ts): parses the user's source with
`ast` (never executes it) and answers in JSON. Standard library only.

Run by the host as `python -I -S -c <bootstrap> <folder holding pau_probe>` (see
src/docstring/ast-helper.ts): -I keeps the user's environment and site-packages out, which
also rules out `-m` with PYTHONPATH. `python -m pau_probe.docstring_ast` works too.

Requests arrive on stdin as JSON; every offset in the answer is a UTF-16 offset into the
source string as JavaScript sees it (ast columns are UTF-8 bytes, so they are converted).

  {"mode": "scan", "source": S}
      -> {"functions": [{qualname, line, ..., "location": {defStart, bodyStart, docstring}}],
          "indentUnit": "    "}
  {"mode": "check", "before": S, "after": S2, "targets": [{"qualname", "line", "expected"}]}
      -> {"problems": [string...]}
  {"batch": [request...]} -> {"answers": [answer...]}   (many sources, one process)
A source that does not parse answers {"syntaxError": {"message", "line", "column"}}.

Annotations that name typing's types are strings, and there is no `from __future__ import
annotations`: an interpreter older than 3.8 must still get as far as the answer `tooOld`.
"""
import ast
import bisect
import json
import re
import sys
from collections import Counter

from pau_probe.checking import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from typing import Dict, List, Optional, Sequence, Tuple, TypedDict, Union

    FunctionNode = Union[ast.FunctionDef, ast.AsyncFunctionDef]
    # (def, qualname, "module" | "class" | "function", qualname of the owning class)
    Entry = Tuple[FunctionNode, str, str, Optional[str]]
    Answer = Dict[str, object]

    # What src/docstring/python-ast.ts sends (the module docstring lists the modes).
    class Request(TypedDict):
        mode: str

    class ScanRequest(Request):
        source: str

    class _TargetRequired(TypedDict):
        qualname: str
        expected: str

    class Target(_TargetRequired, total=False):
        line: Optional[int]

    class CheckRequest(Request):
        before: str
        after: str
        targets: List[Target]

if sys.version_info < (3, 8):
    sys.stdout.write(json.dumps({"tooOld": sys.version.split()[0]}))
    sys.exit(0)

NEWLINE = re.compile(r"\r\n|\r|\n")
INDENT = re.compile(r"[ \t]*")
ASTRAL = re.compile("[\U00010000-\U0010FFFF]")
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


class Text:
    """Maps ast positions (line, UTF-8 byte column) to UTF-16 offsets of the original string."""

    def __init__(self, source: str) -> None:
        self.bom = 1 if source.startswith("\ufeff") else 0
        self.source = source[self.bom:]
        self.starts = [0] + [m.end() for m in NEWLINE.finditer(self.source)]
        self.astral = [m.start() for m in ASTRAL.finditer(self.source)]

    def line_text(self, line: int) -> str:
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.source)
        return self.source[start:end]

    def cp(self, line: int, byte_col: int) -> int:
        text = self.line_text(line)
        if text.isascii():
            return self.starts[line - 1] + byte_col
        head = text.encode("utf-8", "surrogatepass")[:byte_col].decode("utf-8", "surrogatepass")
        return self.starts[line - 1] + len(head)

    def utf16(self, cp: int) -> int:
        return cp + bisect.bisect_left(self.astral, cp) + self.bom

    def start(self, node: "Union[ast.expr, ast.stmt]") -> int:
        return self.cp(node.lineno, node.col_offset)

    def end(self, node: ast.expr) -> int:
        # The parser sets end positions on every node (3.8+); the stubs say Optional for hand-made ones.
        return self.cp(cast(int, node.end_lineno), cast(int, node.end_col_offset))


class Unparsable(Exception):
    def __init__(self, message: str, line: "Optional[int]" = None, column: "Optional[int]" = None) -> None:
        super().__init__(message)
        self.answer: Answer = {"syntaxError": {"message": message, "line": line, "column": column}}


def parse(source: str) -> "Tuple[Text, ast.Module]":
    text = Text(source)
    try:
        return text, ast.parse(text.source)
    except SyntaxError as e:
        raise Unparsable(e.msg or str(e), e.lineno, e.offset)
    except ValueError as e:  # e.g. source code string cannot contain null bytes
        raise Unparsable(str(e))


# Statement lists that can hold a def (expressions never do, so they are not walked).
BLOCKS = ("body", "handlers", "orelse", "finalbody", "cases")


def functions(tree: ast.Module) -> "List[Entry]":
    """Every def in source order as (node, qualname, scope, class qualname)."""
    out: List[Entry] = []

    def visit(statements: "Sequence[ast.AST]", prefix: str, scope: str, owner: "Optional[str]") -> None:
        for node in statements:
            if isinstance(node, FUNCTIONS):
                qualname = prefix + node.name
                out.append((node, qualname, scope, owner))
                visit(node.body, qualname + ".<locals>.", "function", None)
            elif isinstance(node, ast.ClassDef):
                qualname = prefix + node.name
                visit(node.body, qualname + ".", "class", qualname)
            else:
                for field in BLOCKS:
                    block: object = getattr(node, field, None)
                    if isinstance(block, list):
                        visit(cast("List[ast.AST]", block), prefix, scope, owner)  # BLOCKS fields hold nodes

    visit(tree.body, "", "module", None)
    return out


def docstring_node(fn: "FunctionNode") -> "Optional[ast.Constant]":
    first = fn.body[0] if fn.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first.value
    return None


def dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    parts: List[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return "?"


def params(fn: "FunctionNode") -> "List[str]":
    a = fn.args
    posonly: List[ast.arg] = getattr(a, "posonlyargs", [])  # 3.8+; the check keeps older parsers working
    names = [p.arg for p in posonly] + [p.arg for p in a.args]
    if a.vararg:
        names.append("*" + a.vararg.arg)
    names += [p.arg for p in a.kwonlyargs]
    if a.kwarg:
        names.append("**" + a.kwarg.arg)
    return names


def describe(text: Text, entry: "Entry") -> "Answer":
    fn, qualname, scope, owner = entry
    doc = ast.get_docstring(fn, clean=True)
    first_line = fn.decorator_list[0].lineno if fn.decorator_list else fn.lineno
    start = text.start(fn)
    line_start = text.starts[fn.lineno - 1]
    out: Answer = {
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
    docnode = docstring_node(fn)
    out["location"] = {
        "defStart": text.utf16(start),
        "bodyStart": text.utf16(text.start(fn.body[0])),
        "docstring": None if docnode is None else {"start": text.utf16(text.start(docnode)), "end": text.utf16(text.end(docnode))},
    }
    return out


def without_locals(qualname: str) -> str:
    return qualname.replace(".<locals>.", ".")


def first_line(fn: "FunctionNode") -> int:
    """The line a def starts on, counting its decorators."""
    return fn.decorator_list[0].lineno if fn.decorator_list else fn.lineno


def find(entries: "List[Entry]", qualname: str, line: "Optional[int]") -> "Optional[int]":
    """The def a target names, chosen as pickFunction does in TypeScript (python-ast.ts)."""
    found = [i for i, e in enumerate(entries) if e[1] == qualname or without_locals(e[1]) == qualname]
    if line is not None:
        containing = [i for i in found if first_line(entries[i][0]) <= line <= cast(int, entries[i][0].end_lineno)]  # set by the parser
        if containing:
            return containing[-1]
    return found[-1] if found else None


def indent_unit(text: Text, entries: "List[Entry]") -> str:
    """The file's most common indentation step, from its defs (for turning a one-line def into a block)."""
    steps: Counter[str] = Counter()
    for fn, _, _, _ in entries[:500]:
        body = fn.body[0]
        if body.lineno <= fn.lineno:
            continue
        outer = INDENT.match(text.line_text(fn.lineno)).group(0)  # pyright: ignore[reportOptionalMemberAccess] -- matches the empty string
        inner = INDENT.match(text.line_text(body.lineno)).group(0)  # pyright: ignore[reportOptionalMemberAccess]
        if inner.startswith(outer) and len(inner) > len(outer):
            steps[inner[len(outer):]] += 1
    return steps.most_common(1)[0][0] if steps else "    "


def strip_docstring(fn: "FunctionNode") -> None:
    if docstring_node(fn) is not None:
        fn.body = fn.body[1:]


def check(request: "CheckRequest") -> "Answer":
    """Did the edit change only the targets' docstrings, to exactly the intended text?"""
    import inspect  # only here: it is slow to import
    _, before = parse(request["before"])
    _, after = parse(request["after"])
    old, new = functions(before), functions(after)
    problems: List[str] = []
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


def handle(request: "Request") -> "Answer":
    try:
        mode = request["mode"]
        if mode == "check":
            return check(cast("CheckRequest", request))  # the mode says which keys come with it
        text, tree = parse(cast("ScanRequest", request)["source"])
        if mode == "scan":
            entries = functions(tree)
            return {"functions": [describe(text, e) for e in entries], "indentUnit": indent_unit(text, entries)}
        raise SystemExit("unknown mode " + repr(mode))
    except Unparsable as e:
        return e.answer


def main() -> None:
    request = json.loads(sys.stdin.buffer.read().decode("utf-8", "surrogatepass"))
    if "batch" in request:
        answer = {"answers": [handle(r) for r in request["batch"]]}
    else:
        answer = handle(request)
    sys.stdout.write(json.dumps(answer))


if __name__ == "__main__":
    main()
