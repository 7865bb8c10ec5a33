// A result that names the probing process is that process's, not the function's: argparse's
// usage line shows the worker's script (sys.argv[0], pau_probe/worker.py) where the user's
// program shows its own, and a stack walk shows the worker's files. Every call in the worker
// gives the same, so the determinism re-runs miss it; such a value is no example a reader can repeat.
// A stack frame line (`File "<frozen runpy>", line 198, in …`, as traceback.format_stack writes
// it) is the calling process's too, even where it names none of the worker's files. So is a class
// put in its caller's module (typing.TypedDict's <class 'pau_probe.target.abc'>), and an error
// for a file descriptor the process has not opened (ZipInfo.from_file(3)): in the user's program
// descriptor 3 may well be open. So is the frame of the function the worker's exc_info(…) and
// traceback_of(…) raise in (python/pau_probe/safe_args.py, file `<exc_info>`): traceback.walk_tb
// yields it, and no reader's traceback holds it.

/** Whether `text` (a repr or a message) names the worker's script, a file or module of its package, a descriptor it has closed or exc_info's frame, or lists stack frames. */
export function showsTheWorker(text: string): boolean {
  return /\bworker\.py\b|[\\/]pau_probe[\\/]|\bpau_probe\.\w|\[Errno 9\] Bad file descriptor|\bFile \\?"[^"\n]*\\?", line \d+, in |<exc_info>/.test(text);
}
