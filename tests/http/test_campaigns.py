"""/v1/campaigns over the whole app on PostgreSQL, runs drained by a real job worker."""

from __future__ import annotations

import asyncio
import csv
import io
from collections import Counter
from datetime import UTC, datetime, timedelta
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from application.campaigns.creation import CampaignRequest
from application.credits.balance import Grant
from application.ports import InboundSms
from campaigns_support import charged_for_sent, ledger, numbers, opt_out, received, seed_list
from entrypoints.container import Container
from http_helpers import error_of
from jobs_support import drain, without_periodic_jobs


Client = AsyncTestClient[Any]
MakeAccount = Callable[..., Awaitable[Any]]


@pytest.fixture(autouse=True)
def _jobs_drained_by_hand(container: Container) -> None:
    without_periodic_jobs(container)


async def _campaign(client: Client, headers: dict[str, str], list_id: str,
                    message: str = "Ofa ya leo!", **extra: object) -> dict[str, Any]:
    response = await client.post("/v1/campaigns", json={"name": "Ofa", "message": message,
                                                        "contact_list_id": list_id, **extra}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()["data"]  # type: ignore[no-any-return]


async def _get(client: Client, headers: dict[str, str], campaign_id: str) -> dict[str, Any]:
    response = await client.get(f"/v1/campaigns/{campaign_id}", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]  # type: ignore[no-any-return]


async def test_a_campaign_reaches_each_number_once_leaving_out_opted_out_ones(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=100))
    people = [(n, "Asha", "Juma") for n in numbers(6)] + [("+255799000001", "Rejected", "")]
    list_id = seed_list(clean_database, account.id, people)
    opt_out(clean_database, account.id, people[2][0])

    created = await _campaign(client, account.key_headers, list_id)
    assert (created["status"], created["total_contacts"], created["sent_count"]) == ("running", 6, 0)
    await drain(container)

    done = await _get(client, account.jwt_headers, created["id"])
    assert (done["status"], done["sent_count"], done["delivered_count"], done["failed_count"]) == ("completed", 5, 5, 1)
    assert done["completed_at"] is not None
    got = received(clean_database, account.id)
    assert Counter(got) == Counter([p[0] for p in people if p[0] != people[2][0]])  # each once, STOP left out
    assert ledger(clean_database, account.id) == {"grant": 100, "deduct": 6, "refund": 1}
    assert charged_for_sent(clean_database, created["id"]) == 5
    balance = (await client.get("/v1/credits/balance", headers=account.key_headers)).json()["data"]["balance"]
    assert balance == 95
    notes = (await client.get("/v1/notifications", headers=account.key_headers)).json()["data"]["notifications"]
    assert [(n["type"], n["title"]) for n in notes if n["type"] == "campaign"] == [("campaign", "Campaign completed")]

    page = (await client.get(f"/v1/campaigns/{created['id']}/messages?status=failed",
                             headers=account.key_headers)).json()["data"]
    assert [(m["to"], m["status"], m["credits_used"]) for m in page["messages"]] == [("+255799000001", "failed", 0)]
    report = await client.get(f"/v1/campaigns/{created['id']}/messages/export", headers=account.key_headers)
    assert report.status_code == 200 and report.headers["content-type"].startswith("text/csv")
    lines = report.text.strip().splitlines()
    assert lines[0].startswith("message_id,to,from,status") and len(lines) == 7


