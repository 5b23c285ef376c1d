"""The real id generator: canonical random (version 4) uuids."""

from __future__ import annotations

import uuid

from adapters.system import UuidGenerator


def test_ids_are_canonical_version_4_uuids_and_distinct() -> None:
    made = [UuidGenerator().new_id() for _ in range(2000)]
    for made_id in made:
        parsed = uuid.UUID(made_id)
        assert (str(parsed), parsed.version, parsed.variant) == (made_id, 4, uuid.RFC_4122)
    assert len(set(made)) == len(made)
    assert {made_id[19] for made_id in made} == set("89ab")  # every variant digit turns up
