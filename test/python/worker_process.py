"""A real `python -m pau_probe.worker` on its two protocol pipes (fd 3 in, fd 4 out), as the host
starts it, for tests that speak the protocol directly."""
import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile

from conftest import PACKAGE_ROOT

# The worker's protocol fds are 3 and 4; this shim moves the test's pipe ends there first.
_SHIM = "import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); os.execv(sys.executable, [sys.executable] + sys.argv[3:])"

# What src/core/limits.ts sends by default (test input: the worker itself keeps no copy).
LIMITS = {"timeoutMs": 5000, "memoryMb": 1024, "maxOutputBytes": 65536, "maxReprChars": 4000, "maxIterItems": 20}


class WorkerProcess:
    def __init__(self, target_file, qualname, isolation=None, fence_writes=False):
        request_r, self.request_w = os.pipe()
        self.response_r, response_w = os.pipe()
        self.base_dir = tempfile.mkdtemp(prefix="pau-pytest-")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        env["PYTHONPATH"] = PACKAGE_ROOT
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SHIM, str(request_r), str(response_w), "-B", "-m", "pau_probe.worker"],
            pass_fds=(request_r, response_w), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        os.close(request_r)
        os.close(response_w)
        self.buffer = b""
        self.start = {
            "op": "start", "file": target_file, "qualname": qualname, "baseDir": self.base_dir, "coverage": True,
            "limits": LIMITS, "renderGraceMs": 400, "importTimeoutMs": 30000, "secretNamePattern": "(TOKEN|SECRET|API[_-]?KEY)",
        }
        if isolation:
            self.start["isolation"] = isolation
        if fence_writes:
            self.start["fenceWrites"] = True
        self.send(self.start)

    def send(self, message):
        os.write(self.request_w, (json.dumps(message) + "\n").encode())

    def receive(self, timeout=20.0):
        """The next message from the worker (skipping none)."""
        while b"\n" not in self.buffer:
            if not select.select([self.response_r], [], [], timeout)[0]:
                raise TimeoutError("the worker said nothing for %s s" % timeout)
            chunk = os.read(self.response_r, 1 << 16)
            if not chunk:
                raise EOFError("the worker closed its channel: %s" % self.process.stderr.read().decode()[-2000:])
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def until(self, event):
        """Messages up to and including the first `event` one."""
        seen = []
        while True:
            message = self.receive()
            seen.append(message)
            if message.get("event") == event:
                return seen

    def close(self):
        try:
            self.send({"op": "stop"})
        except OSError:
            pass
        os.close(self.request_w)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait()
        os.close(self.response_r)
        self.process.stderr.close()
        shutil.rmtree(self.base_dir, ignore_errors=True)  # as the host removes a worker's folder

    def call(self, id_, args=(), **fields):
        """Call `id_` with positional argument sources `args` (and request fields such as
        receiver, comparisons) under LIMITS; its result message."""
        self.send(dict({"op": "call", "id": id_, "args": list(args), "kwargs": {}, "limits": LIMITS}, **fields))
        return self.until("result")[-1]


@contextlib.contextmanager
def ready_worker(tmp_path, source, qualname, **options):
    """A worker on `source` (written to tmp_path/target.py) that has said it is ready; stopped after."""
    target = tmp_path / "target.py"
    target.write_text(source)
    worker = WorkerProcess(str(target), qualname, **options)
    try:
        worker.until("ready")
        yield worker
    finally:
        worker.close()