async def test_each_recipient_gets_and_pays_for_their_own_text(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=100))
    long_name = "B" * 160  # pushes the text past one part
    to = numbers(3)
    list_id = seed_list(clean_database, account.id, [(to[0], "Asha", "Juma"), (to[1], "", ""), (to[2], long_name, "")])

    preview = await client.post("/v1/campaigns/preview", json={
        "name": "x", "message": "Habari {first_name} {last_name}!", "contact_list_id": list_id,
        "sender_id": "DUKA"}, headers=account.jwt_headers)
    assert preview.status_code == 200, preview.text
    data = preview.json()["data"]
    assert (data["recipients"], data["credits"], data["from"], data["requested_from"]) == (3, 4, "UJUMBE", "DUKA")
    assert [s["message"] for s in data["samples"]][:2] == ["Habari Asha Juma!", "Habari  !"]
    assert (await client.get("/v1/campaigns", headers=account.jwt_headers)).json()["data"]["total"] == 0

    created = await _campaign(client, account.jwt_headers, list_id, "Habari {first_name} {last_name}!")
    await drain(container)
    page = (await client.get(f"/v1/campaigns/{created['id']}/messages", headers=account.jwt_headers)).json()["data"]
    texts = {m["to"]: (m["message"], m["credits_used"], m["from"]) for m in page["messages"]}
    assert texts[to[0]] == ("Habari Asha Juma!", 1, "UJUMBE")
    assert texts[to[2]] == (f"Habari {long_name} !", 2, "UJUMBE")
    assert ledger(clean_database, account.id) == {"grant": 100, "deduct": 4}


async def test_too_few_credits_at_creation_is_402_and_nothing_is_created(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=2))
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(3)])
    response = await client.post("/v1/campaigns", json={"name": "Ofa", "message": "Ofa", "contact_list_id": list_id},
                                 headers=account.key_headers)
    assert response.status_code == 402 and error_of(response)[0] == "insufficient_credits"
    await drain(container)
    assert (await client.get("/v1/campaigns", headers=account.jwt_headers)).json()["data"]["total"] == 0
    assert received(clean_database, account.id) == []
    assert ledger(clean_database, account.id) == {"grant": 2}


async def test_a_scheduled_campaign_runs_at_its_time_in_east_africa_time(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str,
    clock: FrozenClock,
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(2)])
    clock.set(datetime(2026, 1, 5, 6, 0, tzinfo=UTC))  # 09:00 in Dar es Salaam
    created = await _campaign(client, account.key_headers, list_id, scheduled_at="2026-01-05T10:00:00")
    assert (created["status"], created["scheduled_at"]) == ("scheduled", "2026-01-05T07:00:00Z")
    await drain(container)  # the job is due by the wall clock, but not by the service's: nothing yet
    assert (await _get(client, account.key_headers, created["id"]))["status"] == "scheduled"
    assert received(clean_database, account.id) == []

    clock.set(datetime(2026, 1, 5, 7, 0, 1, tzinfo=UTC))
    assert await container.queue_due_campaigns()() == 1
    await drain(container)
    done = await _get(client, account.key_headers, created["id"])
    assert (done["status"], done["sent_count"]) == ("completed", 2)

    past = await _campaign(client, account.key_headers, list_id, scheduled_at="2026-01-05T09:00:00+03:00")
    assert past["status"] == "running"
    bad = await client.post("/v1/campaigns", json={"name": "x", "message": "x", "contact_list_id": list_id,
                                                   "scheduled_at": "2026-02-30T10:00"}, headers=account.key_headers)
    assert bad.status_code == 400 and error_of(bad) == ("validation_error", "scheduled_at")


async def test_credits_short_at_run_time_fail_the_campaign_and_send_nothing(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str,
    clock: FrozenClock,
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=1))
    await client.post("/v1/webhooks", json={"url": "http://127.0.0.1:9/hook", "events": ["campaign.failed"]},
                      headers=account.jwt_headers)
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(3)])
    created = await _campaign(client, account.key_headers, list_id,
                              scheduled_at=(clock.now() + timedelta(hours=1)).isoformat())
    clock.advance(hours=2)
    await container.queue_due_campaigns()()
    await drain(container)
    failed = await _get(client, account.key_headers, created["id"])
    assert (failed["status"], failed["failure_reason"], failed["sent_count"]) == ("failed", "insufficient_credits", 0)
    assert received(clean_database, account.id) == []
    assert ledger(clean_database, account.id) == {"grant": 1}
    notes = (await client.get("/v1/notifications", headers=account.key_headers)).json()["data"]["notifications"]
    assert [(n["type"], n["title"]) for n in notes if n["type"] == "campaign"] == [("campaign", "Campaign failed")]
    import psycopg
    with psycopg.connect(clean_database) as conn:
        events = conn.execute("SELECT type, data->>'campaign_id' FROM outbox_events WHERE account_id = %s",
                              (account.id,)).fetchall()
    assert events == [("campaign.failed", created["id"])]


