// Generates src/probe/result-schema.ts: the zod schema the host checks each ProbeResult against
// (src/probe/result-check.ts), made from the type the worker sends, ResultEvent's `result` in
// src/probe/protocol.ts (ProbeResult of src/core/probe-types.ts), with the bounds of
// src/probe/result-bounds.ts. zod drops a field its schema lacks: generated, the schema lacks none.
// From the same walk, src/probe/result-plain-check.ts: the same checks as plain functions, which
// the host runs first on every result (zod's parse costs ~3x more, ~60x on a process's first); zod reads only what they refuse,
// to say why. scripts/gen-worker-protocol.mjs calls both, with protocol.py and fields.py.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PROTOCOL_TS = join(ROOT, 'src/probe/protocol.ts');

/**
 * A type checker's program of src/probe/protocol.ts. No @types package: the protocol is made of
 * the project's own types and the language's, and without them (@types/node, @types/vscode) a
 * program costs 0.3 s of CPU instead of 1 to 1.7 s. A type that needed one would be an error type, which the walks
 * of protocol.py and of the result checks refuse (no Python type, no schema).
 */
export function protocolProgram() {
  return ts.createProgram([PROTOCOL_TS], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, noEmit: true, types: [] });
}

export const RESULT_BOUNDS_TS = join(ROOT, 'src/probe/result-bounds.ts');
export const RESULT_SCHEMA_TS = join(ROOT, 'src/probe/result-schema.ts');
export const RESULT_PLAIN_CHECK_TS = join(ROOT, 'src/probe/result-plain-check.ts');

const fail = (message) => {
  throw new Error(`gen-result-schema: ${message}`);
};
const camel = (name) => name[0].toLowerCase() + name.slice(1);
const isDefined = (type) => !(type.flags & ts.TypeFlags.Undefined);

/** RESULT_BOUNDS of result-bounds.ts, path -> bound, read from the syntax tree. */
function readBounds(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText(source) !== 'RESULT_BOUNDS') continue;
      let init = declaration.initializer;
      if (init && ts.isAsExpression(init)) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) break;
      return new Map(init.properties.map((p) => [p.name.text, p.initializer.text]));
    }
  }
  return fail('RESULT_BOUNDS is missing from src/probe/result-bounds.ts');
}

/**
 * What ResultEvent's `result` is, as a tree of checks both outputs print: `{ k }` is 'bound'
 * (`name`: a bound of result-bounds.ts), 'number', 'boolean', 'literal' (`value`), 'enum'
 * (`values`), 'tuple' (`items`), 'array' (`item`, `max`), 'record' (`value`), 'object' (`fields`:
 * name, node, optional), 'union' (`members`), 'nullable' (`node`), 'ref' (`name`, `id`, `shallow`:
 * checked for depth first). Made once per bounds file: one run of the type checker for both.
 */
const walks = new Map();
function walk(boundsFile) {
  if (!walks.has(boundsFile)) walks.set(boundsFile, walkTypes(boundsFile));
  return walks.get(boundsFile);
}

