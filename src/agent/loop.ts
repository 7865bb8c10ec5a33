// The LLM exploration loop: ask the model, run the calls it asks for through the session's
// probe function, feed the results back, until it submits a description the loop accepts, the
// budget runs out, or the run is stopped. Overconfidence is held off by the loop itself: the
// falsification gate refuses early submissions; the budget and a turn cap bound the run.
import type OpenAI from 'openai';
import type { FunctionInfo } from '../core/probe-types.js';
import { callRequest } from '../core/probe-types.js';
import type { Description, ProbeRecord, ShownAs, Strictness } from '../core/session-types.js';
import { callKey, exampleMatcher } from '../core/call-identity.js';
import { addCoverage, type CoverageSoFar } from '../core/format.js';
import { parseTextAction, parseToolCall, TOOLS, type Action, type Parsed } from './actions.js';
import { FalsificationGate } from './falsification.js';
import type { AssistantReply } from '../llm/stream.js';
import { fromOpenAI, providerFor, toolSpecs } from '../llm/provider.js';
import { ModelView, renderProbeCompact, renderProbeVerbatim, systemPrompt, taskMessage, type PromptOptions } from './prompt.js';
import { callableParams } from '../core/shown.js';
import type { ChatProvider, LlmConfig, ProbeFn } from '../core/run-types.js';

/** Probe results older than the last RECENT_RESULTS are shown in one line each. */
export const RECENT_RESULTS = 10;
/** Turns beyond the probe budget (refusals, malformed replies, cached calls) before the loop asks for the end. */
const EXTRA_TURNS = 8;

export interface AgentOptions {
  llm: LlmConfig;
  info: FunctionInfo;
  shownAs: ShownAs;
  strictness: Strictness;
  maxProbes: number;
  coverageFeedback: boolean;
  /** Probes already made (the offline explorer's), shown in the first message. */
  seeds?: ProbeRecord[];
  probe: ProbeFn;
  onHypothesis?: (text: string) => void;
  /** `streamed`: the text already went out piece by piece through onReplyDelta. */
  onReasoning?: (text: string, streamed: boolean) => void;
  /** The model's reply as it streams in, for display. */
  onReplyDelta?: (text: string) => void;
  onUsage?: (delta: { requests: number; promptTokens: number; completionTokens: number }) => void;
  signal?: AbortSignal;
  /** Injected for tests; default createOpenAI(llm) (unused when llm.provider is set). */
  client?: OpenAI;
}

export interface AgentOutcome {
  concluded: boolean;
  description: Description | null;
  /** Why the loop ended without an accepted description. */
  endReason?: 'budget' | 'turns';
}

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** A message whose content is rebuilt before each request, so old probe results can shrink. */
interface ResultMessage {
  message: Message & { content: string };
  head: string;
  records: { record: ProbeRecord; duplicateOf?: number }[];
  tail: string;
}

export class AgentLoop {
  private readonly view: ModelView;
  private readonly provider: ChatProvider;
  /** One JSON action per reply: asked for, or the model cannot call tools. */
  private readonly textProtocol: boolean;
  private readonly gate: FalsificationGate;
  private readonly messages: Message[] = [];
  private readonly resultMessages: ResultMessage[] = [];
  private readonly all: ProbeRecord[] = [];
  private readonly firstIndexByKey = new Map<string, number>();
  /** Session coverage after each probe (by index), for the feedback line. */
  private readonly coverageAt = new Map<number, CoverageSoFar>();
  private coverage: CoverageSoFar | undefined;
  private counted = 0;
  private lastHypothesis: string | undefined;
  /** A refused submission: the best account so far if the run ends without an accepted one. */
  private lastDraft: Description | undefined;
  private draftAfterHypothesis = false;

  constructor(private readonly o: AgentOptions) {
    this.view = new ModelView(o.info, o.shownAs, o.strictness);
    this.provider = providerFor(o.llm, o.client);
    this.textProtocol = !!o.llm.textProtocol || !this.provider.supportsTools;
    const nothingToVary = callableParams(o.info).length === 0 && !o.info.needsReceiver;
    this.gate = new FalsificationGate(nothingToVary);
  }

  private get promptOptions(): PromptOptions {
    return { view: this.view, maxProbes: this.o.maxProbes, coverageFeedback: this.o.coverageFeedback, textProtocol: !!this.textProtocol };
  }

