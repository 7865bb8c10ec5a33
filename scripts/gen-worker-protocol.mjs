// Generates python/pau_probe/protocol.py (TypedDicts) from src/probe/protocol.ts,
// the one declaration of the host ⇄ worker protocol. Uses TypeScript's own type checker, so
// interfaces, aliases, indexed access types and imports from src/core resolve as tsc sees them.
//
// It also writes fields.py, the field lists the worker needs at run time, and (through
// scripts/gen-result-schema.mjs) src/probe/result-schema.ts, the host's zod schema of the results
// the worker sends, and result-plain-check.ts, the same checks as plain functions: the four outputs
// of one source, so a field added there reaches them all.
//
//   node scripts/gen-worker-protocol.mjs          write the files
//   node scripts/gen-worker-protocol.mjs --check  exit 1 when a file is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { generateResultPlainCheck, generateResultSchema, PROTOCOL_TS, protocolProgram, RESULT_PLAIN_CHECK_TS, RESULT_SCHEMA_TS } from './gen-result-schema.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export { PROTOCOL_TS };
export const PROTOCOL_PY = join(ROOT, 'python/pau_probe/protocol.py');
/** Field names the worker needs at run time, in a module that imports nothing (protocol.py imports typing). */
export const FIELDS_PY = join(ROOT, 'python/pau_probe/fields.py');

