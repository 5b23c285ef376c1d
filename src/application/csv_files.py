"""CSV files streamed as they are read: the contact export, the message-log export and a
campaign's report each write their rows through `csv_chunks`, in pieces of about `FLUSH_AT`
characters, so a file of any size costs the memory of one piece."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Sequence

FLUSH_AT = 64 * 1024  # characters of CSV handed on at a time


async def csv_chunks(header: Sequence[str], batches: AsyncIterable[Iterable[Sequence[str]]]) -> AsyncIterator[str]:
    """The header, then every row of `batches`, as CSV text a piece at a time."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    async for rows in batches:
        writer.writerows(rows)
        if buffer.tell() >= FLUSH_AT:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()