  async run(): Promise<AgentOutcome> {
    const seeds = this.o.seeds ?? [];
    this.messages.push({ role: 'system', content: systemPrompt(this.promptOptions) });
    const task = taskMessage(this.promptOptions, seeds.length > 0);
    this.resultMessage(
      'user',
      task.head,
      task.tail,
      seeds.map((record) => ({ record })),
    );
    for (const s of seeds) this.remember(s);

    const maxTurns = this.o.maxProbes + EXTRA_TURNS;
    let finalAsked = false;
    for (let turn = 1; ; turn += 1) {
      const { reply, streamed } = await this.ask();
      if (reply.content.trim()) this.o.onReasoning?.(reply.content.trim(), streamed);
      this.hypothesisFromText(reply.content);
      const outcome = this.textProtocol ? await this.handleText(reply, finalAsked) : await this.handleTools(reply, finalAsked);
      if (outcome) return outcome;
      if (finalAsked) return this.giveUp(this.counted >= this.o.maxProbes ? 'budget' : 'turns');
      const budgetGone = this.counted >= this.o.maxProbes;
      if (budgetGone || turn >= maxTurns) {
        finalAsked = true;
        const why = budgetGone ? `The probe budget (${this.o.maxProbes}) is used up.` : 'You are out of turns.';
        this.messages.push({
          role: 'user',
          content: `${why} Submit your final description now${this.textProtocol ? ' with a submit_description action' : ' with submit_description'}; no more calls will run.`,
        });
      }
    }
  }

  private giveUp(endReason: 'budget' | 'turns'): AgentOutcome {
    return { concluded: false, description: this.bestSoFar(), endReason };
  }

  /** The latest account of the function: a refused submission, or else the last hypothesis. */
  bestSoFar(): Description | null {
    if (this.lastDraft && (this.draftAfterHypothesis || !this.lastHypothesis)) return this.lastDraft;
    if (!this.lastHypothesis) return null;
    return { summary: this.lastHypothesis, details: '', parameters: {}, returns: '', raises: '', examples: this.groundExamples([]), confidence: 0 };
  }

  private async ask(): Promise<{ reply: AssistantReply; streamed: boolean }> {
    this.refreshResults();
    let streamed = false;
    const onReplyDelta = this.o.onReplyDelta;
    const reply = await this.provider.chat({
      messages: fromOpenAI(this.messages),
      // parallel tool calls are the default where supported; naming the flag breaks some endpoints
      ...(this.textProtocol ? {} : { tools: toolSpecs(TOOLS) }),
      ...(this.o.signal ? { signal: this.o.signal } : {}),
      idleTimeoutMs: this.o.llm.timeoutMs ?? 120_000,
      ...(onReplyDelta
        ? {
            onDelta: (text: string) => {
              streamed = true;
              onReplyDelta(text);
            },
          }
        : {}),
    });
    this.o.onUsage?.({ requests: 1, promptTokens: reply.usage?.promptTokens ?? 0, completionTokens: reply.usage?.completionTokens ?? 0 });
    return { reply, streamed };
  }

