"""Substring tests for the search queries (the message log's and a contact list's `search`).

A search term is found anywhere in a column, in any case, and taken literally. Written as
`strpos(lower(column), lower(term)) > 0` rather than `column ILIKE '%term%'`: the same rows, with
no wildcards to escape, and a scan spends about a third of the time per row (ILIKE folds case
character by character as it matches; lower() folds once and strpos compares bytes). Both sides
fold under `ujumbe_search` (migration 0033): PostgreSQL's own C.UTF-8 where the server has it,
which folds in half the time of the C library's. A term in which nothing has a case (the digits
of a number, "50%") is the same folded: it is looked for as it is, and no row is folded. No index
serves a substring: a trigram index would, but it about doubles the cost of writing a message or
a contact, and sends and imports are the hot paths.
"""

from __future__ import annotations


def contains_text(column: str, term: str) -> str:
    """SQL true when `column` holds `term`, given as the parameter, in any case."""
    if term == term.lower() == term.upper():  # nothing in it has a case
        return f"strpos({column}, %s) > 0"
    return f"strpos(lower(({column}) COLLATE ujumbe_search), lower(%s::text COLLATE ujumbe_search)) > 0"


def contains_digits(column: str) -> str:
    """SQL true when `column` (a number, as stored) holds the parameter's digits."""
    return f"strpos({column}, %s) > 0"