function walkTypes(boundsFile) {
  const program = protocolProgram();
  const checker = program.getTypeChecker();
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(PROTOCOL_TS)));
  const resultEvent = exported.find((s) => s.name === 'ResultEvent') ?? fail('ResultEvent is not exported by src/probe/protocol.ts');
  const resultField = checker.getDeclaredTypeOfSymbol(resultEvent).getProperty('result') ?? fail('ResultEvent has no `result`');
  const root = checker.getTypeOfSymbol(resultField);

  const bounds = readBounds(boundsFile);
  const used = new Set();
  /** The bound at `path` (marking it used), else `fallback`. */
  function bound(path, fallback, kind) {
    const value = bounds.get(path);
    if (value === undefined) return fallback;
    used.add(path);
    if ((kind === 'list') !== value.startsWith('MAX_')) fail(`${path}: ${value} is not a bound for a ${kind}`);
    return value;
  }

  /** Declared name -> { id, body, recursive }, dependencies first. */
  const declarations = new Map();
  /** Names of the declared types being built, outermost first (a reference to one of them is recursion). */
  const building = [];
  const recursive = new Set();
  /** Declared types the output annotates, by name -> their declaring file. */
  const typeImports = new Map();

  /** An object type or union of them with a name of its own (interface, alias): a const of its own. */
  function declaredName(type) {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol || ['__type', '__object', 'Array', 'Record'].includes(symbol.name)) return undefined;
    if (type.isUnion() && !type.types.some((t) => t.flags & ts.TypeFlags.Object)) return undefined; // literal unions are enums
    return symbol.name;
  }

  /** The values of a union member's discriminant (`t`, `event`, `op`, `kind`), for its path. */
  function discriminant(type) {
    for (const key of ['t', 'event', 'op', 'kind']) {
      const property = type.getProperty?.(key);
      const value = property && checker.getTypeOfSymbol(property);
      if (value && value.flags & ts.TypeFlags.StringLiteral) return value.value;
      if (value?.isUnion() && value.types.every((t) => t.flags & ts.TypeFlags.StringLiteral)) return value.types.map((t) => t.value).join('|');
    }
    return undefined;
  }

  function objectSchema(type, path) {
    const fields = checker.getPropertiesOfType(type).map((property) => {
      // The written type keeps its alias (`data?: TaggedValue`); the symbol's type would be an anonymous union with undefined.
      const written = property.valueDeclaration?.type;
      const propertyType = written ? checker.getTypeFromTypeNode(written) : checker.getTypeOfSymbol(property);
      const optional = Boolean(property.flags & ts.SymbolFlags.Optional);
      return { name: property.name, node: schema(propertyType, `${path}.${property.name}`), optional };
    });
    return { k: 'object', fields };
  }

  function unionSchema(members, path) {
    const parts = members.map((t) => {
      const tag = discriminant(t);
      return schema(t, tag === undefined ? path : `${path}.${tag}`);
    });
    return { k: 'union', members: parts };
  }

  /** The const for a declared type, built on first use; the expression that refers to it. */
  function reference(type, name) {
    const id = camel(name);
    if (building.includes(name)) {
      // Another type's const would be written before this one and use it before it exists.
      if (building.at(-1) !== name) fail(`${building.join(' -> ')} -> ${name}: only a type that refers to itself directly can be recursive`);
      recursive.add(name);
      return { k: 'ref', name, id, shallow: false };
    }
    const declaration = (type.aliasSymbol ?? type.getSymbol()).declarations[0];
    if (declaration.getSourceFile().isDeclarationFile) fail(`${name} is not plain data (declared in ${declaration.getSourceFile().fileName})`);
    if (!declarations.has(name)) {
      building.push(name);
      const body = type.isUnion() ? unionSchema(type.types, name) : objectSchema(type, name);
      building.pop();
      if (recursive.has(name)) typeImports.set(name, declaration.getSourceFile().fileName);
      declarations.set(name, { id, body, recursive: recursive.has(name) });
    }
    // Checked for depth before the recursive schema walks it.
    return { k: 'ref', name, id, shallow: recursive.has(name) };
  }

  function schema(type, path) {
    // An optional field's `| undefined` is its `.optional()`.
    if (type.isUnion()) return members(type, type.types.filter(isDefined), path);
    if (type.flags & ts.TypeFlags.String) return { k: 'bound', name: bound(path, 'text', 'string') };
    if (type.flags & ts.TypeFlags.Number) {
      const name = bound(path, undefined, 'number');
      return name ? { k: 'bound', name } : { k: 'number' };
    }
    if (type.flags & ts.TypeFlags.Boolean) return { k: 'boolean' };
    if (type.flags & ts.TypeFlags.StringLiteral) return { k: 'literal', value: type.value };
    if (checker.isTupleType(type))
      return {
        k: 'tuple',
        items: checker.getTypeArguments(type).map((t, i) => schema(t, `${path}[${i}]`)),
      };
    if (checker.isArrayType(type)) return { k: 'array', item: schema(checker.getTypeArguments(type)[0], `${path}[]`), max: bound(path, 'MAX_ITEMS', 'list') };
    if (type.flags & ts.TypeFlags.Object && type.getCallSignatures().length === 0) {
      const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
      if (index && checker.getPropertiesOfType(type).length === 0) return { k: 'record', value: schema(index.type, `${path}{}`) };
      const name = declaredName(type);
      return name ? reference(type, name) : objectSchema(type, path);
    }
    return fail(`no schema for ${checker.typeToString(type)} (${path})`);
  }

  /** The schema of union `type` narrowed to `parts`: null makes it nullable, literals an enum. */
  function members(type, parts, path) {
    const nonNull = parts.filter((t) => !(t.flags & ts.TypeFlags.Null));
    if (nonNull.length < parts.length) return { k: 'nullable', node: members(type, nonNull, path) };
    if (parts.length === 1) return schema(parts[0], path);
    if (parts.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) return { k: 'boolean' };
    if (parts.every((t) => t.flags & ts.TypeFlags.StringLiteral)) return { k: 'enum', values: parts.map((t) => t.value) };
    const name = parts.length === type.types.length ? declaredName(type) : undefined;
    return name ? reference(type, name) : unionSchema(parts, path);
  }

  const rootName = declaredName(root) ?? fail('ResultEvent.result is not a declared type');
  building.push(rootName);
  const body = objectSchema(root, rootName);
  building.pop();
  if (recursive.has(rootName)) fail(`${rootName} refers to itself`);
  typeImports.set(rootName, root.getSymbol().declarations[0].getSourceFile().fileName);
  const unused = [...bounds.keys()].filter((path) => !used.has(path));
  if (unused.length) fail(`RESULT_BOUNDS in src/probe/result-bounds.ts names what ${rootName} has not: ${unused.join(', ')}`);
  return { rootName, body, declarations, typeImports };
}

