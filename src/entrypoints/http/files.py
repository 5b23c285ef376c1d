"""Files over HTTP, as the API and the dashboard both take and give them: the room a multipart
upload has besides its file, and a CSV handed over to be saved (streamed as it is made, named in
its Content-Disposition)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import quote

from litestar.response import Stream

CSV_MEDIA_TYPE = "text/csv"  # Litestar adds `; charset=utf-8` to a text type
# What a multipart body holds besides the file: its boundaries and part headers (a long file name
# included) fit in this many bytes.
MULTIPART_ENVELOPE = 64 * 1024


def content_disposition(file_name: str) -> str:
    """RFC 6266: an ASCII `filename` for every client, the exact one in `filename*`."""
    ascii_name = file_name.encode("ascii", "replace").decode().replace("?", "_")
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(file_name, safe='')}"


def csv_download(file_name: str, chunks: AsyncIterator[bytes]) -> Stream:
    return Stream(chunks, media_type=CSV_MEDIA_TYPE, headers={"Content-Disposition": content_disposition(file_name)})
