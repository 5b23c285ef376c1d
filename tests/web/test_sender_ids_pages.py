"""The sender IDs page: the account's registered sender IDs, the default sender, and how to ask
the operator for one; in Swahili and English."""

from __future__ import annotations

from entrypoints.container import Container
from web_support import LANGUAGE_COOKIE, Client, make_account, sign_in


async def test_the_default_sender_until_the_operator_registers_one(client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    none_yet = await client.get("/sender-ids")
    assert none_yet.status_code == 200 and '<html lang="sw">' in none_yet.text
    assert 'id="default-sender">UJUMBE<' in none_yet.text
    assert "Bado hakuna jina la mtumaji lililosajiliwa" in none_yet.text and "Kuomba jina la mtumaji" in none_yet.text

    await container.add_sender_id()(account_id, "DUKA")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    registered = await client.get("/sender-ids")
    assert '<strong class="sender">DUKA</strong>' in registered.text and "registered 5 January 2026" in registered.text
    assert "Asking for a sender ID" in registered.text and "up to 11 letters or digits" in registered.text
    assert "No sender ID is registered" not in registered.text
