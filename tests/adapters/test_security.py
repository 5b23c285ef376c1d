"""argon2id passwords, HS256 access tokens on the Clock port, API keys and digests, sealed
secrets, and the key each purpose derives from the service secret key."""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

import jwt
import pytest

from adapters.memory.system import FrozenClock
from adapters.security import (
    ACCESS_TOKEN_KEY,
    ARGON2_COST,
    KEYED_DIGEST_KEY,
    SEALING_KEY,
    AesGcmSecretBox,
    Argon2PasswordHasher,
    JwtAccessTokens,
    RandomSecrets,
    argon2_cost,
    base62,
    derive_key,
    load_or_create_secret_key,
)
from application.ports import AccessClaims
from domain.errors import Unauthorized
from entrypoints.settings import Settings

SECRET = "s" * 48


async def test_argon2id_hash_and_verify() -> None:
    hasher = Argon2PasswordHasher("m=1024,t=1,p=1")
    hashed = await hasher.hash("s3cret-pass")
    assert hashed.startswith("$argon2id$v=19$m=1024,t=1,p=1$") and "s3cret-pass" not in hashed
    assert await hasher.verify(hashed, "s3cret-pass")
    assert not await hasher.verify(hashed, "wrong-pass")
    assert not await hasher.verify("not a hash", "s3cret-pass")
    await hasher.verify_dummy("anything")


async def test_new_hashes_take_the_default_cost_and_a_stored_hash_is_verified_at_its_own() -> None:
    default = Argon2PasswordHasher()
    hashed = await default.hash("s3cret-pass")
    assert hashed.startswith(f"$argon2id$v=19${ARGON2_COST}$") and ARGON2_COST == "m=65536,t=3,p=4"
    cheaper = Argon2PasswordHasher("m=2048,t=2,p=1")
    assert await cheaper.verify(hashed, "s3cret-pass")  # the cost changed: old passwords still work
    assert await default.verify(await cheaper.hash("s3cret-pass"), "s3cret-pass")


@pytest.mark.parametrize("text", ["", "m=1024", "m=1024,t=1", "m=1024,t=1,p=1,x=2", "m=1024,t=0,p=1",
                                  "m=8,t=1,p=2", "m=a,t=1,p=1", "m:1024,t:1,p:1", "t=1,p=1,q=1024",
                                  "m=1024,m=2048,t=1,p=1", "m=4194305,t=1,p=1"])
def test_an_argon2_cost_argon2_would_refuse_or_the_host_could_not_afford_is_refused_in_its_notation(text: str) -> None:
    with pytest.raises(ValueError, match=r"m=<KiB>,t=<passes>,p=<lanes>"):
        argon2_cost(text)


def test_an_argon2_cost_reads_as_a_stored_hash_spells_it() -> None:
    assert argon2_cost(" t=2 , m=19456,p=1") == {"memory_cost": 19456, "time_cost": 2, "parallelism": 1}
    assert argon2_cost("m=4194304,t=1,p=1")["memory_cost"] == 4 * 1024 * 1024  # the most it takes


def test_access_token_claims_and_expiry_follow_the_clock() -> None:
    clock = FrozenClock()
    tokens = JwtAccessTokens(SECRET, clock)
    token = tokens.issue("acc-1", "session-1")
    claims = jwt.decode(token, derive_key(SECRET, ACCESS_TOKEN_KEY), algorithms=["HS256"],
                        options={"verify_exp": False})
    assert claims["sub"] == "acc-1" and claims["type"] == "access" and claims["sid"] == "session-1"
    assert claims["exp"] == int(clock.now().timestamp()) + 900
    assert jwt.get_unverified_header(token)["alg"] == "HS256"
    clock.advance(899)
    assert tokens.claims_of(token) == AccessClaims("acc-1", "session-1")
    clock.advance(1)
    with pytest.raises(Unauthorized):
        tokens.claims_of(token)


@pytest.mark.parametrize("claims,key,algorithm", [
    ({"sub": "acc-1", "type": "refresh", "exp": 4102444800}, derive_key(SECRET, ACCESS_TOKEN_KEY), "HS256"),
    ({"sub": "acc-1", "exp": 4102444800}, derive_key(SECRET, ACCESS_TOKEN_KEY), "HS256"),
    ({"type": "access", "exp": 4102444800}, derive_key(SECRET, ACCESS_TOKEN_KEY), "HS256"),
    ({"sub": "acc-1", "type": "access"}, derive_key(SECRET, ACCESS_TOKEN_KEY), "HS256"),
    ({"sub": "acc-1", "type": "access", "exp": 4102444800}, derive_key(SECRET, ACCESS_TOKEN_KEY), "HS512"),
    ({"sub": "acc-1", "type": "access", "exp": 4102444800}, SECRET, "HS256"),  # the raw service secret key
    ({"sub": "acc-1", "type": "access", "exp": 4102444800}, derive_key(SECRET, KEYED_DIGEST_KEY), "HS256"),
    ({"sub": "acc-1", "type": "access", "exp": 4102444800}, "o" * 48, "HS256"),
    ({"sub": "acc-1", "type": "access", "exp": 4102444800}, None, "none"),
])
@pytest.mark.filterwarnings("ignore::jwt.warnings.InsecureKeyLengthWarning")  # forging HS512 with our 32-byte key
def test_only_our_hs256_access_tokens_pass(claims: dict, key: str | bytes | None, algorithm: str) -> None:
    token = jwt.encode(claims, key, algorithm=algorithm)
    with pytest.raises(Unauthorized) as raised:
        JwtAccessTokens(SECRET, FrozenClock()).claims_of(token)
    assert raised.value.field == "Authorization"


