// The panel's view model and how host messages change it. Pure: no DOM, so it is unit-tested
// under Node. `apply` mutates the model in place (a live run sends thousands of events) and
// says which sections of the page need drawing again.
import { callRequest, type CallRequest, type ProbeResult, type TargetResolution } from '../src/core/probe-types.js';
import type { DocstringTexts, HostMessage, PanelState, PanelTarget, Pricing } from '../src/protocol/messages.js';
import type { Problem } from '../src/protocol/problems.js';
import type {
  Comparison,
  ProbeRecord,
  SandboxReport,
  SessionError,
  SessionEvent,
  SessionFile,
  SessionSettings,
  ShownAs,
  Usage,
} from '../src/core/session-types.js';
import { sessionEvents } from '../src/core/replay.js';
import { keepTail } from './format.js';

export interface ProbeRow {
  index: number;
  request: CallRequest;
  origin: ProbeRecord['origin'];
  note?: string;
  /** Absent while the call runs. */
  result?: ProbeResult;
}

export type Section = 'header' | 'banner' | 'agent' | 'timeline' | 'result';

export interface Model {
  target: PanelTarget | null;
  shownAs: ShownAs | null;
  /** How the target resolved (what runs, when it is not the code in the file). */
  resolution: TargetResolution | null;
  mode: 'live' | 'replay';
  maxProbes: number;
  pricing?: Pricing;
  settings: SessionSettings | null;
  /** What protected the calls (the session's `sandbox`): the header's badge. */
  sandbox: SandboxReport | null;
  state: PanelState;
  probes: ProbeRow[];
  /** Probe index → position in `probes`. */
  positions: Map<number, number>;
  /** Bumped for every probe row that changed, so the timeline redraws only those. */
  revisions: Map<number, number>;
  hypothesis: { afterProbe: number; text: string } | null;
  hypothesisCount: number;
  reasoning: string;
  usage: Usage;
  final: SessionFile['final'] | null;
  comparison: Comparison | null;
  sessionError: SessionError | null;
  /** What the banner shows: the host sends it (a session's error included), the panel only draws it. */
  hostProblem: Problem | null;
  docstrings: DocstringTexts | null;
  /** The last event was a probe: the next reasoning text starts a new turn. */
  turnEnded: boolean;
  /** Bumped by every reset: rows drawn for an older run are never reused, even at the same index and revision. */
  generation: number;
}

/** Streamed reasoning kept for display. */
const REASONING_CHARS = 12_000;

const emptyUsage = (): Usage => ({ requests: 0, promptTokens: 0, completionTokens: 0 });

export function createModel(): Model {
  return {
    target: null,
    shownAs: null,
    resolution: null,
    mode: 'live',
    maxProbes: 0,
    settings: null,
    sandbox: null,
    state: { status: 'idle', insertBlocked: 'Nothing has been probed yet.', canRerun: false, canExport: false },
    probes: [],
    positions: new Map(),
    revisions: new Map(),
    hypothesis: null,
    hypothesisCount: 0,
    reasoning: '',
    usage: emptyUsage(),
    final: null,
    comparison: null,
    sessionError: null,
    hostProblem: null,
    docstrings: null,
    turnEnded: false,
    generation: 0,
  };
}

const ALL: Section[] = ['header', 'banner', 'agent', 'timeline', 'result'];

/** Clears the run's data, keeping the host's state (it sends a new one when it changes). */
function clearRun(model: Model): void {
  const fresh = createModel();
  const keep = { state: model.state, generation: model.generation + 1 };
  Object.assign(model, fresh, keep);
}

export function apply(model: Model, message: HostMessage, dirty: Set<Section>): void {
  switch (message.type) {
    case 'reset':
      clearRun(model);
      model.target = message.target;
      model.mode = message.mode;
      model.maxProbes = message.maxProbes;
      model.pricing = message.pricing;
      ALL.forEach((s) => dirty.add(s));
      return;
    case 'events':
      for (const event of message.events) applyEvent(model, event, dirty);
      return;
    case 'load-session':
      loadSession(model, message.session, dirty);
      return;
    case 'state':
      model.state = message.state;
      dirty.add('header');
      dirty.add('agent');
      dirty.add('result');
      return;
    case 'docstrings':
      model.docstrings = message.texts;
      dirty.add('result');
      return;
    case 'problem':
      model.hostProblem = message.problem;
      dirty.add('banner');
      return;
  }
}

