// Round trip of a trivial call: our warm pre-forked worker against the research harness's
// process-per-call, the in-process floor, and what starting a worker costs.
//
// Fairness: (a) is timed in Node around `worker.call()`, so it includes JSON over the pipe,
// the host's bookkeeping, the sandbox setup, rendering, coverage and mutation checks.
// (b) re-implements the PAU harness (ast.literal_eval of the input, a new
// multiprocessing.Process per call with a Queue, str() of the result) and is timed inside
// Python around each call: no Node, no pipe to the host, so it is the baseline's best case.
// It runs twice: with the fork start method (Linux's default up to Python 3.13: cheap here,
// the parent is a tiny script) and with spawn (the default on macOS and Windows).
// (c) is a plain call timed in Python. (d) is startWorker() (spawn + import + describe)
// timed in Node, in paired starts with the OS layer on and off (start-cost.ts,
// the same measurement as the sandbox bench).
//
// The machine is shared (2 cores, other jobs): the rows are measured in ROUNDS interleaved
// rounds and each keeps its round with the lowest median, the same rule for every row.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, type CallTiming } from '../../src/probe/client.js';
import type { Goal } from './run.js';
import { existsSync, realpathSync } from 'node:fs';
import { interpreterExecutable, osLayerStartCost, startWith, warmAndColdStarts } from './start-cost.js';
import { callCpu, workerCpu } from './call-cpu.js';
import { floorCalls } from './call-floor.js';
import type { ProbeResult } from '../../src/core/probe-types.js';

export const name = 'probe';

const TRIVIAL = 'def f(x):\n    return x + 1\n';
const CALLS = 400;
const PAU_CALLS = 100;
const ROUNDS = 3;

/**
 * Runs every measurement once per round, rounds interleaved so that load from other jobs
 * drifts over all rows alike, and keeps each row's round with the lowest median (noise only
 * ever adds time).
 */
async function bestOfRounds<K extends string>(measures: Record<K, () => Promise<Figures> | Figures>): Promise<Record<K, Figures>> {
  const best = {} as Record<K, Figures>;
  for (let i = 0; i < ROUNDS; i++) {
    for (const key of Object.keys(measures) as K[]) {
      const round = await measures[key]();
      if (!best[key] || round.medianMs < best[key].medianMs) best[key] = round;
    }
  }
  return best;
}

export interface Figures {
  medianMs: number;
  p95Ms: number;
  n: number;
}

export function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { medianMs: round(at(0.5)), p95Ms: round(at(0.95)), n: samples.length };
}

function round(ms: number): number {
  return Number(ms.toPrecision(4));
}

/** Where the calls' time went, per step, the median of the last measured run (see CallSteps). */
let steps: Record<string, number> = {};
/** Our first measured call's result: the floor's answers carry its fields (call-floor.ts). */
let template: ProbeResult | undefined;

async function ours(pauseMs: number, sandbox: 'auto' | 'guards' = 'auto'): Promise<Figures> {
  const worker = await startWorker({ target: { source: TRIVIAL, qualname: 'f' }, sandbox });
  const timings: CallTiming[] = [];
  worker.on('timing', (t: CallTiming) => timings.push(t));
  try {
    for (let i = 0; i < 20; i++) await worker.call({ args: ['1'] }); // warm the host side too
    const samples: number[] = [];
    const n = pauseMs ? CALLS / 4 : CALLS;
    for (let i = 0; i < n; i++) {
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      const started = performance.now();
      const result = await worker.call({ args: [String(i)] });
      samples.push(performance.now() - started);
      if (result.value?.repr !== String(i + 1)) throw new Error(`wrong answer: ${JSON.stringify(result)}`);
      template ??= result;
    }
    const measured = timings.slice(20);
    const keys = ['checkMs', 'childMs', 'runMs', 'collectMs', 'roundTripMs'] as const;
    steps = Object.fromEntries(keys.map((k) => [k, figures(measured.map((t) => t[k])).medianMs]));
    return figures(samples);
  } finally {
    await worker.stop();
  }
}

