"""Every command's --help shows an example, and the shell completes `ujumbe` (bash, zsh, fish)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from entrypoints.cli.main import cli
from tests_support import ujumbe


def command_paths(group: click.Group = cli, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command and group under `ujumbe`, as the words that name it (the root is ())."""
    yield path
    for name, sub in sorted(group.commands.items()):
        if isinstance(sub, click.Group):
            yield from command_paths(sub, (*path, name))
        else:
            yield (*path, name)


def test_the_walk_sees_the_whole_tree() -> None:
    paths = set(command_paths())
    assert {(), ("accounts",), ("accounts", "list"), ("packages", "history"), ("completion",), ("serve",),
            ("simulator", "inbound"), ("campaigns", "watch")} <= paths
    assert len(paths) > 40


@pytest.mark.parametrize("path", list(command_paths()), ids=lambda p: " ".join(p) or "ujumbe")
def test_every_command_help_has_an_example_naming_it(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="ujumbe")
    assert result.exit_code == 0, result.output
    help_text = result.output
    assert "Examples:" in help_text, f"`ujumbe {' '.join(path)} --help` has no Examples: block"
    examples = help_text.split("Examples:", 1)[1].splitlines()
    named = "ujumbe " + " ".join(path)
    assert any(line.strip().startswith(named.rstrip() + " ") or line.strip() == named.rstrip()
               for line in examples if line.strip().startswith("ujumbe ")), \
        f"no example in `{named} --help` starts with `{named}`:\n{help_text}"


def _env(tmp_path: Path) -> dict[str, str]:
    return {"UJUMBE_DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none", "UJUMBE_DATA_DIR": str(tmp_path)}


@pytest.mark.parametrize(("shell", "marker"), [("bash", "complete -o nosort -F _ujumbe_completion ujumbe"),
                                               ("zsh", "#compdef ujumbe"),
                                               ("fish", "complete --no-files --command ujumbe")])
def test_completion_prints_the_script_for_each_shell(shell: str, marker: str, tmp_path: Path) -> None:
    result = ujumbe("completion", shell, env=_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert marker in result.stdout
    assert "_UJUMBE_COMPLETE" in result.stdout


def test_completion_refuses_an_unknown_shell(tmp_path: Path) -> None:
    result = ujumbe("completion", "powershell", env=_env(tmp_path))
    assert result.returncode == 1 and result.stdout == ""
    assert "'powershell' is not one of 'bash', 'zsh', 'fish'" in result.stderr


def _complete(words: str, cword: int, tmp_path: Path) -> list[str]:
    """What click answers bash for COMP_WORDS/COMP_CWORD, as `ujumbe completion bash` asks it."""
    result = subprocess.run(
        [sys.executable, "-m", "entrypoints.cli.main"], capture_output=True, text=True, timeout=60,
        check=False, env={**os.environ, **_env(tmp_path), "_UJUMBE_COMPLETE": "bash_complete", "COMP_WORDS": words,
             "COMP_CWORD": str(cword)})
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_the_shell_completes_commands_and_choices(tmp_path: Path) -> None:
    assert _complete("ujumbe acc", 1, tmp_path) == ["plain,accounts"]
    assert _complete("ujumbe accounts s", 2, tmp_path) == ["plain,set-plan", "plain,set-threshold", "plain,show"]
    assert _complete("ujumbe accounts set-plan shop@example.com ", 4, tmp_path) == [
        "plain,free", "plain,pro", "plain,enterprise"]
    assert _complete("ujumbe completion ", 2, tmp_path) == ["plain,bash", "plain,zsh", "plain,fish"]


def test_bash_loads_the_script_and_completes_with_it(tmp_path: Path) -> None:
    """The printed script, sourced by a real bash, calls back into ujumbe and fills COMPREPLY."""
    shim = tmp_path / "bin" / "ujumbe"
    shim.parent.mkdir()
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m entrypoints.cli.main \"$@\"\n")
    shim.chmod(0o755)
    script = ujumbe("completion", "bash", env=_env(tmp_path)).stdout
    (tmp_path / "ujumbe.bash").write_text(script)
    probe = ('source ujumbe.bash; COMP_WORDS=(ujumbe acc); COMP_CWORD=1; _ujumbe_completion ujumbe; '
             'printf "%s\\n" "${COMPREPLY[@]}"')
    env = {**os.environ, **_env(tmp_path), "PATH": f"{shim.parent}:{os.environ['PATH']}"}
    done = subprocess.run(["/bin/bash", "--norc", "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["accounts"]