  /** Tool mode: every tool call gets a tool message back, in order. */
  private async handleTools(reply: AssistantReply, finalAsked: boolean): Promise<AgentOutcome | undefined> {
    this.messages.push({
      role: 'assistant',
      content: reply.content || null,
      ...(reply.toolCalls.length
        ? { tool_calls: reply.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) }
        : {}),
    });
    if (reply.toolCalls.length === 0) {
      // Some models write the action as text even when they have tools.
      const parsed = parseTextAction(reply.content);
      if (parsed.kind !== 'invalid') return this.act(parsed, finalAsked, (head, records) => this.resultMessage('user', head, '', records));
      this.messages.push({ role: 'user', content: 'Use the tools: call_function to probe the function, submit_description when you are done.' });
      return undefined;
    }
    for (const call of reply.toolCalls) {
      const respond = (head: string, records: ResultMessage['records'] = []) => this.resultMessage('tool', head, '', records, call.id);
      const outcome = await this.act(parseToolCall(call.name, call.arguments), finalAsked, respond);
      if (outcome) return outcome;
    }
    return undefined;
  }

  private async handleText(reply: AssistantReply, finalAsked: boolean): Promise<AgentOutcome | undefined> {
    this.messages.push({ role: 'assistant', content: reply.content });
    return this.act(parseTextAction(reply.content), finalAsked, (head, records) => this.resultMessage('user', head, '', records));
  }

  /** Carries out one action; `respond` adds the answer the model will read. */
  private async act(
    parsed: Parsed,
    finalAsked: boolean,
    respond: (head: string, records?: ResultMessage['records']) => ResultMessage,
  ): Promise<AgentOutcome | undefined> {
    if (parsed.kind === 'invalid') {
      respond(`Error: ${parsed.message}`);
      return undefined;
    }
    if (parsed.hypothesis) this.hypothesis(parsed.hypothesis);
    if (parsed.kind === 'submit') return this.submit(parsed, finalAsked, respond);
    if (finalAsked) {
      respond('Refused: no more calls will run. Submit your description with submit_description.');
      return undefined;
    }
    await this.calls(parsed, respond);
    return undefined;
  }

  private submit(parsed: Extract<Action, { kind: 'submit' }>, finalAsked: boolean, respond: (head: string) => ResultMessage): AgentOutcome | undefined {
    const description = { ...parsed.description, examples: this.groundExamples(parsed.description.examples) };
    const verdict = this.gate.verdict();
    if (verdict.ok || finalAsked) return { concluded: true, description };
    this.lastDraft = description;
    this.draftAfterHypothesis = true;
    respond(`Refused: not yet — ${verdict.reason} You have ${this.o.maxProbes - this.counted} probes left.`);
    return undefined;
  }

  private async calls(action: Extract<Action, { kind: 'call' }>, respond: (head: string, records: ResultMessage['records']) => ResultMessage) {
    const records: ResultMessage['records'] = [];
    const notes: string[] = [];
    for (const spec of action.calls) {
      const mapped = this.view.names.kwargsToReal(spec.kwargs);
      if (mapped.error) {
        notes.push(`Not run: ${this.view.call(spec)} — ${mapped.error}`);
        continue;
      }
      const real = callRequest({ ...spec, kwargs: mapped.kwargs });
      const earlier = this.firstIndexByKey.get(callKey(real));
      if (this.o.info.needsReceiver && real.receiver === undefined) {
        notes.push(`Not run: ${this.view.call(spec)} — this is an instance method: pass "receiver", Python source building the instance.`);
        continue;
      }
      if (this.counted >= this.o.maxProbes && earlier === undefined) {
        notes.push(`Not run: ${this.view.call(spec)} — the probe budget (${this.o.maxProbes}) is used up.`);
        continue;
      }
      const record = await this.o.probe(real, spec.note);
      this.remember(record);
      if (record.origin !== 'cache' && record.result.status !== 'rejected') {
        this.counted += 1;
        this.gate.probe(real);
      }
      records.push(record.origin === 'cache' && earlier !== undefined ? { record, duplicateOf: earlier } : { record });
    }
    respond('', records).tail = [...notes, `Probes used: ${this.counted} of ${this.o.maxProbes}.`].join('\n');
  }

  private remember(record: ProbeRecord) {
    this.all.push(record);
    const key = callKey(record);
    if (!this.firstIndexByKey.has(key)) this.firstIndexByKey.set(key, record.index);
    if (record.origin !== 'cache') this.coverage = addCoverage(this.coverage, record.result);
    if (this.coverage) this.coverageAt.set(record.index, this.coverage);
  }

  private hypothesis(text: string) {
    this.gate.hypothesis();
    this.draftAfterHypothesis = false;
    if (text === this.lastHypothesis) return;
    this.lastHypothesis = text;
    this.o.onHypothesis?.(text);
  }

  /** "Hypothesis: …" on a line of the model's text counts as stating one. */
  private hypothesisFromText(content: string) {
    const m = /^\s*(?:\*\*)?hypothesis(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.+)$/im.exec(content);
    const text = m?.[1]?.trim();
    if (text) this.hypothesis(text);
  }

  /**
   * Examples must be real: each is matched (by its canonical source, core/call-identity.ts) to a call made in this session
   * and its result replaced by the real outcome; unmatched ones are dropped. With none left,
   * up to three real calls that returned are used instead.
   */
  private groundExamples(examples: Description['examples']): Description['examples'] {
    const recorded = exampleMatcher(
      this.all.filter((r) => r.result.status === 'returned' || r.result.status === 'raised'),
      (r) => [this.view.call(r)],
    );
    const result = (r: ProbeRecord) =>
      r.result.status === 'returned'
        ? (r.result.value?.repr ?? 'None')
        : `raises ${r.result.exception?.type ?? 'Exception'}: ${r.result.exception?.message ?? ''}`.trim();
    const grounded = examples.flatMap((e) => {
      const r = recorded(e.call);
      return r ? [{ call: this.view.call(r), result: result(r), probe: r.index }] : [];
    });
    if (grounded.length > 0) return grounded;
    return this.all
      .filter((r) => r.result.status === 'returned' && r.origin !== 'cache')
      .slice(-3)
      .map((r) => ({ call: this.view.call(r), result: result(r), probe: r.index }));
  }

  private resultMessage(role: 'user' | 'tool', head: string, tail: string, records: ResultMessage['records'] = [], toolCallId = ''): ResultMessage {
    const message: ResultMessage['message'] = role === 'tool' ? { role, content: '', tool_call_id: toolCallId } : { role, content: '' };
    const entry: ResultMessage = { message, head, records, tail };
    this.messages.push(message);
    this.resultMessages.push(entry);
    return entry;
  }

  /** Rebuilds result messages: the last RECENT_RESULTS probes verbatim, older ones in one line. */
  private refreshResults() {
    const newest = this.all.at(-1)?.index ?? 0;
    const cutoff = newest - RECENT_RESULTS;
    for (const m of this.resultMessages) {
      const body = m.records.map(({ record, duplicateOf }) =>
        record.index > cutoff
          ? renderProbeVerbatim(record, {
              view: this.view,
              coverageFeedback: this.o.coverageFeedback,
              coverageSoFar: this.coverageAt.get(record.index),
              duplicateOf,
            })
          : renderProbeCompact(record, this.view),
      );
      m.message.content = [m.head, ...body, m.tail].filter((s) => s !== '').join('\n');
    }
  }
}