/** The zod expression of a node of the walk. */
function zodOf(node) {
  switch (node.k) {
    case 'bound':
      return `bounds.${node.name}`;
    case 'number':
      return 'z.number()';
    case 'boolean':
      return 'z.boolean()';
    case 'literal':
      return `z.literal(${JSON.stringify(node.value)})`;
    case 'enum':
      return `z.enum([${node.values.map((v) => JSON.stringify(v)).join(', ')}])`;
    case 'tuple':
      return `z.tuple([${node.items.map(zodOf).join(', ')}])`;
    case 'array':
      return `z.array(${zodOf(node.item)}).max(bounds.${node.max})`;
    case 'record':
      return `z.record(bounds.name, ${zodOf(node.value)})`;
    case 'object':
      return `z.object({ ${node.fields.map((f) => `${JSON.stringify(f.name)}: ${zodOf(f.node)}${f.optional ? '.optional()' : ''}`).join(', ')} })`;
    case 'union':
      return `z.union([${node.members.map(zodOf).join(', ')}])`;
    case 'nullable':
      return `${zodOf(node.node)}.nullable()`;
    case 'ref':
      return node.shallow ? `bounds.shallow(${node.id})` : node.id;
  }
  return fail(`no zod for ${node.k}`);
}

/** Type imports of the generated file `into`, one line per declaring file. */
function typeImportLines(typeImports, into) {
  const importsByFile = new Map();
  for (const [name, file] of typeImports) importsByFile.set(file, [...(importsByFile.get(file) ?? []), name].sort());
  return [...importsByFile].map(([file, names]) => {
    const from = relative(dirname(into), file).replace(/\.ts$/, '.js');
    return `import type { ${names.join(', ')} } from '${from.startsWith('.') ? from : `./${from}`}';`;
  });
}

async function formatted(code, file) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(code, { ...options, filepath: file });
}

/**
 * The TypeScript source of result-schema.ts for the current sources, formatted as prettier
 * would; `boundsFile` in place of result-bounds.ts (its tests).
 */
export async function generateResultSchema(boundsFile = RESULT_BOUNDS_TS) {
  const { rootName, body, declarations, typeImports } = walk(boundsFile);
  const consts = [...declarations].map(([name, { id, body, recursive }]) =>
    recursive ? `const ${id}: z.ZodType<${name}> = z.lazy(() => ${zodOf(body)});` : `const ${id} = ${zodOf(body)};`,
  );

  const code = [
    `// The zod schema of ${rootName}, GENERATED by scripts/gen-result-schema.mjs from ResultEvent's`,
    '// `result` (src/probe/protocol.ts) and the bounds of src/probe/result-bounds.ts: do not edit;',
    '// change those and run node scripts/gen-worker-protocol.mjs. src/probe/result-check.ts uses it.',
    "import { z } from 'zod';",
    ...typeImportLines(typeImports, RESULT_SCHEMA_TS),
    "import * as bounds from './result-bounds.js';",
    '',
    ...consts,
    '',
    `/** ${rootName} as declared; a field it does not declare is dropped. */`,
    `export const ${camel(rootName)} = ${zodOf(body)} satisfies z.ZodType<${rootName}>;`,
    '',
  ].join('\n');
  return formatted(code, RESULT_SCHEMA_TS);
}

