"""A real SMS gateway beside the mobile-money simulator (which approves every payment) would give
credits away for real SMS; a real provider beside the gateway simulator would take money for SMS
that never leave. Either mix refuses to start, naming the settings, unless
UJUMBE_ALLOW_SIMULATED_PAYMENTS=1 says it is on purpose; then every start says so in the log.
Both simulators together stay the zero-configuration default."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from entrypoints.settings import Settings
from running_app import free_port, serving, stop
from tests_support import ujumbe, wait_until

AGGREGATOR = {"UJUMBE_MOBILE_MONEY": "https://api.clickpesa.com", "UJUMBE_MOBILE_MONEY_CLIENT_ID": "id",
              "UJUMBE_MOBILE_MONEY_API_KEY": "key", "UJUMBE_MOBILE_MONEY_CHECKSUM_KEY": "sum"}


def smpp_nowhere() -> dict[str, str]:
    """A real gateway whose SMSC is not there: the bind retries, the service still starts."""
    return {"UJUMBE_GATEWAY": f"smpp://ujumbe:secret@127.0.0.1:{free_port()}?name=carrier"}


MIXES = {"real gateway, simulated payments": smpp_nowhere,
         "real payments, simulated gateway": lambda: {**AGGREGATOR, "UJUMBE_GATEWAY": "simulator"}}


@pytest.mark.parametrize("mix", MIXES)
def test_the_settings_refuse_a_simulator_beside_a_real_part(mix: str) -> None:
    env = MIXES[mix]()
    with pytest.raises(ValueError, match="UJUMBE_MOBILE_MONEY") as refused:
        Settings.from_env(env)
    assert "UJUMBE_ALLOW_SIMULATED_PAYMENTS=1" in str(refused.value)
    assert Settings.from_env({**env, "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1"}).allow_simulated_payments


def test_both_simulators_or_both_real_parts_start_without_the_flag() -> None:
    assert Settings.from_env({}).simulated_beside_real is None
    assert Settings.from_env({**smpp_nowhere(), **AGGREGATOR}).simulated_beside_real is None


@pytest.mark.parametrize("command", ["serve", "worker"])
@pytest.mark.parametrize("mix", MIXES)
def test_ujumbe_refuses_to_start_with_a_simulator_beside_a_real_part(command: str, mix: str, tmp_path: Path) -> None:
    started = ujumbe(command, *(("--port", str(free_port())) if command == "serve" else ()),
                     env={**MIXES[mix](), "UJUMBE_DATA_DIR": str(tmp_path), "UJUMBE_ALLOW_SIMULATED_PAYMENTS": ""})

    assert started.returncode == 1
    assert "UJUMBE_MOBILE_MONEY" in started.stderr and "UJUMBE_ALLOW_SIMULATED_PAYMENTS=1" in started.stderr
    assert not (tmp_path / "pg").exists()  # refused before anything started


@pytest.fixture()
def allowed_env(clean_database: str, tmp_path: Path) -> dict[str, str]:
    return {**smpp_nowhere(), "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1", "UJUMBE_DATABASE_URL": clean_database,
            "UJUMBE_DATA_DIR": str(tmp_path / "data"), "UJUMBE_LOG_FORMAT": "console"}


def test_serve_allowed_on_purpose_starts_and_warns(allowed_env: dict[str, str], tmp_path: Path) -> None:
    with serving(allowed_env, tmp_path, "--no-worker"):
        logged = (tmp_path / "serve.log").read_text()
    assert "approves every payment" in logged and "UJUMBE_ALLOW_SIMULATED_PAYMENTS" in logged


@pytest.fixture()
def worker(allowed_env: dict[str, str], tmp_path: Path) -> Iterator[Path]:
    log_path = tmp_path / "worker.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "worker"],
                                env={**os.environ, **allowed_env}, stdout=log, stderr=log)
        try:
            yield log_path
        finally:
            stop(proc)


def test_worker_allowed_on_purpose_starts_and_warns(worker: Path) -> None:
    logged = wait_until(lambda: "worker running" in (text := worker.read_text()) and text)
    assert "approves every payment" in logged and "UJUMBE_ALLOW_SIMULATED_PAYMENTS" in logged
