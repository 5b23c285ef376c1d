"""Phone verification over HTTP: the code goes out through the gateway simulator."""

from __future__ import annotations

import asyncio
import dataclasses
import re

import psycopg
import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from application.ports import GatewayNoAnswer
from application.ports import OutboundSms
from domain.errors import InvalidOtp
from domain.submits import SubmitResult
from entrypoints.container import Container
from http_helpers import error_of
from tests_support import until_a_session_waits_on_a_lock

PHONE = "+255712345678"


async def last_code(container: Container, phone: str = PHONE) -> str:
    received = await container.simulator().received(to=phone)
    assert received, "the simulator received no SMS"
    found = re.search(r"\b(\d{6})\b", received[0].text)
    assert found, received[0].text
    return found.group(1)


async def send(client: AsyncTestClient, account, phone: str = "0712 345 678"):  # type: ignore[no-untyped-def,type-arg]
    return await client.post("/v1/auth/send-phone-otp", json={"phone": phone}, headers=account.jwt_headers)


async def verify(client: AsyncTestClient, account, otp: str, phone: str = PHONE):  # type: ignore[no-untyped-def,type-arg]
    return await client.post("/v1/auth/verify-phone", json={"phone": phone, "otp": otp}, headers=account.jwt_headers)


async def test_code_by_sms_verifies_the_phone(client: AsyncTestClient, container: Container, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    response = await send(client, account)
    assert response.status_code == 200
    assert response.json()["data"] == {"phone": PHONE, "status": "sent", "expires_in": 300}
    received = (await container.simulator().received(to=PHONE))[0]
    assert received.account_id is None  # a platform message: not charged to the account
    assert received.sender == "UJUMBE"

    verified = await verify(client, account, f" {await last_code(container)}\u3000")  # trimmed, as documented
    assert verified.status_code == 200
    profile = verified.json()["data"]
    assert profile["phone"] == PHONE and profile["phone_verified"] is True
    me = (await client.get("/v1/auth/me", headers=account.jwt_headers)).json()["data"]
    assert me["phone"] == PHONE and me["phone_verified"] is True
    # A code works once.
    assert (await verify(client, account, await last_code(container))).status_code == 400


async def test_verifying_a_number_does_not_reset_its_throttle(client: AsyncTestClient, container: Container,  # type: ignore[no-untyped-def]
                                                              clock: FrozenClock, make_account) -> None:
    account = await make_account()
    assert (await send(client, account)).status_code == 200
    assert (await verify(client, account, await last_code(container))).status_code == 200
    assert error_of(await send(client, account)) == ("otp_throttled", "phone")  # still one a minute
    for other in range(5):  # the verified number still counts among the account's five an hour
        clock.advance(61)
        number = f"07540001{other:02d}"
        answered = await client.post("/v1/auth/send-phone-otp", json={"phone": number}, headers=account.jwt_headers)
        assert answered.status_code == (200 if other < 4 else 429), answered.text


async def test_wrong_code_then_five_attempts_burn_the_code(client: AsyncTestClient, container: Container,  # type: ignore[no-untyped-def]
                                                           make_account) -> None:
    account = await make_account()
    await send(client, account)
    code = await last_code(container)
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        response = await verify(client, account, wrong)
        assert response.status_code == 400
        assert error_of(response) == ("invalid_otp", "otp")
    response = await verify(client, account, code)
    assert response.status_code == 400
    assert error_of(response) == ("invalid_otp", "otp")
    me = (await client.get("/v1/auth/me", headers=account.jwt_headers)).json()["data"]
    assert me["phone_verified"] is False


async def test_code_expires_after_five_minutes(client: AsyncTestClient, container: Container,  # type: ignore[no-untyped-def]
                                               clock: FrozenClock, make_account) -> None:
    account = await make_account()
    await send(client, account)
    code = await last_code(container)
    clock.advance(300)
    response = await verify(client, account, code)
    assert error_of(response) == ("invalid_otp", "otp")


async def test_resend_is_throttled_and_replaces_the_code(client: AsyncTestClient, container: Container,  # type: ignore[no-untyped-def]
                                                         clock: FrozenClock, make_account) -> None:
    account = await make_account()
    await send(client, account)
    first = await last_code(container)
    clock.advance(59)
    response = await send(client, account)
    assert response.status_code == 429
    assert error_of(response) == ("otp_throttled", "phone")
    clock.advance(1)
    assert (await send(client, account)).status_code == 200
    second = await last_code(container)
    if first != second:
        assert error_of(await verify(client, account, first))[0] == "invalid_otp"
    assert (await verify(client, account, second)).status_code == 200


async def test_at_most_five_codes_an_hour_per_number(client: AsyncTestClient, clock: FrozenClock,  # type: ignore[no-untyped-def]
                                                     container: Container, make_account) -> None:
    account = await make_account()
    for _ in range(5):
        assert (await send(client, account)).status_code == 200
        clock.advance(61)
    assert error_of(await send(client, account))[0] == "otp_throttled"
    clock.advance(3600)
    login = await client.post("/v1/auth/login", json={"email": account.email, "password": account.password})
    relogged = dataclasses.replace(account, access_token=login.json()["data"]["access_token"])
    assert (await send(client, relogged)).status_code == 200


async def test_at_most_five_numbers_an_hour_per_account(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    for n in range(5):
        assert (await send(client, account, phone=f"+25571234560{n}")).status_code == 200
    response = await send(client, account, phone="+255712345609")
    assert error_of(response) == ("otp_throttled", "phone")


async def test_bad_phone_and_malformed_code_name_their_field(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    response = await send(client, account, phone="+14155550100")
    assert response.status_code == 403
    assert error_of(response) == ("invalid_phone_number", "phone")
    for malformed in ("12ab56", "\u0661\u0662\u0663\u0664\u0665\u0666"):  # Arabic-Indic digits are not [0-9]
        response = await verify(client, account, malformed)
        assert response.status_code == 400
        assert error_of(response) == ("validation_error", "otp")
    response = await client.post("/v1/auth/verify-phone", json={"phone": PHONE}, headers=account.jwt_headers)
    assert error_of(response) == ("validation_error", "otp")
    response = await client.post("/v1/auth/send-phone-otp", json={}, headers=account.jwt_headers)
    assert error_of(response) == ("validation_error", "phone")


async def test_a_number_the_gateway_refuses_reports_failed(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    response = await send(client, account, phone="+255799000001")
    assert response.status_code == 200
    assert response.json()["data"]["status"] == "failed"


async def test_a_guess_racing_the_last_wrong_one_waits_for_it_and_is_refused(  # type: ignore[no-untyped-def]
    client: AsyncTestClient, container: Container, make_account, clean_database: str
) -> None:
    account = await make_account()
    await send(client, account)
    code = await last_code(container)
    async with await psycopg.AsyncConnection.connect(clean_database) as rival:
        # A concurrent request is counting the fifth wrong guess and has not committed yet.
        await rival.execute("UPDATE phone_otps SET attempts = 4")
        await rival.commit()
        await rival.execute("SELECT 1 FROM phone_otps FOR UPDATE")
        await rival.execute("UPDATE phone_otps SET attempts = 5")
        guess = asyncio.create_task(container.verify_phone()(account.id, PHONE, code))
        await until_a_session_waits_on_a_lock(clean_database)
        await rival.commit()
    # Read without the row lock, the guess would see 4 attempts, and its right code would pass.
    with pytest.raises(InvalidOtp):
        await guess
    me = (await client.get("/v1/auth/me", headers=account.jwt_headers)).json()["data"]
    assert me["phone_verified"] is False


class TakesTheSubmitButNeverAnswers:
    """A gateway that took the code's SMS and whose answer never came (a timeout after the write)."""

    def __init__(self) -> None:
        self.submitted: list[OutboundSms] = []

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.submitted.append(sms)
        raise GatewayNoAnswer("no answer within the timeout")


async def test_a_code_the_gateway_never_answered_for_is_pending_not_a_server_error(  # type: ignore[no-untyped-def]
    client: AsyncTestClient, container: Container, make_account
) -> None:
    account = await make_account()
    silent = TakesTheSubmitButNeverAnswers()
    container.gateway.override(providers.Object(silent))
    try:
        response = await send(client, account)
    finally:
        container.gateway.reset_override()
    assert response.status_code == 200
    assert response.json()["data"] == {"phone": PHONE, "status": "pending", "expires_in": 300}
    # The code was stored: should the SMS arrive after all, it verifies the phone.
    code = re.search(r"\b(\d{6})\b", silent.submitted[0].text)
    assert code is not None
    assert (await verify(client, account, code.group(1))).status_code == 200


async def test_a_number_gets_five_codes_an_hour_however_many_accounts_ask(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, container: Container, make_account) -> None:
    accounts = [await make_account() for _ in range(6)]
    for account in accounts[:5]:
        assert (await send(client, account)).status_code == 200
    for route in ("/v1/auth/send-phone-otp", "/v1/vouchers/otp/send"):  # a payer code counts the same
        refused = await client.post(route, json={"phone": PHONE}, headers=accounts[5].jwt_headers)
        assert refused.status_code == 429
        assert error_of(refused) == ("otp_throttled", "phone")
        assert int(refused.headers["retry-after"]) > 3000  # the first of the five leaves the hour then
    assert len(await container.simulator().received(to=PHONE)) == 5
    assert (await send(client, accounts[5], phone="+255754000111")).status_code == 200  # other numbers still go


async def test_one_client_address_gets_ten_codes_an_hour_across_accounts_and_numbers(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:
    accounts = [await make_account() for _ in range(3)]
    for n in range(10):  # five numbers an hour per account: spread over three
        assert (await send(client, accounts[n % 3], phone=f"+2557543000{n:02d}")).status_code == 200
    refused = await send(client, accounts[2], phone="+255754300099")
    assert refused.status_code == 429 and error_of(refused) == ("otp_throttled", "phone")
    assert "address" in refused.json()["error"]["message"]
