// Where the CPU of a back-to-back call goes, by process: the host (this Node process), the
// worker, its fork server and the call processes (the server reaps them: their CPU is its
// children's), read from /proc around a run of calls; and the research-harness model's, parent
// and children, from its own rusage. Back to back on 2 cores the calls are bound by CPU rather
// than by waiting, and CPU time moves less with the machine's load than wall time does, so
// this says where a cut would count. Page faults too, counted the same way: a call process's
// CPU is mostly its copy-on-write faults (docs/worker-protocol.md), and their count does not move
// with the load at all. Linux only (undefined elsewhere).
import { existsSync, readFileSync } from 'node:fs';
import { startWorker } from '../../src/probe/client.js';
import { descendants } from '../support/processes.js';

const TRIVIAL = 'def f(x):\n    return x + 1\n';
const TICKS_PER_MS = 0.1; // USER_HZ is 100 on Linux

export interface CallCpu {
  hostMs: number;
  workerMs: number;
  forkServerMs: number;
  callProcessesMs: number;
  /** multiprocessing.Process + Queue per call, fork: the script's own CPU and its children's. */
  harnessModelMs: number;
  /** Minor page faults per call, by the same processes. */
  faults: { host: number; worker: number; forkServer: number; callProcesses: number; harnessModel: number };
}

/** CPU ticks and minor page faults of a process: its own, and those of the children it has reaped. */
function ticks(pid: number): { own: number; reaped: number; faults: number; reapedFaults: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": minflt, cminflt are fields 10-11; utime, stime, cutime, cstime 14-17.
    const [minflt, cminflt, , , utime, stime, cutime, cstime] = text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .slice(7, 15)
      .map(Number);
    if (minflt === undefined || cminflt === undefined || utime === undefined || stime === undefined || cutime === undefined || cstime === undefined)
      return undefined;
    return { own: utime + stime, reaped: cutime + cstime, faults: minflt, reapedFaults: cminflt };
  } catch {
    return undefined; // it ended meanwhile
  }
}

function isPython(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('python');
  } catch {
    return false;
  }
}

/** The worker (a python whose parent is not one) and its fork server (a python child of it) under `root`. */
function workerProcesses(root: number): { worker?: number; server?: number } {
  const pythons = descendants(root).filter((p) => isPython(p.pid));
  const pids = new Set(pythons.map((p) => p.pid));
  const worker = pythons.find((p) => !pids.has(p.ppid))?.pid;
  const server = pythons.find((p) => p.ppid === worker)?.pid;
  return { worker, server };
}

/** Our part of CallCpu: the worker's processes and the host, per call, over `calls` calls `pauseMs` apart (0: back to back). */
export type WorkerCpu = Omit<CallCpu, 'harnessModelMs' | 'faults'> & { faults: Omit<CallCpu['faults'], 'harnessModel'> };

export async function workerCpu(calls: number, pauseMs = 0): Promise<WorkerCpu | undefined> {
  if (!existsSync('/proc/self/stat')) return undefined;
  const worker = await startWorker({ target: { source: TRIVIAL, qualname: 'f' } });
  try {
    for (let i = 0; i < 20; i++) await worker.call({ args: ['1'] });
    const { worker: workerPid, server } = workerProcesses(process.pid);
    if (!workerPid || !server) return undefined;
    const before = { worker: ticks(workerPid), server: ticks(server), host: process.cpuUsage(), hostFaults: process.resourceUsage().minorPageFault };
    for (let i = 0; i < calls; i++) {
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      await worker.call({ args: [String(i)] });
    }
    const after = { worker: ticks(workerPid), server: ticks(server), host: process.cpuUsage(before.host), hostFaults: process.resourceUsage().minorPageFault };
    if (!before.worker || !before.server || !after.worker || !after.server) return undefined;
    const perCall = (ticks: number) => Number((ticks / TICKS_PER_MS / calls).toPrecision(3));
    return {
      hostMs: Number(((after.host.user + after.host.system) / 1000 / calls).toPrecision(3)),
      workerMs: perCall(after.worker.own - before.worker.own),
      forkServerMs: perCall(after.server.own - before.server.own),
      callProcessesMs: perCall(after.server.reaped - before.server.reaped),
      faults: {
        host: Math.round((after.hostFaults - before.hostFaults) / calls),
        worker: Math.round((after.worker.faults - before.worker.faults) / calls),
        forkServer: Math.round((after.server.faults - before.server.faults) / calls),
        callProcesses: Math.round((after.server.reapedFaults - before.server.reapedFaults) / calls),
      },
    };
  } finally {
    await worker.stop();
  }
}

/**
 * `harnessScript`: probe.bench.ts's PAU_STYLE (argv: calls, start method), run by `python`
 * (passed in rather than imported: that bench imports this module).
 */
export async function callCpu(calls: number, harnessScript: string, python: (script: string, args: string[]) => number[]): Promise<CallCpu | undefined> {
  const ours = await workerCpu(calls);
  if (!ours) return undefined;
  // The harness model's script, with its rusage (self and reaped children) printed last.
  const rusage = 'sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))';
  const started = harnessScript.replace('    samples = []\n', `    samples = []\n    import resource\n    cpu_before = ${rusage}\n`);
  const faults = 'sum(u.ru_minflt for u in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))';
  const counted = started.replace('    cpu_before = ', `    faults_before = ${faults}\n    cpu_before = `);
  const script = counted.replace(
    'print(json.dumps(samples[5:]))',
    `print(json.dumps(samples[5:] + [(${faults} - faults_before) / len(samples), (${rusage} - cpu_before) * 1000 / len(samples)]))`,
  );
  if (started === harnessScript || counted === started || script === counted) throw new Error('the harness script changed: update call-cpu.ts');
  const harness = python(script, [String(calls), 'fork']);
  return {
    ...ours,
    harnessModelMs: Number((harness.at(-1) ?? NaN).toPrecision(3)),
    faults: { ...ours.faults, harnessModel: Math.round(harness.at(-2) ?? NaN) },
  };
}
