"""Substring tests for the search queries (the message log's and a contact list's `search`).

A search term is found anywhere in a column, in any case, and taken literally. Written as
`strpos(lower(column), lower(term)) > 0` rather than `column ILIKE '%term%'`: the same rows, with
no wildcards to escape, and a scan spends about a third of the time per row (ILIKE folds case
character by character as it matches; lower() folds once and strpos compares bytes). No index
serves a substring: a trigram index would, but it about doubles the cost of writing a message or
a contact, and sends and imports are the hot paths.
"""

from __future__ import annotations


def contains_text(column: str) -> str:
    """SQL true when `column` holds the parameter's text, in any case."""
    return f"strpos(lower({column}), lower(%s)) > 0"


def contains_digits(column: str) -> str:
    """SQL true when `column` (a number, as stored) holds the parameter's digits."""
    return f"strpos({column}, %s) > 0"