/**
 * The PAU harness's execution model, timed in Python; prints per-call milliseconds as JSON.
 * argv: calls, start method, and optionally a size: then f returns a string of that many
 * bytes (the large-result bench), else x + 1.
 */
export const PAU_STYLE = `
import ast, json, multiprocessing, sys, time

SIZE = int(sys.argv[3]) if len(sys.argv) > 3 else 0

def f(x):
    return "x" * SIZE if SIZE else x + 1

def run(queue, source):
    try:
        args = ast.literal_eval(source)
        queue.put(str(f(*args)))
    except Exception as exc:
        queue.put(str(exc))

def main():
    context = multiprocessing.get_context(sys.argv[2])
    samples = []
    for i in range(int(sys.argv[1]) + 5):
        started = time.perf_counter()
        queue = context.Queue()
        process = context.Process(target=run, args=(queue, "(%d,)" % i))
        process.start()
        answer = queue.get()
        process.join()
        samples.append((time.perf_counter() - started) * 1000)
        assert len(answer) == SIZE if SIZE else answer == str(i + 1), answer[:100]
    print(json.dumps(samples[5:]))

if __name__ == "__main__":
    main()
`;

const IN_PROCESS = `
import json, time

def f(x):
    return x + 1

samples = []
for _ in range(200):
    started = time.perf_counter()
    for i in range(1000):
        f(i)
    samples.append((time.perf_counter() - started))  # seconds per 1000 calls = ms per call
print(json.dumps(samples))
`;

