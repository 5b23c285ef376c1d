"""The phone-code caps across accounts hold across API processes: `ujumbe serve --workers 2` in its
own processes, asked over real HTTP at once by six accounts, from two client addresses (127.0.0.1
and 127.0.0.2, both loopback)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from running_app import serving

PHONE = "+255712345678"


def test_six_accounts_at_once_on_two_processes_get_five_codes_to_one_number(clean_database: str,
                                                                            tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_SECRET_KEY": "otp-caps-test-secret-key-long-enough-for-hs256"}
    with serving(env, tmp_path, "--workers", "2", "--no-worker") as base:
        def log_in(n: int) -> dict[str, str]:
            with httpx.Client(base_url=base, timeout=10) as api:
                account = {"email": f"duka{n}@example.com", "password": "s3cret-pass"}
                assert api.post("/v1/auth/register", json=account).status_code == 201
                token = api.post("/v1/auth/login", json=account).json()["data"]["access_token"]
            return {"Authorization": f"Bearer {token}"}

        def ask(jwt: dict[str, str], phone: str = PHONE, address: str = "127.0.0.1") -> httpx.Response:
            # A client of its own per ask: its own connection, which either process may take.
            transport = httpx.HTTPTransport(local_address=address)
            with httpx.Client(base_url=base, timeout=30, transport=transport) as api:
                return api.post("/v1/auth/send-phone-otp", json={"phone": phone}, headers=jwt)

        accounts = [log_in(n) for n in range(6)]
        with ThreadPoolExecutor(len(accounts)) as pool:
            answers = list(pool.map(ask, accounts))
        assert sorted(answer.status_code for answer in answers) == [200] * 5 + [429], [a.text for a in answers]
        refused = next(answer for answer in answers if answer.status_code == 429)
        assert refused.json()["error"]["code"] == "otp_throttled" and "retry-after" in refused.headers

        # 127.0.0.1 has asked for five codes: five more to other numbers go, the eleventh does not,
        # and the same ask from another address goes.
        for n, jwt in enumerate(accounts[:5]):
            assert ask(jwt, f"+2557543001{n:02d}").status_code == 200
        over = ask(accounts[5], "+255754300199")
        assert over.status_code == 429 and "address" in over.json()["error"]["message"]
        assert ask(accounts[5], "+255754300199", address="127.0.0.2").status_code == 200
