"""Accounts: plans and their budgets, credential lifetimes, and the rules on an account's fields."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from domain.errors import NotFound, ValidationError
from domain.phone import msisdn_in

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024  # hashing a megabyte per login would be a denial of service

Plan = Literal["free", "pro", "enterprise"]
PLANS: tuple[Plan, ...] = ("free", "pro", "enterprise")
# Requests per minute per account, on every authenticated route (decision: rate limits).
PLAN_RATE_LIMITS: dict[str, int] = {"free": 60, "pro": 600, "enterprise": 6000}
# Requests per minute per client IP on register, login and refresh (decision: rate limits).
PUBLIC_AUTH_RATE_LIMIT = 30

ACCESS_TOKEN_TTL = timedelta(seconds=900)
REFRESH_TOKEN_TTL = timedelta(days=7)
# A session ends 30 days after its login however often it is refreshed: a stolen refresh token
# used once a week would otherwise live for ever.
SESSION_LIFETIME = timedelta(days=30)
# `last_used_at` is a hint for the dashboard, so a busy key writes it at most once a minute.
KEY_USE_RESOLUTION = timedelta(minutes=1)
API_KEY_PREFIX_LENGTH = 12  # "uj_live_" and four characters: enough to tell keys apart
MAX_KEY_NAME_LENGTH = 100
MAX_BUSINESS_NAME_LENGTH = 200
# The languages an account's owner may read ujumbe in (the dashboard, the emails); an account
# that never chose has none, and is written to in every one of them, or as its browser asks.
LANGUAGES: tuple[str, ...] = ("sw", "en")


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    email: str
    password_hash: str
    business_name: str
    plan: str
    phone: str | None
    phone_verified: bool
    email_verified: bool
    created_at: datetime
    language: str | None = None  # the language its owner chose (`LANGUAGES`), if any


@dataclass(frozen=True, slots=True)
class Credentials:
    """Who is calling, once a key or an access token checked out."""

    account_id: str
    plan: str
    api_key_id: str | None = None
    session_id: str | None = None  # an access token's session (its refresh family)
    language: str | None = None  # the language its owner chose (an access token's caller), if any


def validate_plan(plan: str) -> str:
    if plan not in PLANS:
        raise ValidationError(f"The plan is one of {', '.join(PLANS)}.", field="plan")
    return plan


def validate_business_name(name: str | None) -> str:
    name = (name or "").strip()
    if len(name) > MAX_BUSINESS_NAME_LENGTH:
        raise ValidationError(
            f"A business name has at most {MAX_BUSINESS_NAME_LENGTH} characters.",
            field="business_name",
        )
    return name


def validate_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValidationError(f"The language is one of {', '.join(LANGUAGES)}.", field="language")
    return language


def validate_key_name(name: str | None) -> str:
    name = (name or "").strip()
    if len(name) > MAX_KEY_NAME_LENGTH:
        raise ValidationError(f"A key name has at most {MAX_KEY_NAME_LENGTH} characters.", field="name")
    return name


def phone_of(raw: str) -> str:
    """The E.164 form of a Tanzanian mobile number given in a `phone` field."""
    return msisdn_in(raw, field="phone").e164


def validate_password(value: str, *, field: str = "password") -> str:
    if len(value) < MIN_PASSWORD_LENGTH:
        raise ValidationError(f"A password has at least {MIN_PASSWORD_LENGTH} characters.", field=field)
    if len(value) > MAX_PASSWORD_LENGTH:
        raise ValidationError(f"A password has at most {MAX_PASSWORD_LENGTH} characters.", field=field)
    return value


def no_account_with(email: str) -> NotFound:
    """The refusal of an operator command naming an email no account has."""
    return NotFound(f"No account with email {email}.", field="email")


def refresh_expiry(now: datetime, session_ends_at: datetime) -> datetime:
    """When a refresh token issued now stops working: its own 7 days, cut at its session's end."""
    return min(now + REFRESH_TOKEN_TTL, session_ends_at)


def key_prefix(key: str) -> str:
    return key[:API_KEY_PREFIX_LENGTH]