/**
 * The TypeScript source of result-plain-check.ts: each node of the walk a function that returns
 * what zod's parse of the same node returns (a copy without undeclared fields), or FAIL where zod
 * finds a problem, for any value JSON.parse makes. A record with a `__proto__` or `constructor`
 * key is left to zod (FAIL), whose handling of those keys is its own.
 */
export async function generateResultPlainCheck(boundsFile = RESULT_BOUNDS_TS) {
  const { rootName, body, declarations, typeImports } = walk(boundsFile);
  /** The consts in the order they are made (each one's parts before it): text -> name. */
  const consts = new Map();
  const lines = [];
  function constant(prefix, type, text) {
    if (!consts.has(text)) {
      const name = `${prefix}${consts.size + 1}`;
      consts.set(text, name);
      lines.push(`const ${name}: ${type} = ${text};`);
    }
    return consts.get(text);
  }
  const define = (expression) => constant('c', 'Check', `(v) => ${expression}`);
  const named = (name) => `check${name}`;
  /** The name of the check of `node`. */
  function fn(node) {
    switch (node.k) {
      case 'bound':
        return define(`(bounds.plain.${node.name}(v) ? v : FAIL)`);
      case 'number':
        return define(`(typeof v === 'number' && Number.isFinite(v) ? v : FAIL)`);
      case 'boolean':
        return define(`(typeof v === 'boolean' ? v : FAIL)`);
      case 'literal':
        return define(`(v === ${JSON.stringify(node.value)} ? v : FAIL)`);
      case 'enum':
        return define(`(${node.values.map((v) => `v === ${JSON.stringify(v)}`).join(' || ')} ? v : FAIL)`);
      case 'tuple':
        return define(`tuple(v, ${constant('t', 'readonly Check[]', `[${node.items.map(fn).join(', ')}]`)})`);
      case 'array':
        return define(`list(v, bounds.${node.max}, ${fn(node.item)})`);
      case 'record':
        return define(`record(v, ${fn(node.value)})`);
      case 'object': {
        const spec = `[${node.fields.map((f) => `[${JSON.stringify(f.name)}, ${fn(f.node)}, ${f.optional}]`).join(', ')}]`;
        return define(`fields(v, ${constant('s', 'Fields', spec)})`);
      }
      case 'union':
        return define(`firstOf(v, ${constant('u', 'readonly Check[]', `[${node.members.map(fn).join(', ')}]`)})`);
      case 'nullable':
        return define(`(v === null ? null : ${fn(node.node)}(v))`);
      case 'ref':
        return node.shallow ? define(`(bounds.tooDeep(v) ? FAIL : ${named(node.name)}(v))`) : named(node.name);
    }
    return fail(`no plain check for ${node.k}`);
  }
  // Functions, hoisted: a type's check may be named (tagged data within tagged data) before its const is made.
  const declared = [...declarations].map(([name, declaration]) => `function ${named(name)}(v: unknown): unknown {\n  return ${fn(declaration.body)}(v);\n}`);
  const root = fn(body);
  const code = [
    `// The plain check of ${rootName}, GENERATED by scripts/gen-result-schema.mjs from the same walk as`,
    "// result-schema.ts (ResultEvent's `result` in src/probe/protocol.ts, the bounds of src/probe/result-bounds.ts):",
    '// do not edit; run node scripts/gen-worker-protocol.mjs. src/probe/result-check.ts runs it first.',
    ...typeImportLines(new Map([[rootName, typeImports.get(rootName)]]), RESULT_PLAIN_CHECK_TS),
    "import { FAIL, fields, firstOf, list, record, tuple, type Check, type Fields } from './plain-check-parts.js';",
    "import * as bounds from './result-bounds.js';",
    '',
    ...declared,
    ...lines,
    '',
    `/** ${rootName} as result-schema.ts's zod parse returns it (a field it does not declare dropped), or undefined where that parse finds a problem. */`,
    `export function plain${rootName}(v: unknown): ${rootName} | undefined {`,
    `  const out = ${root}(v);`,
    `  return out === FAIL ? undefined : (out as ${rootName});`,
    '}',
    '',
  ].join('\n');
  return formatted(code, RESULT_PLAIN_CHECK_TS);
}
