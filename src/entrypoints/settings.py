"""Settings from the environment (DESIGN §3). Every default runs ujumbe on one machine."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def _seconds(value: str | None, default: float) -> float:
    return float(value) if value and value.strip() else default


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _log_level(value: str | None) -> str:
    level = (value or "").strip().upper()
    return level if level in LOG_LEVELS else "WARNING"


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None = None
    data_dir: Path = Path(".ujumbe")
    secret_key: str | None = None
    redis_url: str | None = None
    gateway: str = "simulator"
    mobile_money: str = "simulator"
    default_sender: str = "UJUMBE"
    feature_google_contacts: bool = False
    webhooks_allow_private: bool = False
    in_process_worker: bool = False
    # Seconds between an accepted simulated submit and its delivery report (0 in tests).
    simulator_dlr_delay: float = 2.0
    # Job workers heartbeat this often; one silent for `jobs_stalled_after` is taken for dead
    # and its running jobs go back in the queue.
    jobs_heartbeat: float = 10.0
    jobs_stalled_after: float = 30.0
    # How much the job queue (procrastinate) logs: WARNING keeps out a line per job run.
    log_level: str = "WARNING"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            database_url=env.get("UJUMBE_DATABASE_URL") or None,
            data_dir=Path(env.get("UJUMBE_DATA_DIR") or ".ujumbe"),
            secret_key=env.get("UJUMBE_SECRET_KEY") or None,
            redis_url=env.get("UJUMBE_REDIS_URL") or None,
            gateway=env.get("UJUMBE_GATEWAY") or "simulator",
            mobile_money=env.get("UJUMBE_MOBILE_MONEY") or "simulator",
            default_sender=env.get("UJUMBE_DEFAULT_SENDER") or "UJUMBE",
            feature_google_contacts=_flag(env.get("UJUMBE_FEATURE_GOOGLE_CONTACTS")),
            webhooks_allow_private=_flag(env.get("UJUMBE_WEBHOOKS_ALLOW_PRIVATE")),
            in_process_worker=_flag(env.get("UJUMBE_IN_PROCESS_WORKER")),
            simulator_dlr_delay=_seconds(env.get("UJUMBE_SIMULATOR_DLR_DELAY"), 2.0),
            jobs_heartbeat=_seconds(env.get("UJUMBE_JOBS_HEARTBEAT"), 10.0),
            jobs_stalled_after=_seconds(env.get("UJUMBE_JOBS_STALLED_AFTER"), 30.0),
            log_level=_log_level(env.get("UJUMBE_LOG_LEVEL")),
        )
