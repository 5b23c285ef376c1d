"""`ujumbe` commands, each in a process of its own, without each paying for Python's imports.

A test runs the CLI as an operator does: a new process, its own environment, arguments, exit
code, stdout and stderr. Most of what such a process does is import the application (about a
second of CPU), which the suite did a few hundred times. Here one process a test process imports
the CLI once and then forks a child for each command: the child takes the command's environment,
arguments and output files, runs `python -m entrypoints.cli.main` as the interpreter would
(`runpy`, atexit handlers, the exit status `SystemExit` gives), and exits. Nothing runs between
the imports and the forks (no thread, no event loop, no connection), so each child starts as a
fresh `python -m` would after its imports.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

# The forking process: reads one command a line, answers its exit status.
_FORK_SERVER = r"""
import atexit, json, os, runpy, signal, sys, traceback

import entrypoints.cli.main  # every command's imports, once

del sys.modules["entrypoints.cli.main"]  # run as `__main__` alone, as `-m` runs it


def run(command):
    signal.alarm(command["timeout"])  # the default action ends the child, as a timeout would
    os.environ.clear()
    os.environ.update(command["env"])
    os.chdir(command["cwd"])
    for fd, path, flags in ((0, os.devnull, os.O_RDONLY), (1, command["stdout"], os.O_WRONLY),
                            (2, command["stderr"], os.O_WRONLY)):
        os.dup2(os.open(path, flags), fd)
    sys.stdin = open(0, closefd=False)
    sys.argv = ["-m", *command["args"]]
    try:
        runpy.run_module("entrypoints.cli.main", run_name="__main__", alter_sys=True)
        status = 0
    except SystemExit as exit:
        status = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
        if not isinstance(exit.code, (int, type(None))):
            print(exit.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        status = 1
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    return status


for line in sys.stdin:
    child = os.fork()
    if child == 0:
        os._exit(run(json.loads(line)))
    _, status = os.waitpid(child, 0)
    print(os.waitstatus_to_exitcode(status), flush=True)
"""

_lock = threading.Lock()
_server: subprocess.Popen[str] | None = None


def run_command(args: tuple[str, ...], env: dict[str, str], timeout: int) -> subprocess.CompletedProcess[str]:
    """`python -m entrypoints.cli.main *args` with `env` as its whole environment."""
    global _server
    with _lock, tempfile.TemporaryDirectory(prefix="ujumbe-cli-") as tmp:
        if _server is None or _server.poll() is not None:
            _server = subprocess.Popen([sys.executable, "-c", _FORK_SERVER], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True)
        assert _server.stdin is not None and _server.stdout is not None
        stdout, stderr = Path(tmp, "stdout"), Path(tmp, "stderr")
        stdout.touch()
        stderr.touch()
        _server.stdin.write(json.dumps({"args": list(args), "env": env, "cwd": os.getcwd(), "timeout": timeout,
                                        "stdout": str(stdout), "stderr": str(stderr)}) + "\n")
        _server.stdin.flush()
        answer = _server.stdout.readline()
        if not answer:
            raise RuntimeError("the process that runs ujumbe commands has ended")
        return subprocess.CompletedProcess([sys.executable, "-m", "entrypoints.cli.main", *args], int(answer),
                                           stdout.read_text(), stderr.read_text())
