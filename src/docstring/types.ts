// Types of the docstring writer: styles, what the AST helper reports, and the edit.

export type DocstringStyle = 'google' | 'numpy' | 'sphinx' | 'pep257';

export const DOCSTRING_STYLES: readonly DocstringStyle[] = ['google', 'numpy', 'sphinx', 'pep257'];

/** One doctest example: the call as written after `>>> ` and its expected output ('' = none). */
export interface DocExample {
  call: string;
  result: string;
}

/** A `def` in a Python source, as `listFunctions` reports it. */
export interface PythonFunction {
  /** Python's `__qualname__`: `Cls.method`, `outer.<locals>.inner`. */
  qualname: string;
  name: string;
  /** 1-based line of the `def` (or `async def`) keyword. */
  line: number;
  /** 0-based UTF-16 column of `def`/`async` on that line. */
  column: number;
  /** 1-based line of the first decorator (= `line` when there is none). */
  decoratorLine: number;
  /** 1-based last line of the function. */
  endLine: number;
  hasDocstring: boolean;
  /** The docstring as `ast.get_docstring(clean=True)` reads it. */
  docstring: string | null;
  /** Defined directly in a class body. */
  isMethod: boolean;
  isAsync: boolean;
  /** Defined inside another function: the worker cannot import it. */
  inFunction: boolean;
  /** Decorator names, dotted, call arguments dropped: `['staticmethod', 'functools.cache']`. */
  decorators: string[];
  /** Parameter names in order, `*args` / `**kwargs` with their stars, `self` included. */
  params: string[];
  /** Qualname of the owning class, for methods. */
  className?: string;
}

/** Where the pieces of one def are, as UTF-16 offsets into the source. */
export interface FunctionLocation {
  qualname: string;
  /** 1-based line of `def`. */
  line: number;
  defStart: number;
  /** Just after the ':' ending the header (null only if none was found, which a parsed def rules out). */
  colonEnd: number | null;
  /** Start of the first statement of the body. */
  bodyStart: number;
  /** The existing docstring's string literal (prefix and quotes included), if there is one. */
  docstring: { start: number; end: number } | null;
  /** The file's indentation step, for turning a one-line def into a block. */
  indentUnit: string;
}

export interface Position {
  /** 0-based line (`\r\n`, `\r` and `\n` end a line). */
  line: number;
  /** 0-based UTF-16 column. */
  character: number;
}

/** Replace `source.slice(start, end)` with `newText`. Offsets are UTF-16 (JavaScript string) offsets. */
export interface DocstringEdit {
  kind: 'edit';
  qualname: string;
  start: number;
  end: number;
  newText: string;
  /** The same range as positions; in the editor prefer `document.positionAt(start/end)`. */
  range: { start: Position; end: Position };
  /** An existing docstring was replaced (false: a new one was inserted). */
  replaced: boolean;
  /** The docstring as it will read (`ast.get_docstring`): the body normalised. */
  text: string;
}

export type RefusalReason = 'document-changed' | 'not-found' | 'syntax-error' | 'python-unavailable' | 'empty-docstring' | 'unsafe-edit';

/** The edit was not made; `message` is a sentence for the user. The source is never touched. */
export interface DocstringRefusal {
  kind: 'refused';
  reason: RefusalReason;
  message: string;
  qualname?: string;
}