export function python(script: string, args: string[] = []): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-'));
  try {
    const file = join(dir, 'bench.py');
    writeFileSync(file, script);
    return JSON.parse(execFileSync('python3', [file, ...args], { encoding: 'utf8', cwd: dir })) as number[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const warmSteps: Record<string, number>[] = [];
  const spacedRounds = new Map<Figures, Record<string, number>>();
  // The floor runs the worker's interpreter; its answers carry the fields of our first result.
  const interpreter = await interpreterExecutable('python3');
  const ourResult = () => {
    if (!template) throw new Error('the floor needs a result of ours first');
    return template;
  };
  const { warm, paced, spaced, floorSpaced, floorWarm, pauStyle, pauStyleSpawn, inProcess, warmGuards } = await bestOfRounds({
    warm: async () => {
      const figures = await ours(0);
      warmSteps.push(steps);
      return figures;
    },
    paced: () => ours(5),
    // As between an agent's calls (a model turn takes far longer): the next call's process
    // has been forked and has warmed up.
    spaced: async () => {
      const figures = await ours(100);
      spacedRounds.set(figures, steps);
      return figures;
    },
    // This machine's floor for a fresh process per call (call-floor.ts), spaced and back to back.
    floorSpaced: async () => figures(await floorCalls(interpreter, ourResult(), CALLS / 4, 100)),
    floorWarm: async () => figures(await floorCalls(interpreter, ourResult(), CALLS, 0)),
    pauStyle: () => figures(python(PAU_STYLE, [String(PAU_CALLS), 'fork'])),
    pauStyleSpawn: () => figures(python(PAU_STYLE, [String(PAU_CALLS / 4), 'spawn'])),
    inProcess: () => figures(python(IN_PROCESS)),
    // The same with the OS sandbox (bubblewrap) off: what the OS layer costs per call.
    warmGuards: () => ours(0, 'guards'),
  });
  const startCost = await osLayerStartCost().catch((error: Error) => {
    console.log(`worker start not measured: ${error.message}`);
    return undefined;
  });
  const start = startCost?.os;
  const startGuards = startCost?.guards;
  // What part of a start is the interpreter's own, and the same start with Debian's python3
  // when PATH's python3 is another one (a pyenv build whose site-packages may run .pth files
  // at every start).
  const interpreters = startCost ? await startsByInterpreter() : [];
  const debianPython = interpreters.find((i) => i.debian)?.python;
  const warmStarts = debianPython
    ? await warmAndColdStarts(debianPython).catch((error: Error) => {
        console.log(`warm start not measured: ${error.message}`);
        return undefined;
      })
    : undefined;
  if (warmStarts) {
    console.log(
      `warm starts with ${debianPython}, OS layer on (pairs with cold starts, order alternating): warm ${warmStarts.warm.medianMs} ms (p95 ${warmStarts.warm.p95Ms}), ` +
        `cold ${warmStarts.cold.medianMs} ms (p95 ${warmStarts.cold.p95Ms}); first call after it: warm ${warmStarts.warmFirstCall.medianMs} ms, cold ${warmStarts.coldFirstCall.medianMs} ms; ` +
        `the warm parent's own start, once: ${warmStarts.parentMs} ms`,
    );
  }
  const speedupVsPauStyle = Math.round((pauStyle.medianMs / warm.medianMs) * 10) / 10;
  const speedupVsPauStyleSpawn = Math.round((pauStyleSpawn.medianMs / warm.medianMs) * 10) / 10;
  const speedupPacedVsPauStyle = Math.round((pauStyle.medianMs / paced.medianMs) * 10) / 10;
  const rows: [string, Figures][] = [
    ['(a) warm pre-forked worker, back to back (Node round trip)', warm],
    ['(a) same, 5 ms between calls', paced],
    ['(a) same, 100 ms between calls (a warm call process is waiting)', spaced],
    ['(g) floor: a process forked ahead of time, no sandbox, answering Node directly, 100 ms between calls', floorSpaced],
    ['(g) same floor, back to back (its next process is forked once the previous one has exited)', floorWarm],
    ['(b) PAU harness: multiprocessing.Process per call, fork start method (Linux default)', pauStyle],
    ['(b) same, spawn start method (macOS and Windows default)', pauStyleSpawn],
    ['(c) plain in-process call (floor)', inProcess],
    ...(start ? [['(d) startWorker: spawn + import + describe (paired starts)', start] as [string, Figures]] : []),
    ['(e) = (a) back to back, OS sandbox off (guards only)', warmGuards],
    ...(startGuards ? [['(f) = (d) startWorker, OS sandbox off (guards only)', startGuards] as [string, Figures]] : []),
  ];
  console.log('| what | median ms | p95 ms | n |');
  console.log('|---|---:|---:|---:|');
  for (const [label, f] of rows) console.log(`| ${label} | ${f.medianMs} | ${f.p95Ms} | ${f.n} |`);
  if (startCost) console.log(startCost.summary);
  for (const i of interpreters) {
    console.log(
      `startWorker with ${i.python}, OS layer on: median ${i.start.medianMs} ms (p95 ${i.start.p95Ms}, n ${i.start.n}); that interpreter alone (\`-B -c pass\`): median ${i.interpreterAlone.medianMs} ms; the first call right after the start: median ${i.firstCall.medianMs} ms (it waits for its call process, forked as the start ends)`,
    );
  }
  console.log(`speedup vs PAU style (median b fork / median a back to back): ${speedupVsPauStyle}x`);
  console.log(`  paced calls vs PAU style fork: ${speedupPacedVsPauStyle}x; back to back vs PAU style spawn: ${speedupVsPauStyleSpawn}x`);
  const callSteps = warmSteps.at(-1) ?? {};
  console.log(`where a back-to-back call's time goes (median ms, worker steps then the host's round trip): ${JSON.stringify(callSteps)}`);
  // The same for the spaced calls of the row's best round, and their CPU (a call 100 ms after the
  // previous wakes every process cold: CPU says which of them a cut would count in).
  const spacedCallSteps = spacedRounds.get(spaced) ?? {};
  console.log(`where a call 100 ms after the previous goes (median ms, worker steps then the host's round trip): ${JSON.stringify(spacedCallSteps)}`);
  const overFloor = spaced.medianMs / floorSpaced.medianMs;
  const overFloorWarm = warm.medianMs / floorWarm.medianMs;
  console.log(
    `against this machine's floor (g), medians: 100 ms apart ours ${spaced.medianMs} ms, floor ${floorSpaced.medianMs} ms (${overFloor.toFixed(2)}×); ` +
      `back to back ours ${warm.medianMs} ms, floor ${floorWarm.medianMs} ms (${overFloorWarm.toFixed(2)}×), harness model ${pauStyle.medianMs} ms`,
  );
  const cpu = await callCpu(200, PAU_STYLE, python).catch((error: Error) => console.log(`CPU per call not measured: ${error.message}`));
  if (cpu) {
    const ours = cpu.hostMs + cpu.workerMs + cpu.forkServerMs + cpu.callProcessesMs;
    console.log(
      `CPU per back-to-back call (ms, /proc): host ${cpu.hostMs}, worker ${cpu.workerMs}, fork server ${cpu.forkServerMs}, call processes ${cpu.callProcessesMs}: ` +
        `${ours.toFixed(2)} in all; the harness model, parent and children: ${cpu.harnessModelMs}`,
    );
    const f = cpu.faults;
    console.log(
      `minor page faults per back-to-back call (/proc, steadier than time under load): host ${f.host}, worker ${f.worker}, fork server ${f.forkServer}, ` +
        `call processes ${f.callProcesses}: ${f.host + f.worker + f.forkServer + f.callProcesses} in all; the harness model, parent and children: ${f.harnessModel}`,
    );
  }
  const spacedCpu = await workerCpu(40, 100).catch((error: Error) => console.log(`CPU per spaced call not measured: ${error.message}`));
  if (spacedCpu) {
    const f = spacedCpu.faults;
    console.log(
      `CPU per call 100 ms after the previous (ms, /proc, 40 calls): host ${spacedCpu.hostMs}, worker ${spacedCpu.workerMs}, fork server ${spacedCpu.forkServerMs}, ` +
        `call processes ${spacedCpu.callProcessesMs}: ${(spacedCpu.hostMs + spacedCpu.workerMs + spacedCpu.forkServerMs + spacedCpu.callProcessesMs).toFixed(2)} in all; ` +
        `minor page faults ${f.host + f.worker + f.forkServer + f.callProcesses} (call processes ${f.callProcesses})`,
    );
  }
  // Issue 23's goals. Ratios are judged unrounded (a 0.96× must not pass as 1.0×).
  const ratio = pauStyle.medianMs / warm.medianMs;
  const spacedRatio = pauStyle.medianMs / spaced.medianMs;
  const harness = `harness model ${pauStyle.medianMs} ms (multiprocessing.Process + Queue, fork)`;
  const floor = (f: Figures, ours: number) =>
    `this machine's floor ${f.medianMs} ms (a process forked ahead of time, no sandbox, answering Node directly; ours ${ours.toFixed(2)}× it; ` +
    `the floor itself ${(pauStyle.medianMs / f.medianMs).toFixed(2)}× the harness model)`;
  // The 100-ms goal's 4× asks for at most a quarter of the harness model's time: where even the
  // floor takes longer, no fresh process per call meets it on this machine in this run.
  const quarter = pauStyle.medianMs / 4;
  const fourFold = `4× needs ≤ ${quarter.toFixed(3)} ms: ${floorSpaced.medianMs <= quarter ? 'within' : 'below'} this machine's floor`;
  const debian = interpreters.find((i) => i.debian);
  const goals: Goal[] = [
    {
      figure: 'call, back to back',
      value: `${warm.medianMs} ms: ${speedupVsPauStyle}× the harness model`,
      goal: '≥ 1.0× the harness model',
      met: ratio >= 1,
      baseline: `${harness}; ${floor(floorWarm, overFloorWarm)}`,
    },
    {
      figure: 'call 100 ms after the previous',
      value: `${spaced.medianMs} ms: ${Math.round(spacedRatio * 10) / 10}× faster than the harness model`,
      goal: '≤ 1.0 ms, and ≥ 4× faster than the harness model',
      met: spaced.medianMs <= 1 && spacedRatio >= 4,
      baseline: `${harness}; ${floor(floorSpaced, overFloor)}; ${fourFold}; in-process call ${inProcess.medianMs} ms`,
    },
    {
      figure: 'call 5 ms after the previous',
      value: `${paced.medianMs} ms: ${speedupPacedVsPauStyle}× the harness model`,
      goal: 'reported (no goal in issue 23)',
      met: null,
      baseline: harness,
    },
    {
      figure: '`startWorker` with the OS layer, Debian python3, cold start',
      value: debian ? `${debian.start.medianMs} ms` : start ? 'not measured: no /usr/bin/python3' : 'not measured: no OS layer here',
      goal: '≤ 90 ms',
      met: debian ? debian.start.medianMs <= 90 : null,
      baseline: debian ? `${debian.python} alone (\`-B -c pass\`) starts in ${debian.interpreterAlone.medianMs} ms` : '',
    },
    {
      // A worker forked by a warm parent (src/probe/warm.ts), paired with cold starts.
      figure: '`startWorker` with the OS layer, Debian python3, warm start',
      value: warmStarts ? `${warmStarts.warm.medianMs} ms (first call ${warmStarts.warmFirstCall.medianMs} ms)` : 'not measured',
      goal: '≤ 30 ms',
      met: warmStarts ? warmStarts.warm.medianMs <= 30 : null,
      baseline: warmStarts
        ? `cold ${warmStarts.cold.medianMs} ms (first call ${warmStarts.coldFirstCall.medianMs} ms), paired in this run; the parent's own start ${warmStarts.parentMs} ms, once`
        : '',
    },
    ...(start
      ? [
          {
            figure: "`startWorker`, PATH's python3, OS layer on (paired starts)",
            value: `${start.medianMs} ms`,
            goal: 'reported',
            met: null,
            baseline: startGuards ? `${startGuards.medianMs} ms without the OS layer (guards only), paired` : '',
          },
        ]
      : []),
    ...interpreters
      .filter((i) => !i.debian)
      .map((i): Goal => ({
        figure: `\`startWorker\` with the OS layer, ${i.python}`,
        value: `${i.start.medianMs} ms`,
        goal: 'reported',
        met: null,
        baseline: `that interpreter alone starts in ${i.interpreterAlone.medianMs} ms`,
      })),
  ];
  return {
    warm,
    paced,
    spaced,
    floorSpaced,
    floorWarm,
    pauStyle,
    pauStyleSpawn,
    inProcess,
    workerStart: startCost,
    startsByInterpreter: interpreters,
    warmStarts,
    warmGuardsOnly: warmGuards,
    speedupVsPauStyle,
    speedupPacedVsPauStyle,
    speedupVsPauStyleSpawn,
    callSteps,
    spacedCallSteps,
    callCpu: cpu || undefined,
    spacedCallCpu: spacedCpu || undefined,
    goals,
  };
}

type InterpreterStart = Awaited<ReturnType<typeof startWith>> & { debian: boolean };

/** PATH's python3, then Debian's when it is another interpreter (see startWith); `debian` marks /usr/bin/python3's. */
async function startsByInterpreter(): Promise<InterpreterStart[]> {
  const out: InterpreterStart[] = [];
  const seen = new Set<string>();
  const debian = existsSync('/usr/bin/python3') ? realpathSync(await interpreterExecutable('/usr/bin/python3')) : undefined;
  for (const python of ['python3', '/usr/bin/python3']) {
    if (python.startsWith('/') && !existsSync(python)) continue;
    try {
      const executable = realpathSync(await interpreterExecutable(python));
      if (seen.has(executable)) continue; // PATH's python3 is Debian's: measured once
      seen.add(executable);
      out.push({ ...(await startWith(python)), debian: executable === debian });
    } catch (error) {
      console.log(`start with ${python} not measured: ${(error as Error).message}`);
    }
  }
  return out;
}