async def test_cancel_puts_a_scheduled_campaign_back_to_draft_and_stops_a_running_one(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str,
    clock: FrozenClock,
) -> None:
    account, other = await make_account(), await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(3)])
    later = await _campaign(client, account.key_headers, list_id,
                            scheduled_at=(clock.now() + timedelta(days=1)).isoformat())
    assert (await client.post(f"/v1/campaigns/{later['id']}/cancel", headers=other.key_headers)).status_code == 404
    cancelled = await client.post(f"/v1/campaigns/{later['id']}/cancel", headers=account.key_headers)
    assert cancelled.status_code == 200 and cancelled.json()["data"]["status"] == "draft"
    again = await client.post(f"/v1/campaigns/{later['id']}/cancel", headers=account.key_headers)
    assert again.status_code == 409 and error_of(again)[0] == "campaign_not_cancellable"

    running = await _campaign(client, account.key_headers, list_id)  # its job not run yet
    stopped = await client.post(f"/v1/campaigns/{running['id']}/cancel", headers=account.jwt_headers)
    assert stopped.status_code == 200
    assert (stopped.json()["data"]["status"], stopped.json()["data"]["failure_reason"]) == ("failed", "cancelled")
    await drain(container)
    assert received(clean_database, account.id) == []
    assert ledger(clean_database, account.id) == {"grant": 10}
    assert (await _get(client, account.key_headers, running["id"]))["failed_count"] == 3


async def test_a_stop_that_arrives_mid_run_keeps_that_number_out(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    to = numbers(3)
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in to])
    await client.post("/v1/sms/", json={"to": to[1], "message": "Karibu"}, headers=account.key_headers)  # routes STOP
    created = await _campaign(client, account.key_headers, list_id)  # written, not yet run
    await container.receive_inbound_sms()(InboundSms(from_number=to[1], text="STOP"))
    await drain(container)
    done = await _get(client, account.key_headers, created["id"])
    assert (done["status"], done["sent_count"], done["failed_count"]) == ("completed", 2, 1)
    assert Counter(received(clean_database, account.id)) == Counter([to[0], to[1], to[2]])  # to[1]: the single send
    assert ledger(clean_database, account.id)["deduct"] == 1 + 2


async def test_an_idempotency_key_replays_the_created_campaign(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(2)])
    body = {"name": "Ofa", "message": "Ofa", "contact_list_id": list_id}
    headers = {**account.key_headers, "Idempotency-Key": "campaign-1"}
    first = await client.post("/v1/campaigns", json=body, headers=headers)
    second = await client.post("/v1/campaigns", json=body, headers=headers)
    assert first.status_code == second.status_code == 201
    assert second.content == first.content and second.headers["Idempotent-Replay"] == "true"
    await drain(container)
    assert (await client.get("/v1/campaigns", headers=account.jwt_headers)).json()["data"]["total"] == 1
    assert sorted(received(clean_database, account.id)) == numbers(2)


async def test_one_campaign_created_twice_at_once_writes_and_sends_its_recipients_once(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    # The same campaign id twice at once (a form posted twice): the test client serves one
    # request at a time, so the use case is called from the container, as two requests would.
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=50))
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(20)])
    request = CampaignRequest(account_id=account.id, name="Ofa", message="Ofa", contact_list_id=list_id,
                              campaign_id=container.ids().new_id())
    made = await asyncio.gather(*(container.create_campaign()(request) for _ in range(2)))
    assert [(c.id, c.total_contacts) for c in made] == [(request.campaign_id, 20)] * 2
    await drain(container)
    assert (await client.get("/v1/campaigns", headers=account.jwt_headers)).json()["data"]["total"] == 1
    assert sorted(received(clean_database, account.id)) == numbers(20)
    assert ledger(clean_database, account.id) == {"grant": 50, "deduct": 20}


