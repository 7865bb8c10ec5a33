// Where the CPU of a back-to-back call goes, by process: the host (this Node process), the
// worker, its fork server and the call processes (the server reaps them: their CPU is its
// children's), read from /proc around a run of calls; and the research-harness model's, parent
// and children, from its own rusage. Back to back on 2 cores the calls are bound by CPU rather
// than by waiting, and CPU time moves less with the machine's load than wall time does, so
// this says where a cut would count. Linux only (undefined elsewhere).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { startWorker } from '../../src/probe/client.js';

const TRIVIAL = 'def f(x):\n    return x + 1\n';
const TICKS_PER_MS = 0.1; // USER_HZ is 100 on Linux

export interface CallCpu {
  hostMs: number;
  workerMs: number;
  forkServerMs: number;
  callProcessesMs: number;
  /** multiprocessing.Process + Queue per call, fork: the script's own CPU and its children's. */
  harnessModelMs: number;
}

interface ProcStat {
  ppid: number;
  selfTicks: number;
  reapedTicks: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state ppid … utime(14) stime(15) cutime(16) cstime(17).
    const fields = text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [ppid, utime, stime, cutime, cstime] = [fields[1], fields[11], fields[12], fields[13], fields[14]];
    if ([ppid, utime, stime, cutime, cstime].some((n) => n === undefined || Number.isNaN(n))) return undefined;
    return { ppid: ppid ?? 0, selfTicks: (utime ?? 0) + (stime ?? 0), reapedTicks: (cutime ?? 0) + (cstime ?? 0) };
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
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    const stat = pid ? procStat(pid) : undefined;
    if (stat) stats.set(pid, stat);
  }
  const under = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = stats.get(at)?.ppid) if (at === root) return true;
    return false;
  };
  const pythons = [...stats.keys()].filter((pid) => under(pid) && isPython(pid));
  const worker = pythons.find((pid) => !isPython(stats.get(pid)?.ppid ?? 0));
  const server = pythons.find((pid) => stats.get(pid)?.ppid === worker);
  return { worker, server };
}

/**
 * `harnessScript`: probe.bench.ts's PAU_STYLE (argv: calls, start method), run by `python`
 * (passed in rather than imported: that bench imports this module).
 */
export async function callCpu(calls: number, harnessScript: string, python: (script: string, args: string[]) => number[]): Promise<CallCpu | undefined> {
  if (!existsSync('/proc/self/stat')) return undefined;
  const worker = await startWorker({ target: { source: TRIVIAL, qualname: 'f' } });
  try {
    for (let i = 0; i < 20; i++) await worker.call({ args: ['1'] });
    const { worker: workerPid, server } = workerProcesses(process.pid);
    if (!workerPid || !server) return undefined;
    const before = { worker: procStat(workerPid), server: procStat(server), host: process.cpuUsage() };
    for (let i = 0; i < calls; i++) await worker.call({ args: [String(i)] });
    const after = { worker: procStat(workerPid), server: procStat(server), host: process.cpuUsage(before.host) };
    if (!before.worker || !before.server || !after.worker || !after.server) return undefined;
    const perCall = (ticks: number) => Number((ticks / TICKS_PER_MS / calls).toPrecision(3));
    // The harness model's script, with its rusage (self and reaped children) printed last.
    const rusage = 'sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))';
    const started = harnessScript.replace('    samples = []\n', `    samples = []\n    import resource\n    cpu_before = ${rusage}\n`);
    const script = started.replace('print(json.dumps(samples[5:]))', `print(json.dumps(samples[5:] + [(${rusage} - cpu_before) * 1000 / len(samples)]))`);
    if (started === harnessScript || script === started) throw new Error('the harness script changed: update call-cpu.ts');
    const harness = python(script, [String(calls), 'fork']);
    return {
      hostMs: Number(((after.host.user + after.host.system) / 1000 / calls).toPrecision(3)),
      workerMs: perCall(after.worker.selfTicks - before.worker.selfTicks),
      forkServerMs: perCall(after.server.selfTicks - before.server.selfTicks),
      callProcessesMs: perCall(after.server.reapedTicks - before.server.reapedTicks),
      harnessModelMs: Number((harness.at(-1) ?? NaN).toPrecision(3)),
    };
  } finally {
    await worker.stop();
  }
}