function upsertProbe(model: Model, row: ProbeRow): void {
  const at = model.positions.get(row.index);
  const old = at === undefined ? undefined : model.probes[at];
  const last = model.probes.at(-1);
  if (at !== undefined && old !== undefined) {
    model.probes[at] = { ...old, ...row, note: row.note ?? old.note };
  } else if (!last || last.index < row.index) {
    model.positions.set(row.index, model.probes.length);
    model.probes.push(row);
  } else {
    // Out of order (rare: a cached answer reported late): insert sorted and renumber.
    const pos = model.probes.findIndex((p) => p.index > row.index);
    model.probes.splice(pos, 0, row);
    model.positions.clear();
    model.probes.forEach((p, i) => model.positions.set(p.index, i));
  }
  model.revisions.set(row.index, (model.revisions.get(row.index) ?? 0) + 1);
}

function applyEvent(model: Model, event: SessionEvent, dirty: Set<Section>): void {
  switch (event.type) {
    case 'started':
      model.shownAs = event.target.shownAs;
      model.resolution = event.target.resolution ?? null;
      model.settings = event.settings;
      model.sandbox = event.sandbox ?? null;
      model.maxProbes = event.settings.maxProbes;
      if (!model.target) model.target = { file: event.target.file, displayPath: event.target.file, qualname: event.target.qualname };
      dirty.add('header');
      dirty.add('banner');
      dirty.add('agent');
      return;
    case 'probe-started':
      upsertProbe(model, { index: event.index, request: event.request, origin: event.origin, note: event.note });
      model.turnEnded = true;
      dirty.add('timeline');
      dirty.add('agent');
      return;
    case 'probe-finished': {
      const p = event.probe;
      upsertProbe(model, { index: p.index, request: callRequest(p), origin: p.origin, note: p.note, result: p.result });
      model.turnEnded = true;
      dirty.add('timeline');
      dirty.add('agent');
      return;
    }
    case 'reasoning':
      // A streamed reply is on screen already, with its tool calls, as its pieces came.
      if (event.streamed) return;
      model.reasoning = keepTail(model.turnEnded ? event.text : model.reasoning + event.text, REASONING_CHARS);
      model.turnEnded = false;
      dirty.add('agent');
      return;
    case 'reply-delta':
      // Pieces append within a turn; a burst of them costs one render (the host batches per
      // tick, the app renders once per animation frame) and the text stays a bounded tail.
      model.reasoning = keepTail(model.turnEnded ? event.text : model.reasoning + event.text, REASONING_CHARS);
      model.turnEnded = false;
      dirty.add('agent');
      return;
    case 'hypothesis':
      model.hypothesis = { afterProbe: event.afterProbe, text: event.text };
      model.hypothesisCount++;
      dirty.add('agent');
      return;
    case 'llm-usage':
      model.usage = event.usage;
      dirty.add('header');
      return;
    case 'concluded':
      model.final = event.final;
      dirty.add('result');
      return;
    case 'comparison':
      model.comparison = event.comparison;
      dirty.add('result');
      return;
    case 'error':
      model.sessionError = event.error;
      dirty.add('banner');
      return;
    case 'finished':
      // The session file repeats what the events said; take its final word on each part.
      absorbSession(model, event.session);
      dirty.add('header');
      dirty.add('result');
      dirty.add('banner');
      return;
  }
}

function absorbSession(model: Model, session: SessionFile): void {
  model.final = session.final;
  model.comparison = session.comparison ?? model.comparison;
  model.usage = session.usage;
  model.sessionError = session.error ?? model.sessionError;
  model.settings = session.settings;
  model.sandbox = session.sandbox ?? model.sandbox;
  model.shownAs = session.target.shownAs;
  model.resolution = session.target.resolution ?? null;
}

/** Shows a whole session at once (replay, or a panel restored after a reload), through the same events a live run sends. */
function loadSession(model: Model, session: SessionFile, dirty: Set<Section>): void {
  const target = model.target;
  clearRun(model);
  model.target = target ?? { file: session.target.file, displayPath: session.target.file, qualname: session.target.qualname };
  model.mode = 'replay';
  for (const event of sessionEvents(session)) applyEvent(model, event, dirty);
  ALL.forEach((s) => dirty.add(s));
}

/** The name calls are written with: the function's own name (the user knows it, even when the agent saw `f`). */
export function callName(model: Model): string {
  const q = model.target?.qualname ?? model.shownAs?.name ?? 'f';
  return q.slice(q.lastIndexOf('.') + 1);
}

export function finishedProbes(model: Model): number {
  let n = 0;
  for (const p of model.probes) if (p.result) n++;
  return n;
}
