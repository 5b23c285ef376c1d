"""The real clock and id generator, and whether a process of this machine still runs."""

from __future__ import annotations

import os
from datetime import UTC, datetime

# The uuid variant digit (RFC 9562: 10xx) for any random hex digit.
_VARIANT = {digit: "89ab"[int(digit, 16) & 3] for digit in "0123456789abcdef"}


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class UuidGenerator:
    def new_id(self) -> str:
        """A random (version 4) uuid in its canonical form: what `str(uuid.uuid4())` gives,
        written straight from the random bytes (a quarter of the cost; a campaign of 100,000
        makes ~300,000 ids in the worker)."""
        h = os.urandom(16).hex()
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_VARIANT[h[16]]}{h[17:20]}-{h[20:]}"


def process_running(pid: int) -> bool:
    """Whether process `pid` of this machine still runs (another user's counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: running
        return True
    return True
