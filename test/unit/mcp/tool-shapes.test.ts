// The "call a function" tool's input is declared once (src/core/call-tool.ts). package.json's
// pau_callFunction is written from it by `npm run gen` (test/unit/extension/generated.test.ts);
// here MCP's call_function shape, read back as JSON Schema, must say the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { CALL_FUNCTION_INPUT } from '../../../src/core/call-tool.js';
import { CALL_INPUT, TARGET_INPUT } from '../../../src/mcp/tool-shapes.js';

test("MCP's call_function input is the declared one: the same fields, bounds, patterns and descriptions", () => {
  const schema = z.toJSONSchema(z.object({ ...TARGET_INPUT, ...CALL_INPUT }), { io: 'input' }) as Record<string, unknown>;
  delete schema.$schema;
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  assert.deepEqual(properties.args?.default, [], 'args left out is no arguments');
  delete properties.args?.default;
  assert.deepEqual(JSON.parse(JSON.stringify(schema)), JSON.parse(JSON.stringify(CALL_FUNCTION_INPUT)));
});

test('keyword arguments past the bound are refused by their count, before any entry is checked', () => {
  // Checked entry by entry first, 100,000 of them kept the MCP server busy for seconds (red-team round 8).
  const kwargs = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`${i}bad name`, 7]));
  const result = z.object({ ...TARGET_INPUT, ...CALL_INPUT }).safeParse({ file: 'm.py', qualname: 'f', kwargs });
  assert.equal(result.success, false);
  assert.deepEqual(
    result.error?.issues.map((issue) => issue.message),
    ['at most 50 keyword arguments'],
  );
  assert.equal(z.object(CALL_INPUT).safeParse({ kwargs: { ok: '1' } }).success, true);
});
