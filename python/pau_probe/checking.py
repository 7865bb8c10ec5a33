"""`TYPE_CHECKING` and `cast` without importing typing when the worker runs.

Only the type checker needs typing here, and importing it cost 12 ms of each worker start
(Debian's python3.11: interleaved starts of an interpreter importing what the worker needs,
with and without typing). Pyright reads the import below; at run time `cast` is the identity,
as typing.cast is.
"""

__all__ = ["TYPE_CHECKING", "cast"]

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import cast
else:

    def cast(_type, value):
        return value
