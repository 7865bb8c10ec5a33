// A result that names the probing process is that process's, not the function's: argparse's
// usage line shows the worker's script (sys.argv[0], pau_probe/worker.py) where the user's
// program shows its own, and a stack walk shows the worker's files. Every call in the worker
// gives the same, so the determinism re-runs miss it; such a value is no example a reader can repeat.

/** Whether `text` (a repr or a message) names the worker's script or a file of its package. */
export function showsTheWorker(text: string): boolean {
  return /\bworker\.py\b|[\\/]pau_probe[\\/]/.test(text);
}