def test_api_keys_are_base62_with_the_live_prefix() -> None:
    secrets = RandomSecrets(SECRET)
    keys = {secrets.api_key() for _ in range(50)}
    assert len(keys) == 50
    assert all(re.fullmatch(r"uj_live_[0-9A-Za-z]{43}", k) for k in keys)
    assert base62(bytes(32)) == "0" * 43 and base62(b"\xff" * 32)[-1] != "0"
    assert secrets.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert secrets.keyed_digest("abc") != secrets.digest("abc")
    assert secrets.keyed_digest("abc") != RandomSecrets("other" * 10).keyed_digest("abc")
    assert all(re.fullmatch(r"\d{6}", secrets.otp_code()) for _ in range(50))


def test_each_purpose_has_its_own_key_and_none_is_the_service_secret_key() -> None:
    keys = [derive_key(SECRET, purpose) for purpose in (ACCESS_TOKEN_KEY, KEYED_DIGEST_KEY, SEALING_KEY)]
    assert len(set(keys)) == 3 and SECRET.encode() not in keys and all(len(key) == 32 for key in keys)
    assert derive_key("t" * 48, ACCESS_TOKEN_KEY) != keys[0]  # and each follows the secret key


def test_an_otp_digest_is_not_keyed_with_the_service_secret_key_itself() -> None:
    raw = hmac.new(SECRET.encode(), b"123456", hashlib.sha256).hexdigest()
    assert RandomSecrets(SECRET).keyed_digest("123456") != raw
    assert RandomSecrets(SECRET).keyed_digest("123456") == RandomSecrets(SECRET).keyed_digest("123456")


def test_a_service_secret_key_under_32_bytes_is_refused_naming_where_it_came_from(tmp_path: Path) -> None:
    for short in ("x" * 31, "é" * 15):  # bytes are counted, not characters: 30 bytes
        with pytest.raises(ValueError, match=r"^UJUMBE_SECRET_KEY is \d+ bytes; it needs at least 32"):
            Settings.from_env({"UJUMBE_SECRET_KEY": short})
        with pytest.raises(ValueError, match="at least 32"):
            JwtAccessTokens(short, FrozenClock())
    assert Settings.from_env({"UJUMBE_SECRET_KEY": "é" * 16}).secret_key == "é" * 16
    assert Settings.from_env({}).secret_key is None  # generated and kept in the data directory
    (tmp_path / "secret_key").write_text("too-short\n")
    with pytest.raises(ValueError, match=f"the secret key in {tmp_path / 'secret_key'} is 9 bytes"):
        load_or_create_secret_key(None, tmp_path)


def test_secret_key_from_settings_or_generated_once(tmp_path: Path) -> None:
    assert load_or_create_secret_key("configured", tmp_path) == "configured"
    generated = load_or_create_secret_key(None, tmp_path / "data")
    assert len(generated.encode()) >= 32
    assert load_or_create_secret_key(None, tmp_path / "data") == generated
    assert (tmp_path / "data" / "secret_key").stat().st_mode & 0o077 == 0


def test_a_sealed_secret_opens_only_for_its_account_and_only_under_the_same_key() -> None:
    box = AesGcmSecretBox(SECRET)
    sealed = box.seal("ya29.a0AfH6SMB-token", "account-1")
    assert sealed.startswith("v1.") and "ya29" not in sealed
    assert box.seal("ya29.a0AfH6SMB-token", "account-1") != sealed  # a fresh nonce each time
    assert box.open(sealed, "account-1") == "ya29.a0AfH6SMB-token"
    assert AesGcmSecretBox(SECRET).open(sealed, "account-1") == "ya29.a0AfH6SMB-token"  # another process
    for refused in (lambda: box.open(sealed, "account-2"), lambda: AesGcmSecretBox("t" * 48).open(sealed, "account-1"),
                    lambda: box.open(sealed[:-2] + ("A" if sealed[-2] != "A" else "B") + sealed[-1], "account-1"),
                    lambda: box.open("ya29.a0AfH6SMB-token", "account-1")):
        with pytest.raises(ValueError):
            refused()


def test_a_google_token_sealed_by_an_earlier_release_still_opens() -> None:
    # Sealed by the release before each purpose had its own key (the box's key was derived already).
    sealed = "v1.4oJ7xCogETdzVMMGcT0kyzoSRLeSeMrgGD1ywe9hSaGX1oFMKjZDCGqQJSI3CV_y3it49CebFBBSl8M="
    box = AesGcmSecretBox("the-service-secret-key-of-an-earlier-release")
    assert box.open(sealed, "00000000-0000-0000-0000-000000000001") == "1//0g-refresh-token-from-google"


def test_oauth_states_are_long_random_and_url_safe() -> None:
    states = {RandomSecrets(SECRET).oauth_state() for _ in range(50)}
    assert len(states) == 50 and all(re.fullmatch(r"[A-Za-z0-9_-]{43}", state) for state in states)
