// The language-model tools the extension contributes (package.json's `languageModelTools`,
// written by `npm run gen`; a unit test fails when it is stale). The call tool's input is the
// one declaration in src/core/call-tool.ts, which the MCP server's call_function shares.
// Plain data, no `vscode` import: scripts/gen.ts reads it.
import { CALL_FUNCTION_INPUT, TARGET_PROPERTIES } from '../../core/call-tool.js';

export const TOOL_NAMES = { callFunction: 'pau_callFunction', probeFunction: 'pau_probeFunction' } as const;

/** What pau_probeFunction accepts besides the target. */
export const PROBE_MODES = ['offline', 'llm'] as const;

export const LANGUAGE_MODEL_TOOLS = [
  {
    name: TOOL_NAMES.callFunction,
    displayName: 'PAU: Call Python Function',
    toolReferenceName: 'pauCall',
    canBeReferencedInPrompt: true,
    icon: '$(beaker)',
    userDescription: "Call a Python function once in PAU Probe's sandbox.",
    modelDescription:
      "Makes one sandboxed call of a Python function in the workspace and returns its ProbeResult as JSON: status (returned, raised, rejected, timeout, crashed), the returned value's type and repr, the exception, arguments mutated in place, printed output, coverage. Arguments are Python expressions in a safe grammar (literals, lambdas, whitelisted constructors such as datetime.date, the module's classes).",
    inputSchema: CALL_FUNCTION_INPUT,
  },
  {
    name: TOOL_NAMES.probeFunction,
    displayName: 'PAU: Probe Python Function',
    toolReferenceName: 'pauProbe',
    canBeReferencedInPrompt: true,
    icon: '$(search)',
    userDescription: 'Probe a Python function black-box with PAU Probe and get a description of what it does.',
    modelDescription:
      'Runs PAU Probe on a Python function in the workspace: the offline explorer (mode offline, the default) or the LLM agent (mode llm) calls it in the sandbox, seeing only results, and infers what it does. Returns the description, the probes made and, when enabled, the comparison with the docstring. The run is shown live in the PAU Probe panel.',
    inputSchema: {
      type: 'object',
      properties: {
        ...TARGET_PROPERTIES,
        mode: { type: 'string', enum: PROBE_MODES, description: 'offline: no model needed; llm: the agent on the configured model' },
      },
      required: ['file', 'qualname'],
    },
  },
] as const;
