"""PAU Probe's Python side: the warm worker (`python -m pau_probe.worker`) and what it uses.

The host (src/probe/client.ts) starts it with PYTHONPATH set to the folder holding this
package; see pau_probe/worker.py for the protocol.
"""
