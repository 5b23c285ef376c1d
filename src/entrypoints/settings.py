"""Settings from the environment (DESIGN §3). Every default runs ujumbe on one machine."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from adapters.security import ARGON2_COST, argon2_cost


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def _seconds(value: str | None, default: float) -> float:
    return float(value) if value and value.strip() else default


GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth"
GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token"
GOOGLE_PEOPLE_URL = "https://people.googleapis.com"
GOOGLE_REVOKE_URL = "https://oauth2.googleapis.com/revoke"
PUBLIC_URL = "http://127.0.0.1:8000"
GOOGLE_CALLBACK_PATH = "/v1/contact-lists/google/callback"  # under UJUMBE_PUBLIC_URL: the redirect URI

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _log_level(value: str | None) -> str:
    level = (value or "").strip().upper()
    return level if level in LOG_LEVELS else "WARNING"


LOG_FORMATS = ("json", "console")


def _log_format(value: str | None) -> str | None:
    """`json` or `console`; None (unset) picks by whether stderr is a terminal."""
    chosen = (value or "").strip().lower()
    if not chosen:
        return None
    if chosen not in LOG_FORMATS:
        raise ValueError(f"UJUMBE_LOG_FORMAT={value!r}: use 'json' (one object per line) or 'console'")
    return chosen


def _password_hash_cost(value: str | None) -> str:
    """Checked as the process starts, not at the first registration."""
    cost = (value or "").strip() or ARGON2_COST
    try:
        argon2_cost(cost)
    except ValueError as exc:
        raise ValueError(f"UJUMBE_PASSWORD_HASH_COST: {exc}") from None
    return cost


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None = None
    data_dir: Path = Path(".ujumbe")
    secret_key: str | None = None
    redis_url: str | None = None
    gateway: str = "simulator"
    mobile_money: str = "simulator"  # or the aggregator's base URL, with the three credentials below
    mobile_money_client_id: str | None = None
    mobile_money_api_key: str | None = None
    mobile_money_checksum_key: str | None = None
    default_sender: str = "UJUMBE"
    feature_google_contacts: bool = False
    # The external contacts import's OAuth client, and Google's URLs (tests point them at a fake).
    google_client_id: str | None = None
    google_client_secret: str | None = None
    google_auth_url: str = GOOGLE_AUTH_URL
    google_token_url: str = GOOGLE_TOKEN_URL
    google_people_url: str = GOOGLE_PEOPLE_URL
    google_revoke_url: str = GOOGLE_REVOKE_URL
    # Where browsers reach this service: Google's consent redirects back under it.
    public_url: str = PUBLIC_URL
    webhooks_allow_private: bool = False
    # GET /metrics: with a token, only requests bearing it; without, loopback clients only.
    metrics_token: str | None = None
    in_process_worker: bool = False
    # Seconds between an accepted simulated submit and its delivery report (0 in tests).
    simulator_dlr_delay: float = 2.0
    # Seconds between a simulated mobile-money prompt (or checkout) and the payer's answer.
    simulator_payment_delay: float = 3.0
    # Job workers heartbeat this often; one silent for `jobs_stalled_after` is taken for dead
    # and its running jobs go back in the queue.
    jobs_heartbeat: float = 10.0
    jobs_stalled_after: float = 30.0
    # A send left `pending` (a crash, a database outage, a silent gateway) this long is settled by
    # the reconciler, which looks for such sends a few times per this period.
    reconcile_after: float = 300.0
    # How much the job queue (procrastinate) logs: WARNING keeps out a line per job run.
    log_level: str = "WARNING"
    # `json` or `console` (None: console on a terminal, else json); phone numbers in logs are
    # masked unless `log_pii`.
    log_format: str | None = None
    log_pii: bool = False
    # argon2id's cost for new password hashes (tests lower it; a stored hash keeps its own).
    password_hash_cost: str = ARGON2_COST

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            database_url=env.get("UJUMBE_DATABASE_URL") or None,
            data_dir=Path(env.get("UJUMBE_DATA_DIR") or ".ujumbe"),
            secret_key=env.get("UJUMBE_SECRET_KEY") or None,
            redis_url=env.get("UJUMBE_REDIS_URL") or None,
            gateway=env.get("UJUMBE_GATEWAY") or "simulator",
            mobile_money=(env.get("UJUMBE_MOBILE_MONEY") or "simulator").strip(),
            mobile_money_client_id=env.get("UJUMBE_MOBILE_MONEY_CLIENT_ID") or None,
            mobile_money_api_key=env.get("UJUMBE_MOBILE_MONEY_API_KEY") or None,
            mobile_money_checksum_key=env.get("UJUMBE_MOBILE_MONEY_CHECKSUM_KEY") or None,
            default_sender=env.get("UJUMBE_DEFAULT_SENDER") or "UJUMBE",
            feature_google_contacts=_flag(env.get("UJUMBE_FEATURE_GOOGLE_CONTACTS")),
            google_client_id=env.get("UJUMBE_GOOGLE_CLIENT_ID") or None,
            google_client_secret=env.get("UJUMBE_GOOGLE_CLIENT_SECRET") or None,
            google_auth_url=env.get("UJUMBE_GOOGLE_AUTH_URL") or GOOGLE_AUTH_URL,
            google_token_url=env.get("UJUMBE_GOOGLE_TOKEN_URL") or GOOGLE_TOKEN_URL,
            google_people_url=(env.get("UJUMBE_GOOGLE_PEOPLE_URL") or GOOGLE_PEOPLE_URL).rstrip("/"),
            google_revoke_url=env.get("UJUMBE_GOOGLE_REVOKE_URL") or GOOGLE_REVOKE_URL,
            public_url=(env.get("UJUMBE_PUBLIC_URL") or PUBLIC_URL).rstrip("/"),
            webhooks_allow_private=_flag(env.get("UJUMBE_WEBHOOKS_ALLOW_PRIVATE")),
            metrics_token=env.get("UJUMBE_METRICS_TOKEN") or None,
            in_process_worker=_flag(env.get("UJUMBE_IN_PROCESS_WORKER")),
            simulator_dlr_delay=_seconds(env.get("UJUMBE_SIMULATOR_DLR_DELAY"), 2.0),
            simulator_payment_delay=_seconds(env.get("UJUMBE_SIMULATOR_PAYMENT_DELAY"), 3.0),
            jobs_heartbeat=_seconds(env.get("UJUMBE_JOBS_HEARTBEAT"), 10.0),
            jobs_stalled_after=_seconds(env.get("UJUMBE_JOBS_STALLED_AFTER"), 30.0),
            reconcile_after=_seconds(env.get("UJUMBE_RECONCILE_AFTER"), 300.0),
            log_level=_log_level(env.get("UJUMBE_LOG_LEVEL")),
            log_format=_log_format(env.get("UJUMBE_LOG_FORMAT")),
            log_pii=_flag(env.get("UJUMBE_LOG_PII")),
            password_hash_cost=_password_hash_cost(env.get("UJUMBE_PASSWORD_HASH_COST")),
        )
