"""Paged listings: the pages and page sizes a listing takes."""

from __future__ import annotations

from domain.errors import ValidationError

MAX_PAGE = 1_000_000  # far past any real listing; keeps OFFSET arithmetic inside the database's bigint
DEFAULT_PER_PAGE = 25  # every paged listing but the credit history (50; decision: limits)
MAX_PER_PAGE = 100


def validate_paging(page: int, per_page: int, *, max_per_page: int) -> tuple[int, int]:
    """Page numbers are 1..MAX_PAGE; a page holds 1..max_per_page rows."""
    if not 1 <= page <= MAX_PAGE:
        raise ValidationError(f"page is between 1 and {MAX_PAGE}.", field="page")
    if not 1 <= per_page <= max_per_page:
        raise ValidationError(f"per_page is between 1 and {max_per_page}.", field="per_page")
    return page, per_page
