"""The real id generator: canonical time-ordered (version 7) uuids."""

from __future__ import annotations

import time
import uuid

from adapters.system import UuidGenerator


def test_ids_are_canonical_version_7_uuids_and_distinct() -> None:
    made = [UuidGenerator().new_id() for _ in range(2000)]
    for made_id in made:
        parsed = uuid.UUID(made_id)
        assert (str(parsed), parsed.version, parsed.variant) == (made_id, 7, uuid.RFC_4122)
    assert len(set(made)) == len(made)
    assert {made_id[19] for made_id in made} == set("89ab")  # every variant digit turns up


def test_an_id_starts_with_the_time_it_was_made() -> None:
    """Milliseconds, then the sub-millisecond fraction in 12 bits (as PostgreSQL's uuidv7()):
    ids made later sort later."""
    before = time.time_ns()
    made = UuidGenerator().new_id()
    after = time.time_ns()
    value = uuid.UUID(made).int
    made_ns = (value >> 80) * 1_000_000 + ((value >> 64) & 0xFFF) * 1_000_000 // 4096
    assert before - -(-1_000_000 // 4096) <= made_ns <= after  # the fraction rounds down by under a tick
    next_tick = after - (-1_000_000 // 4096)
    while time.time_ns() <= next_tick:  # until the clock has moved past the first id's fraction
        pass
    assert UuidGenerator().new_id() > made
