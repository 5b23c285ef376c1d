"""Settings from the environment (DESIGN §3). Every default runs ujumbe on one machine."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


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
        )