async def test_another_accounts_campaign_or_list_is_not_found(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account, other = await make_account(), await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    await container.grant_credits()(Grant(account_id=other.id, credits=10))
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(1)])
    created = await _campaign(client, account.key_headers, list_id)
    for response in (
        await client.get(f"/v1/campaigns/{created['id']}", headers=other.key_headers),
        await client.get(f"/v1/campaigns/{created['id']}/messages", headers=other.key_headers),
        await client.get(f"/v1/campaigns/{created['id']}/messages/export", headers=other.key_headers),
        await client.post(f"/v1/campaigns/{created['id']}/cancel", headers=other.key_headers),
        await client.post("/v1/campaigns", json={"name": "x", "message": "x", "contact_list_id": list_id},
                          headers=other.key_headers),
        await client.post("/v1/campaigns/preview", json={"name": "x", "message": "x", "contact_list_id": list_id},
                          headers=other.key_headers),
        await client.get("/v1/campaigns/not-a-uuid", headers=other.key_headers),
    ):
        assert response.status_code == 404 and error_of(response)[0] == "not_found", response.text
    listed = (await client.get("/v1/campaigns", headers=other.jwt_headers)).json()["data"]
    assert (listed["campaigns"], listed["total"]) == ([], 0)
    assert (await client.get("/v1/campaigns", headers=account.key_headers)).status_code == 403  # JWT only


async def test_an_empty_list_makes_a_draft(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account = await make_account()
    only = numbers(1)[0]
    list_id = seed_list(clean_database, account.id, [(only, "", "")])
    opt_out(clean_database, account.id, only)
    created = await _campaign(client, account.key_headers, list_id)
    assert (created["status"], created["total_contacts"]) == ("draft", 0)
    listed = (await client.get("/v1/campaigns?per_page=1", headers=account.jwt_headers)).json()["data"]
    assert (listed["page"], listed["per_page"], listed["total"], listed["campaigns"][0]["id"]) == (
        1, 1, 1, created["id"])


async def test_the_report_never_writes_a_formula_and_dates_it_as_the_json_does(
    client: Client, make_account: MakeAccount, container: Container, clean_database: str
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    to = numbers(2)
    list_id = seed_list(clean_database, account.id, [(to[0], '=HYPERLINK("http://x")', ""), (to[1], "Asha", "")])
    created = await _campaign(client, account.key_headers, list_id, "{first_name} hi")
    await drain(container)
    page = (await client.get(f"/v1/campaigns/{created['id']}/messages", headers=account.key_headers)).json()["data"]
    report = await client.get(f"/v1/campaigns/{created['id']}/messages/export", headers=account.key_headers)
    rows = list(csv.DictReader(io.StringIO(report.text)))
    assert {r["to"]: r["message"] for r in rows} == {to[0]: '\'=HYPERLINK("http://x") hi', to[1]: "Asha hi"}
    texts = {m["to"]: m["message"] for m in page["messages"]}
    assert texts[to[0]] == '=HYPERLINK("http://x") hi'  # the JSON gives the text as it is
    for row, message in zip(rows, page["messages"], strict=True):
        assert (row["message_id"], row["created_at"], row["sent_at"]) == (
            message["message_id"], message["created_at"], message["sent_at"])
        assert row["created_at"].endswith("Z") and row["sent_at"].endswith("Z")


async def test_a_contact_list_id_that_is_not_a_uuid_is_a_validation_error(
    client: Client, make_account: MakeAccount, clean_database: str
) -> None:
    account = await make_account()
    for path in ("/v1/campaigns", "/v1/campaigns/preview"):
        for list_id, status, code in (("not-a-uuid", 400, "validation_error"),
                                      ("0f8fad5b-d9cb-469f-a165-70867728950e", 404, "not_found")):
            response = await client.post(path, json={"name": "x", "message": "x", "contact_list_id": list_id},
                                         headers=account.key_headers)
            assert response.status_code == status, response.text
            assert error_of(response) == (code, "contact_list_id")
