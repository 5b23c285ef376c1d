"""requirements.lock, which `make serve` and `make test` install from with --require-hashes, holds
every dependency pyproject.toml declares (runtime and dev), at a version it allows, and a hash
for every pin: a dependency added without `make lock` fails here, offline, before an install
from the lock leaves it out."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
# the platform the lock is compiled for (`make lock`)
TARGET = {"python_version": "3.11", "python_full_version": "3.11.0", "sys_platform": "linux",
          "platform_system": "Linux", "platform_machine": "x86_64", "os_name": "posix",
          "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?==(\S+)(.*?)(?=^\S|\Z)", re.M | re.S)


def pins() -> dict[str, tuple[str, str]]:
    """name -> (version, the rest of its entry: markers, hashes, comments)."""
    return {canonicalize_name(m[1]): (m[3], m[4]) for m in PIN.finditer(LOCK.read_text())}


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    every = [Requirement(line) for line in [*project["dependencies"], *project["optional-dependencies"]["dev"]]]
    return [r for r in every if r.marker is None or r.marker.evaluate(TARGET)]


def test_every_declared_dependency_is_locked_at_a_version_it_allows() -> None:
    locked = pins()
    missing = [str(r) for r in declared() if canonicalize_name(r.name) not in locked]
    assert not missing, f"not in requirements.lock (run make lock): {missing}"
    outside = [f"{r} locked at {locked[canonicalize_name(r.name)][0]}" for r in declared()
               if not r.specifier.contains(locked[canonicalize_name(r.name)][0], prereleases=True)]
    assert not outside, f"locked outside what pyproject.toml allows (run make lock): {outside}"


def test_every_pin_has_a_hash_and_nothing_is_left_unpinned() -> None:
    locked = pins()
    assert len(locked) > 50
    unhashed = [name for name, (_, rest) in locked.items() if "--hash=sha256:" not in rest]
    assert not unhashed, f"pinned without a hash: {unhashed}"
    requirement_lines = [line for line in LOCK.read_text().splitlines()
                         if line and not line.startswith((" ", "#", "\t"))]
    assert len(requirement_lines) == len(locked), "a requirement in requirements.lock is not pinned with =="
