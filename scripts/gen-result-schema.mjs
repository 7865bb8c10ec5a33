// Generates src/probe/result-schema.ts: the zod schema the host checks each ProbeResult against
// (src/probe/result-check.ts), made from the type the worker sends, ResultEvent's `result` in
// src/probe/protocol.ts (ProbeResult of src/core/probe-types.ts), with the bounds of
// src/probe/result-bounds.ts. zod drops a field its schema lacks: generated, the schema lacks none.
// scripts/gen-worker-protocol.mjs calls it, with protocol.py and fields.py from the same source.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROTOCOL_TS = join(ROOT, 'src/probe/protocol.ts');
export const RESULT_BOUNDS_TS = join(ROOT, 'src/probe/result-bounds.ts');
export const RESULT_SCHEMA_TS = join(ROOT, 'src/probe/result-schema.ts');

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
 * The TypeScript source of result-schema.ts for the current sources, formatted as prettier
 * would; `boundsFile` in place of result-bounds.ts (its tests).
 */
export async function generateResultSchema(boundsFile = RESULT_BOUNDS_TS) {
  const program = ts.createProgram([PROTOCOL_TS], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, noEmit: true });
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
    return `bounds.${value}`;
  }

  /** Declared name -> its const's text, dependencies first. */
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
      const optional = property.flags & ts.SymbolFlags.Optional ? '.optional()' : '';
      return `${JSON.stringify(property.name)}: ${schema(propertyType, `${path}.${property.name}`)}${optional}`;
    });
    return `z.object({ ${fields.join(', ')} })`;
  }

  function unionSchema(members, path) {
    const parts = members.map((t) => {
      const tag = discriminant(t);
      return schema(t, tag === undefined ? path : `${path}.${tag}`);
    });
    return `z.union([${parts.join(', ')}])`;
  }

  /** The const for a declared type, built on first use; the expression that refers to it. */
  function reference(type, name) {
    const id = camel(name);
    if (building.includes(name)) {
      // Another type's const would be written before this one and use it before it exists.
      if (building.at(-1) !== name) fail(`${building.join(' -> ')} -> ${name}: only a type that refers to itself directly can be recursive`);
      recursive.add(name);
      return id;
    }
    const declaration = (type.aliasSymbol ?? type.getSymbol()).declarations[0];
    if (declaration.getSourceFile().isDeclarationFile) fail(`${name} is not plain data (declared in ${declaration.getSourceFile().fileName})`);
    if (!declarations.has(name)) {
      building.push(name);
      const body = type.isUnion() ? unionSchema(type.types, name) : objectSchema(type, name);
      building.pop();
      if (recursive.has(name)) {
        typeImports.set(name, declaration.getSourceFile().fileName);
        declarations.set(name, `const ${id}: z.ZodType<${name}> = z.lazy(() => ${body});`);
      } else declarations.set(name, `const ${id} = ${body};`);
    }
    // Checked for depth before the recursive schema walks it.
    return recursive.has(name) ? `bounds.shallow(${id})` : id;
  }

  function schema(type, path) {
    // An optional field's `| undefined` is its `.optional()`.
    if (type.isUnion()) return members(type, type.types.filter(isDefined), path);
    if (type.flags & ts.TypeFlags.String) return bound(path, 'bounds.text', 'string');
    if (type.flags & ts.TypeFlags.Number) return bound(path, 'z.number()', 'number');
    if (type.flags & ts.TypeFlags.Boolean) return 'z.boolean()';
    if (type.flags & ts.TypeFlags.StringLiteral) return `z.literal(${JSON.stringify(type.value)})`;
    if (checker.isTupleType(type))
      return `z.tuple([${checker
        .getTypeArguments(type)
        .map((t, i) => schema(t, `${path}[${i}]`))
        .join(', ')}])`;
    if (checker.isArrayType(type)) return `z.array(${schema(checker.getTypeArguments(type)[0], `${path}[]`)}).max(${bound(path, 'bounds.MAX_ITEMS', 'list')})`;
    if (type.flags & ts.TypeFlags.Object && type.getCallSignatures().length === 0) {
      const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
      if (index && checker.getPropertiesOfType(type).length === 0) return `z.record(bounds.name, ${schema(index.type, `${path}{}`)})`;
      const name = declaredName(type);
      return name ? reference(type, name) : objectSchema(type, path);
    }
    return fail(`no schema for ${checker.typeToString(type)} (${path})`);
  }

  /** The schema of union `type` narrowed to `parts`: null makes it nullable, literals an enum. */
  function members(type, parts, path) {
    const nonNull = parts.filter((t) => !(t.flags & ts.TypeFlags.Null));
    if (nonNull.length < parts.length) return `${members(type, nonNull, path)}.nullable()`;
    if (parts.length === 1) return schema(parts[0], path);
    if (parts.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) return 'z.boolean()';
    if (parts.every((t) => t.flags & ts.TypeFlags.StringLiteral)) return `z.enum([${parts.map((t) => JSON.stringify(t.value)).join(', ')}])`;
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

  const importsByFile = new Map();
  for (const [name, file] of typeImports) importsByFile.set(file, [...(importsByFile.get(file) ?? []), name].sort());
  const typeImportLines = [...importsByFile].map(([file, names]) => {
    const from = relative(dirname(RESULT_SCHEMA_TS), file).replace(/\.ts$/, '.js');
    return `import type { ${names.join(', ')} } from '${from.startsWith('.') ? from : `./${from}`}';`;
  });
  const code = [
    `// The zod schema of ${rootName}, GENERATED by scripts/gen-result-schema.mjs from ResultEvent's`,
    '// `result` (src/probe/protocol.ts) and the bounds of src/probe/result-bounds.ts: do not edit;',
    '// change those and run node scripts/gen-worker-protocol.mjs. src/probe/result-check.ts uses it.',
    "import { z } from 'zod';",
    ...typeImportLines,
    "import * as bounds from './result-bounds.js';",
    '',
    ...declarations.values(),
    '',
    `/** ${rootName} as declared; a field it does not declare is dropped. */`,
    `export const ${camel(rootName)} = ${body} satisfies z.ZodType<${rootName}>;`,
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(RESULT_SCHEMA_TS)) ?? {};
  return prettier.format(code, { ...options, filepath: RESULT_SCHEMA_TS });
}
