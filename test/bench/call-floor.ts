// This machine's floor for a call made in a fresh process, measured beside our calls: a Python
// process forked ahead of time, with no sandbox at all (no bubblewrap, Landlock, seccomp, rlimits,
// guards, cgroup, coverage or relay through a worker), that reads the call from Node over a pipe
// and answers Node itself, then exits; its parent forks the next one as soon as it has. Nothing
// that forks a fresh process per call can answer sooner on this machine. Like our call processes,
// one whose request has not come within 50 ms first answers a call of its own (thrown away), so
// that its copy-on-write faults and cold caches come before the request.
//
// Kept the same as our calls where it is not the design being measured: the same interpreter as
// the worker's, the same `def f(x): return x + 1` called with the same argument source, the same
// CallMessage written by Node, the result serialised by json.dumps with the fields our call's
// result has (our first result is its template), and on Node's side the same line splitting,
// JSON.parse and checkResult, timed the same way, from before the write to the checked result.
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { LineSplitter } from '../../src/probe/lines.js';
import { checkResult, resultBudget } from '../../src/probe/result-check.js';
import { defaultLimits } from '../../src/probe/client.js';
import type { ProbeResult } from '../../src/core/probe-types.js';
import { workerEnvironment } from '../../src/probe/environment.js';

const FLOOR = `
import ast, json, os, select, sys, time

def f(x):
    return x + 1

REQUEST, RESPONSE = 3, 4
TEMPLATE = json.loads(sys.argv[1])

def answer(raw):
    message = json.loads(raw)
    args = [ast.literal_eval(source) for source in message["args"]]
    started = time.perf_counter()
    value = f(*args)
    duration = (time.perf_counter() - started) * 1000.0
    result = dict(TEMPLATE, durationMs=round(duration, 3), value=dict(TEMPLATE["value"], repr=repr(value)))
    return (json.dumps({"event": "result", "id": message["id"], "result": result}, separators=(",", ":")) + "\\n").encode("utf-8")

def serve():
    if not select.select([REQUEST], [], [], 0.05)[0]:
        answer(b'{"id": 0, "args": ["1"]}')
    raw = b""
    while not raw.endswith(b"\\n"):
        chunk = os.read(REQUEST, 1 << 16)
        if not chunk:
            os._exit(1)  # Node closed the pipe: the parent ends too
        raw += chunk
    os.write(RESPONSE, answer(raw))
    os._exit(0)

while True:
    pid = os.fork()
    if pid == 0:
        serve()
    _, status = os.waitpid(pid, 0)
    if status != 0:
        break
`;

/**
 * Milliseconds per call, `calls` calls `pauseMs` apart (after 20 not counted), each answered by
 * a process forked ahead of time that answers Node directly. `template`: a result of our worker
 * for the same call, whose fields the floor's answer carries.
 */
export async function floorCalls(python: string, template: ProbeResult, calls: number, pauseMs: number): Promise<number[]> {
  const proc = spawn(python, ['-B', '-c', FLOOR, JSON.stringify(template)], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    env: workerEnvironment(),
  });
  const requests = proc.stdio[3] as Writable;
  const responses = proc.stdio[4] as Readable;
  let stderr = '';
  proc.stderr?.setEncoding('utf8');
  proc.stderr?.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const lines = new LineSplitter();
  let answered: ((line: string) => void) | undefined;
  let failed: ((error: Error) => void) | undefined;
  responses.setEncoding('utf8');
  responses.on('data', (chunk: string) => lines.push(chunk, (line) => answered?.(line)));
  void exited.then(() => failed?.(new Error(`the floor's process ended: ${stderr.trim().split('\n').pop() ?? ''}`)));
  const limits = defaultLimits();
  const budget = resultBudget(limits);
  const samples: number[] = [];
  try {
    for (let i = 0; i < calls + 20; i++) {
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      const started = performance.now();
      const result = await new Promise<ProbeResult>((resolve, reject) => {
        failed = reject;
        answered = (line) => {
          const message = JSON.parse(line) as { id: number; result: unknown };
          if (message.id !== i) return reject(new Error(`the floor answered call ${message.id}, not ${i}`));
          resolve(checkResult(message.result, budget));
        };
        requests.write(JSON.stringify({ op: 'call', id: i, args: [String(i)], kwargs: {}, limits }) + '\n');
      });
      if (i >= 20) samples.push(performance.now() - started);
      if (result.value?.repr !== String(i + 1)) throw new Error(`the floor answered wrongly: ${JSON.stringify(result)}`);
    }
    return samples;
  } finally {
    failed = undefined;
    requests.end();
    await exited;
  }
}
