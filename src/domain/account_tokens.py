"""One-time tokens an account's owner receives by email: a password reset, an email verification.

The token itself travels only in the email; what is kept is its SHA-256 (a token is 32 random
bytes, so a hash is enough and the lookup by hash gives away nothing about a near miss). A token
works once, before it expires, and only for what it was made for.
"""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum


class TokenPurpose(StrEnum):
    RESET_PASSWORD = "reset_password"
    VERIFY_EMAIL = "verify_email"


# A reset link is a key to the account: short-lived. A verification link only proves the
# address, and people open the welcome email later.
TOKEN_LIFETIMES: dict[TokenPurpose, timedelta] = {
    TokenPurpose.RESET_PASSWORD: timedelta(minutes=30),
    TokenPurpose.VERIFY_EMAIL: timedelta(days=2),
}

# The dashboard pages the links open (under the service's public URL).
TOKEN_PAGES: dict[TokenPurpose, str] = {
    TokenPurpose.RESET_PASSWORD: "/reset-password",
    TokenPurpose.VERIFY_EMAIL: "/verify-email",
}


def token_link(public_url: str, purpose: TokenPurpose, token: str) -> str:
    return f"{public_url.rstrip('/')}{TOKEN_PAGES[purpose]}?token={token}"
