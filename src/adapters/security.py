"""Passwords (argon2id), access tokens (JWT, HS256), random secrets and their digests, sealed
secrets (AES-GCM), and the key each of those uses, derived from the service secret key."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import os
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any, TypedDict

import jwt
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from application.ports import AccessClaims, Clock
from domain.accounts import ACCESS_TOKEN_TTL
from domain.errors import Unauthorized
from domain.webhooks import webhook_secret

API_KEY_SCHEME = "uj_live_"
_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_ALGORITHM = "HS256"


def base62(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    digits = []
    while number:
        number, rest = divmod(number, 62)
        digits.append(_BASE62[rest])
    # Fixed width (43 characters for 32 bytes), so every key has the same length.
    width = -(-len(data) * 8 * 1000 // 5954)  # ceil(bits / log2(62)), log2(62) ~ 5.954
    return "".join(reversed(digits)).rjust(width, "0")


# HMAC-SHA256 and AES-256 keys are 32 bytes: a shorter service secret would be the weakest link.
MIN_SECRET_KEY_BYTES = 32

# One key per purpose, each derived from the service secret key under its own label, so a key
# that leaks from one use (a JWT key in a debugger, say) opens neither the others nor the secret.
ACCESS_TOKEN_KEY = b"ujumbe access tokens"
KEYED_DIGEST_KEY = b"ujumbe keyed digests"
WEB_SESSION_KEY = b"ujumbe web session cookies"  # the dashboard's encrypted session cookie
# The label the first sealed Google tokens were derived under: changing it would leave them shut.
SEALING_KEY = b"ujumbe sealed third-party tokens"


def short_secret_key(secret_key: str) -> str | None:
    """Why `secret_key` is too short to derive keys from, or None."""
    size = len(secret_key.encode())
    if size >= MIN_SECRET_KEY_BYTES:
        return None
    return (f"is {size} bytes; it needs at least {MIN_SECRET_KEY_BYTES} (e.g. the output of"
            " python -c 'import secrets; print(secrets.token_urlsafe(48))')")


def derive_key(secret_key: str, purpose: bytes) -> bytes:
    """The 32-byte key for one `purpose` (HKDF-SHA256 of the service secret key)."""
    if reason := short_secret_key(secret_key):
        raise ValueError(f"the service secret key {reason}")
    return HKDF(algorithm=SHA256(), length=32, salt=None, info=purpose).derive(secret_key.encode())


def load_or_create_secret_key(configured: str | None, data_dir: Path) -> str:
    """`UJUMBE_SECRET_KEY`, or a key generated once and kept in the data directory."""
    if configured:
        return configured
    path = data_dir / "secret_key"
    if path.exists():
        return _kept_key(path)
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    try:
        # O_EXCL: of two processes starting together, one writes and both read its key.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _kept_key(path)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(key)
    return key


def _kept_key(path: Path) -> str:
    key = path.read_text("utf-8").strip()
    if reason := short_secret_key(key):
        raise ValueError(f"the secret key in {path} {reason}")
    return key


ARGON2_COST = "m=65536,t=3,p=4"  # memory in KiB, passes, lanes
MAX_ARGON2_MEMORY_KIB = 4 * 1024 * 1024  # more, and every login would be a way to exhaust the host


class Argon2Cost(TypedDict):
    memory_cost: int
    time_cost: int
    parallelism: int


def argon2_cost(text: str) -> Argon2Cost:
    """`m=65536,t=3,p=4` (argon2's own notation, as a stored hash spells it) as PasswordHasher's
    arguments; ValueError when it is not one argon2 accepts."""
    try:
        pairs = [(key.strip(), int(number)) for key, number in (part.split("=") for part in text.split(","))]
    except ValueError:
        pairs = []
    cost = dict(pairs)
    if (len(pairs) != 3 or set(cost) != {"m", "t", "p"} or min(cost.values()) < 1
            or not 8 * cost["p"] <= cost["m"] <= MAX_ARGON2_MEMORY_KIB):
        raise ValueError(f"{text!r} is not an argon2 cost: write m=<KiB>,t=<passes>,p=<lanes> once each, each at"
                         f" least 1, m from 8 × p to {MAX_ARGON2_MEMORY_KIB} (4 GiB; the default is {ARGON2_COST})")
    return Argon2Cost(memory_cost=cost["m"], time_cost=cost["t"], parallelism=cost["p"])


class Argon2PasswordHasher:
    """argon2id; hashing runs in a thread so a login does not stall the event loop. `cost` applies
    to new hashes; a stored hash is verified at the cost written in it."""

    def __init__(self, cost: str = ARGON2_COST) -> None:
        self._hasher = PasswordHasher(**argon2_cost(cost), type=Type.ID)
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self._hasher.hash, password)

    async def verify(self, password_hash: str, password: str) -> bool:
        return await asyncio.to_thread(self._verify, password_hash, password)

    async def verify_dummy(self, password: str) -> None:
        if self._dummy is None:
            self._dummy = await self.hash(secrets.token_urlsafe(16))
        await self.verify(self._dummy, password)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False


class JwtAccessTokens:
    """HS256 access tokens under their own derived key; expiry is checked against the Clock port,
    not the wall clock."""

    def __init__(self, secret_key: str, clock: Clock) -> None:
        self._key = derive_key(secret_key, ACCESS_TOKEN_KEY)
        self._clock = clock

    def issue(self, account_id: str, session_id: str) -> str:
        now = self._clock.now()
        claims = {
            "sub": account_id,
            "sid": session_id,
            "type": "access",
            "iat": _epoch(now),
            "exp": _epoch(now + ACCESS_TOKEN_TTL),
            "jti": secrets.token_hex(8),
        }
        return jwt.encode(claims, self._key, algorithm=_ALGORITHM)

    def claims_of(self, token: str) -> AccessClaims:
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                self._key,
                algorithms=[_ALGORITHM],  # the allow-list: no `none`, no key confusion
                options={"require": ["sub", "exp", "type"], "verify_exp": False, "verify_iat": False},
            )
        except jwt.InvalidTokenError as exc:
            raise Unauthorized("The access token is not valid.", field="Authorization") from exc
        if claims.get("type") != "access" or not isinstance(claims.get("sub"), str):
            raise Unauthorized("This is not an access token.", field="Authorization")
        exp = claims["exp"]
        if not isinstance(exp, (int, float)) or exp <= _epoch(self._clock.now()):
            raise Unauthorized("The access token has expired.", field="Authorization")
        session_id = claims.get("sid")
        return AccessClaims(str(claims["sub"]), session_id if isinstance(session_id, str) else None)


class RandomSecrets:
    """Random secrets from `secrets`, and how they are stored."""

    def __init__(self, secret_key: str) -> None:
        self._key = derive_key(secret_key, KEYED_DIGEST_KEY)

    def api_key(self) -> str:
        return API_KEY_SCHEME + base62(secrets.token_bytes(32))

    def refresh_token(self) -> str:
        return secrets.token_urlsafe(32)

    def link_token(self) -> str:
        return secrets.token_urlsafe(32)

    def otp_code(self) -> str:
        return f"{secrets.randbelow(1_000_000):06d}"

    def webhook_secret(self) -> str:
        return webhook_secret(secrets.token_bytes(32))

    def digest(self, secret: str) -> str:
        return hashlib.sha256(secret.encode()).hexdigest()

    def keyed_digest(self, secret: str) -> str:
        return hmac.new(self._key, secret.encode(), hashlib.sha256).hexdigest()

    def oauth_state(self) -> str:
        return secrets.token_urlsafe(32)


class AesGcmSecretBox:
    """AES-256-GCM under the sealing key derived from the service secret key; the account id
    is the associated data, so a sealed secret moved to another account's row does not open.
    A box is `v1.` + base64url(12-byte nonce + ciphertext + tag)."""

    _VERSION = "v1."

    def __init__(self, secret_key: str) -> None:
        self._aead = AESGCM(derive_key(secret_key, SEALING_KEY))

    def seal(self, secret: str, account_id: str) -> str:
        nonce = os.urandom(12)
        sealed = self._aead.encrypt(nonce, secret.encode(), account_id.encode())
        return self._VERSION + base64.urlsafe_b64encode(nonce + sealed).decode()

    def open(self, sealed: str, account_id: str) -> str:
        if not sealed.startswith(self._VERSION):
            raise ValueError("not a sealed secret")
        raw = base64.urlsafe_b64decode(sealed.removeprefix(self._VERSION))
        try:
            return self._aead.decrypt(raw[:12], raw[12:], account_id.encode()).decode()
        except InvalidTag as exc:
            raise ValueError("the sealed secret does not open for this account") from exc


def _epoch(moment: datetime) -> int:
    return int(moment.timestamp())
