"""Settings from the environment. Every default runs ujumbe on one machine (decision: one machine by default)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from adapters.email import SmtpServer
from adapters.security import ARGON2_COST, argon2_cost, short_secret_key


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def _seconds(value: str | None, default: float) -> float:
    return float(value) if value and value.strip() else default


GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth"
GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token"
GOOGLE_PEOPLE_URL = "https://people.googleapis.com"
GOOGLE_REVOKE_URL = "https://oauth2.googleapis.com/revoke"
PUBLIC_URL = "http://127.0.0.1:8000"

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


def _secret_key(value: str | None) -> str | None:
    """Refused as the process starts when too short to derive the service's keys from."""
    if not value:
        return None
    if reason := short_secret_key(value):
        raise ValueError(f"UJUMBE_SECRET_KEY {reason}")
    return value


def _smtp(url: str | None, sender: str | None) -> tuple[str | None, str | None]:
    """A real mail server needs a sender address: checked as the process starts."""
    if not url:
        return None, sender
    SmtpServer.parse(url)
    if not sender:
        raise ValueError("UJUMBE_SMTP_URL is set but UJUMBE_EMAIL_FROM is not: give the address account emails"
                         " come from (e.g. UJUMBE_EMAIL_FROM='ujumbe <no-reply@example.co.tz>')")
    return url, sender


def _simulated_beside_real(gateway: str, mobile_money: str) -> str | None:
    """What goes wrong when one simulator runs beside a real part; None when both are real or
    both are simulators (the zero-configuration default)."""
    if gateway != "simulator" and mobile_money == "simulator":
        return ("UJUMBE_GATEWAY sends real SMS while UJUMBE_MOBILE_MONEY=simulator approves every payment: "
                "anyone could buy credits without paying")
    if gateway == "simulator" and mobile_money != "simulator":
        return ("UJUMBE_MOBILE_MONEY takes real payments while UJUMBE_GATEWAY=simulator sends no SMS: "
                "customers would pay for messages that never leave")
    return None


def _refuse_simulated_payments(gateway: str, mobile_money: str, allowed: bool) -> None:
    """Checked as the process starts: credits nobody paid for are real SMS somebody pays for."""
    risk = _simulated_beside_real(gateway, mobile_money)
    if risk is not None and not allowed:
        raise ValueError(f"{risk}. Set UJUMBE_MOBILE_MONEY and UJUMBE_GATEWAY both to real providers, or "
                         "UJUMBE_ALLOW_SIMULATED_PAYMENTS=1 if this mix is on purpose (a test SMSC, a staging "
                         "provider)")


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None = None
    # Seconds a request or job waits for a database connection (the database away) before failing.
    database_wait: float = 30.0
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
    # A real gateway beside the mobile-money simulator (or the reverse), on purpose.
    allow_simulated_payments: bool = False
    # GET /metrics: with a token, only requests bearing it; without, loopback clients only.
    metrics_token: str | None = None
    in_process_worker: bool = False
    # Seconds a campaign waits for a dropped gateway connection to come back before failing
    # (and refunding) what it could not hand over.
    campaign_gateway_wait: float = 60.0
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
    # Account emails: through this mail server from this address; unset, the email simulator.
    smtp_url: str | None = None
    email_from: str | None = None

    @property
    def simulated_beside_real(self) -> str | None:
        return _simulated_beside_real(self.gateway, self.mobile_money)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        gateway = env.get("UJUMBE_GATEWAY") or "simulator"
        mobile_money = (env.get("UJUMBE_MOBILE_MONEY") or "simulator").strip()
        allow_simulated_payments = _flag(env.get("UJUMBE_ALLOW_SIMULATED_PAYMENTS"))
        _refuse_simulated_payments(gateway, mobile_money, allow_simulated_payments)
        smtp_url, email_from = _smtp((env.get("UJUMBE_SMTP_URL") or "").strip() or None,
                                     (env.get("UJUMBE_EMAIL_FROM") or "").strip() or None)
        return cls(
            database_url=env.get("UJUMBE_DATABASE_URL") or None,
            database_wait=_seconds(env.get("UJUMBE_DATABASE_WAIT"), 30.0),
            data_dir=Path(env.get("UJUMBE_DATA_DIR") or ".ujumbe"),
            secret_key=_secret_key(env.get("UJUMBE_SECRET_KEY")),
            redis_url=env.get("UJUMBE_REDIS_URL") or None,
            gateway=gateway,
            mobile_money=mobile_money,
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
            allow_simulated_payments=allow_simulated_payments,
            metrics_token=env.get("UJUMBE_METRICS_TOKEN") or None,
            in_process_worker=_flag(env.get("UJUMBE_IN_PROCESS_WORKER")),
            campaign_gateway_wait=_seconds(env.get("UJUMBE_CAMPAIGN_GATEWAY_WAIT"), 60.0),
            simulator_dlr_delay=_seconds(env.get("UJUMBE_SIMULATOR_DLR_DELAY"), 2.0),
            simulator_payment_delay=_seconds(env.get("UJUMBE_SIMULATOR_PAYMENT_DELAY"), 3.0),
            jobs_heartbeat=_seconds(env.get("UJUMBE_JOBS_HEARTBEAT"), 10.0),
            jobs_stalled_after=_seconds(env.get("UJUMBE_JOBS_STALLED_AFTER"), 30.0),
            reconcile_after=_seconds(env.get("UJUMBE_RECONCILE_AFTER"), 300.0),
            log_level=_log_level(env.get("UJUMBE_LOG_LEVEL")),
            log_format=_log_format(env.get("UJUMBE_LOG_FORMAT")),
            log_pii=_flag(env.get("UJUMBE_LOG_PII")),
            password_hash_cost=_password_hash_cost(env.get("UJUMBE_PASSWORD_HASH_COST")),
            smtp_url=smtp_url,
            email_from=email_from,
        )