const pascal = (text) => text.replace(/(^|[^A-Za-z0-9])([a-z0-9])/g, (_, __, c) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

/** The Python source of protocol.py for the current src/probe/protocol.ts. */
export function generate() {
  const program = protocolProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(PROTOCOL_TS);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const exported = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
  const order = readExportList(source);

  /** name -> Python declaration text; insertion order is output order. */
  const declarations = new Map();
  /** TypeScript type (by identity) -> the Python name given to it. */
  const names = new Map();

  function typeName(type, fallback) {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const own = symbol && !['__type', '__object'].includes(symbol.name) ? symbol.name : undefined;
    return own ?? fallback;
  }

  /** Python annotation for `type`; object types become TypedDicts named after `hint`. */
  function annotate(type, hint) {
    if (type.flags & ts.TypeFlags.String) return 'str';
    if (type.flags & ts.TypeFlags.Number) return 'float';
    if (type.flags & ts.TypeFlags.Boolean) return 'bool';
    if (type.flags & ts.TypeFlags.Null) return 'None';
    if (type.flags & ts.TypeFlags.StringLiteral) return `Literal[${JSON.stringify(type.value)}]`;
    if (type.flags & ts.TypeFlags.BooleanLiteral) return 'bool';
    if (type.isUnion()) {
      const parts = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
      if (parts.length === 1) return annotate(parts[0], hint); // an optional property's `T | undefined`
      if (parts.every((t) => t.flags & ts.TypeFlags.StringLiteral)) return `Literal[${parts.map((t) => JSON.stringify(t.value)).join(', ')}]`;
      if (parts.length === 2 && parts.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) return 'bool';
      const alias = type.aliasSymbol?.name;
      if (alias && names.has(type)) return `"${names.get(type)}"`;
      if (alias) names.set(type, alias);
      const members = parts.map((t, i) => annotate(t, `${alias ?? hint}${discriminant(t) ?? i}`));
      const union = `Union[${members.join(', ')}]`;
      if (!alias) return union;
      declarations.set(alias, `${alias} = ${union}`);
      return `"${alias}"`;
    }
    if (checker.isTupleType(type))
      return `Tuple[${checker
        .getTypeArguments(type)
        .map((t, i) => annotate(t, `${hint}${i}`))
        .join(', ')}]`;
    if (checker.isArrayType(type)) return `List[${annotate(checker.getTypeArguments(type)[0], `${hint}Item`)}]`;
    if (type.flags & ts.TypeFlags.Object) {
      const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
      if (index && checker.getPropertiesOfType(type).length === 0) return `Dict[str, ${annotate(index.type, `${hint}Value`)}]`;
      return `"${typedDict(type, typeName(type, hint))}"`;
    }
    throw new Error(`gen-worker-protocol: no Python type for ${checker.typeToString(type)} (${hint})`);
  }

  /** The literal value of a union member's `t`/`event`/`op` field, for its Python name. */
  function discriminant(type) {
    for (const key of ['t', 'event', 'op', 'kind']) {
      const property = type.getProperty?.(key);
      const value = property && checker.getTypeOfSymbol(property);
      if (value && value.flags & ts.TypeFlags.StringLiteral) return pascal(value.value);
      if (value?.isUnion() && value.types.every((t) => t.flags & ts.TypeFlags.StringLiteral)) return value.types.map((t) => pascal(t.value)).join('');
    }
    return undefined;
  }

  function typedDict(type, name) {
    if (names.has(type)) return names.get(type);
    names.set(type, name);
    declarations.set(name, null); // reserve the slot: nested types come after their parent
    const required = [];
    const optional = [];
    for (const property of checker.getPropertiesOfType(type)) {
      // The written type keeps its alias (`data?: TaggedValue`); the symbol's type would be an anonymous `TaggedValue | undefined`.
      const written = property.valueDeclaration?.type;
      const propertyType = written ? checker.getTypeFromTypeNode(written) : checker.getTypeOfSymbol(property);
      const line = `    ${property.name}: ${annotate(propertyType, name + pascal(property.name))}`;
      const doc = ts.displayPartsToString(property.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim();
      const entry = doc ? `${line}  # ${doc}` : line;
      (property.flags & ts.SymbolFlags.Optional ? optional : required).push(entry);
    }
    const doc = ts
      .displayPartsToString(type.getSymbol()?.getDocumentationComment(checker) ?? [])
      .replace(/\s+/g, ' ')
      .trim();
    const docLine = doc ? `    """${doc.replace(/"""/g, "'''")}"""\n` : '';
    let text;
    if (optional.length === 0) text = `class ${name}(TypedDict):\n${docLine}${required.join('\n') || '    pass'}`;
    else if (required.length === 0) text = `class ${name}(TypedDict, total=False):\n${docLine}${optional.join('\n')}`;
    else
      text = `class _${name}Required(TypedDict):\n${required.join('\n')}\n\n\nclass ${name}(_${name}Required, total=False):\n${docLine}${optional.join('\n')}`;
    declarations.set(name, text);
    return name;
  }

  for (const name of order) {
    const symbol = exported.get(name);
    if (!symbol) throw new Error(`gen-worker-protocol: ${name} is not exported by src/probe/protocol.ts`);
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    if (type.isUnion()) annotate(type, name);
    else typedDict(type, name);
  }

  // Aliases (unions) refer to classes by name: classes first, then aliases, each in first-seen order.
  const classes = [...declarations.values()].filter((d) => d?.startsWith('class '));
  const aliases = [...declarations.values()].filter((d) => d && !d.startsWith('class '));
  return [
    '"""The host <-> worker protocol as TypedDicts. GENERATED from src/probe/protocol.ts by',
    'scripts/gen-worker-protocol.mjs: do not edit; change the TypeScript and run the script."""',
    'from typing import Dict, List, Literal, Tuple, TypedDict, Union',
    '',
    '__all__ = [' + order.map((n) => JSON.stringify(n)).join(', ') + ']',
    '',
    '',
    [...classes, ...aliases].join('\n\n\n'),
    '',
  ].join('\n');
}

/**
 * The Python source of fields.py: for each interface in PYTHON_FIELD_LISTS, a tuple of its
 * field names (FIELDS_OF_CHILD_RESULT), so the worker copies fields by the declaration.
 */
export function generateFields() {
  const program = protocolProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(PROTOCOL_TS);
  const exported = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(source)).map((s) => [s.name, s]));
  const lines = [
    '"""Field names of protocol messages, for the worker at run time. GENERATED from',
    'src/probe/protocol.ts by scripts/gen-worker-protocol.mjs: do not edit."""',
    '',
  ];
  for (const name of readExportList(source, 'PYTHON_FIELD_LISTS')) {
    const symbol = exported.get(name);
    if (!symbol) throw new Error(`gen-worker-protocol: ${name} is not exported by src/probe/protocol.ts`);
    const fields = checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)).map((p) => JSON.stringify(p.name));
    const constant = `FIELDS_OF_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
    lines.push(`${constant} = (${fields.join(', ')}${fields.length === 1 ? ',' : ''})`);
  }
  return lines.join('\n') + '\n';
}

/** The names in `export const <list> = [...]` (default PYTHON_EXPORTS), read from the syntax tree. */
function readExportList(source, list = 'PYTHON_EXPORTS') {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText(source) !== list) continue;
      let init = declaration.initializer;
      if (init && ts.isAsExpression(init)) init = init.expression;
      if (init && ts.isArrayLiteralExpression(init)) return init.elements.map((e) => e.text);
    }
  }
  throw new Error(`gen-worker-protocol: ${list} is missing from src/probe/protocol.ts`);
}

/** Every generated file with the text it should have: what --check and the unit test compare. */
export async function outputs() {
  return [
    [PROTOCOL_PY, generate()],
    [FIELDS_PY, generateFields()],
    [RESULT_SCHEMA_TS, await generateResultSchema()],
    [RESULT_PLAIN_CHECK_TS, await generateResultPlainCheck()],
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [path, text] of await outputs()) {
    if (process.argv.includes('--check')) {
      let current = '';
      try {
        current = readFileSync(path, 'utf8');
      } catch {
        // missing: stale
      }
      if (current !== text) {
        console.error(`${path.slice(ROOT.length + 1)} is stale: run node scripts/gen-worker-protocol.mjs`);
        process.exit(1);
      }
    } else {
      writeFileSync(path, text);
    }
  }
}
