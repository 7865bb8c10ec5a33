"""Field names of protocol messages, for the worker at run time. GENERATED from
src/probe/protocol.ts by scripts/gen-worker-protocol.mjs: do not edit."""

FIELDS_OF_CHILD_RESULT = ("coverageHits", "status", "value", "exception", "mutations", "durationMs", "arguments", "effects", "comparisons", "receiverState", "valueState", "returnedReceiver", "namedDescriptors", "cacheFilled", "again", "applied")
