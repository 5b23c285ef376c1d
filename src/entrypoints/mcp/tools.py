"""The agent tools: each one REST call (see `rest`), described so that an agent can act on the
answer: what it costs, what each error means, the formats the arguments take."""

# No `from __future__ import annotations`: the SDK reads the tools' signatures into JSON schemas.
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import ToolAnnotations
from pydantic import Field

from domain.bulk import MAX_BULK_RECIPIENTS
from domain.ids import UUID_PATTERN
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from domain.segments import MAX_MESSAGE_LENGTH
from entrypoints.mcp.rest import Credentials, RestApi

CredentialsOf = Callable[[Context], Credentials]
Result = dict[str, Any]

COST = ("Cost: 1 credit per SMS part to a Tanzanian number. A part holds 160 GSM-7 characters, or 70 "
        "when the text needs UCS-2 (any character outside GSM-7: emoji, curly quotes, most non-Latin "
        "letters); a longer text is billed in parts of 153 / 67. Price a text first with quote_sms.")
NUMBERS = ("Tanzanian mobile numbers only: 07XXXXXXXX, 06XXXXXXXX, +255XXXXXXXXX or 255XXXXXXXXX (spaces and "
           "dashes allowed).")
SENDER_FALLBACK = ("A sender_id not registered for the account does not fail the send: it goes out under the "
                   "default sender, and requested_from in the result says what was asked (list_sender_ids).")
IDEMPOTENCY = ("Pass an idempotency_key (your own id for this send, up to 128 printable ASCII characters) to "
               "retry safely: the same key with the same arguments within 24 h returns the first answer "
               "(idempotent_replay: true) and sends and charges nothing again.")
SEND_ERRORS = ("Errors (nothing sent or charged): insufficient_credits (402, top up first), invalid_phone_number "
               "(403, fix the number), validation_error (400, the field is named), rate_limit_exceeded (429, "
               "wait Retry-After), request_in_progress (409, the same key is still running: retry shortly), "
               "idempotency_key_reused (422, a new send needs a new key).")

Message = Annotated[str, Field(description=f"The text, 1 to {MAX_MESSAGE_LENGTH} characters.")]
SenderId = Annotated[str | None, Field(description=(
    "A sender ID registered for the account, 1 to 11 letters or digits; omit for the default sender."))]
IdempotencyKey = Annotated[str | None, Field(description=(
    "Your own id for this request; a retry with the same key and arguments is answered once, not sent twice."))]
Page = Annotated[int, Field(description="Page number, from 1.")]
PerPage = Annotated[int, Field(description=f"Items per page, 1 to {MAX_PER_PAGE}.")]
CampaignId = Annotated[str, Field(pattern=UUID_PATTERN,
                                  description="The campaign's id (a uuid), from create_campaign.")]
ContactListId = Annotated[str, Field(description=(
    "The contact list's id (a uuid): from list_contact_lists, or the dashboard."))]
ScheduledAt = Annotated[str | None, Field(description=(
    "When to send: ISO 8601 date-time, e.g. 2026-12-24T09:00; without an offset it is East Africa Time "
    "(UTC+03:00). Omit (or give a past time) to send now."))]

READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
SENDS = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=True)

CONTACT_LISTS_NEED_A_TOKEN = (
    "Contact lists are dashboard data: the API takes an access token for them, not an API key (ujumbe "
    "keeps these routes to the dashboard). Give this server the account's access token (UJUMBE_ACCESS_TOKEN "
    "for stdio, or an `Authorization: Bearer <token>` header over HTTP; from POST /v1/auth/login, valid 15 "
    "minutes), or ask the user for the list's id from the dashboard: preview_campaign and create_campaign "
    "take it with the API key.")


def register(server: MCPServer, api: RestApi, credentials_of: CredentialsOf) -> None:
    """Add every tool to `server`; each calls `api` under `credentials_of(ctx)`."""

    def tool(name: str, title: str, description: str, annotations: ToolAnnotations) -> Callable[..., Any]:
        def add(fn: Callable[..., Any]) -> Callable[..., Any]:
            server.add_tool(fn, name=name, title=title, description=description, annotations=annotations)
            return fn
        return add

    @tool("quote_sms", "Price an SMS", (
        "Price a text without sending, logging or charging anything (POST /v1/sms/quote). Answers encoding "
        "(GSM-7 or UCS-2), characters, parts (what is billed), segments (what goes on air), credits, "
        "sendable and reason (a number abroad is priced but not sendable), non_gsm_characters (what forced "
        "UCS-2) and smart_encoded: the same text with GSM-7 look-alikes and its cost, offered, never applied. "
        f"{COST} {NUMBERS} Errors: invalid_phone_number (403), country_not_supported (404), "
        "validation_error (400)."), READ)
    async def quote_sms(ctx: Context, message: Message,
                        to: Annotated[str | None, Field(description=(
                            "The recipient, to price for their country; omit for a Tanzanian number."))] = None,
                        sender_id: SenderId = None) -> Result:
        return await api.call("POST", "/v1/sms/quote", credentials_of(ctx),
                              json={"message": message, "to": to, "from": sender_id})

    @tool("send_sms", "Send one SMS", (
        "Send one SMS now (POST /v1/sms/), charged to the account's credits. "
        f"{COST} {NUMBERS} {SENDER_FALLBACK} {IDEMPOTENCY} "
        "Result: message_id, status, credits_used, sms_parts, encoding, carrier, from, requested_from, error. "
        "status sent: handed to the gateway (delivery shows later in get_message_logs); failed: the gateway "
        "refused it or could not be reached, credits refunded, error says which; pending: the gateway took it "
        f"without answering, charged, settled within the hour. {SEND_ERRORS}"), SENDS)
    async def send_sms(ctx: Context,
                       to: Annotated[str, Field(description="The recipient: a Tanzanian mobile number.")],
                       message: Message, sender_id: SenderId = None,
                       idempotency_key: IdempotencyKey = None) -> Result:
        return await api.call("POST", "/v1/sms/", credentials_of(ctx),
                              json={"to": to, "message": message, "from": sender_id},
                              idempotency_key=idempotency_key, sends=True)

    @tool("send_bulk_sms", "Send one SMS to many numbers", (
        f"Send one text to 1 to {MAX_BULK_RECIPIENTS} numbers at once (POST /v1/sms/bulk). Numbers are "
        "normalised and each distinct number gets one message; an invalid number fails its own entry "
        "(invalid_phone_number), never the batch. The batch is priced up front: too few credits for every "
        "valid recipient is insufficient_credits and nothing is sent. "
        f"{COST} {NUMBERS} {SENDER_FALLBACK} {IDEMPOTENCY} "
        "Result: total (distinct recipients), sent, failed, pending, credits_used, batch_id, from, "
        "requested_from, and results: one entry per recipient in request order (to, status, message_id, "
        f"credits_used or error). {SEND_ERRORS}"), SENDS)
    async def send_bulk_sms(ctx: Context,
                            to: Annotated[list[str], Field(description=(
                                f"The recipients, 1 to {MAX_BULK_RECIPIENTS} Tanzanian mobile numbers."))],
                            message: Message, sender_id: SenderId = None,
                            idempotency_key: IdempotencyKey = None) -> Result:
        return await api.call("POST", "/v1/sms/bulk", credentials_of(ctx),
                              json={"to": to, "message": message, "from": sender_id},
                              idempotency_key=idempotency_key, sends=True)

    @tool("get_balance", "Credit balance", (
        "The account's credit balance (GET /v1/credits/balance): account_id and balance, in credits. One "
        "credit buys one SMS part to a Tanzanian number."), READ)
    async def get_balance(ctx: Context) -> Result:
        return await api.call("GET", "/v1/credits/balance", credentials_of(ctx))

    @tool("get_message_logs", "Message log", (
        "The account's messages, newest first (GET /v1/sms/logs): what was sent, and whether it was "
        "delivered. Each: message_id, to, from, requested_from, status (pending, sent, delivered, failed), "
        "message, cost, credits_used, sms_parts, segments, encoding, carrier, error, batch_id, created_at, "
        "delivered_at; with page, per_page and total. Filters: status; search (a whole number in any form "
        "finds that recipient, part of a number the numbers holding it, anything else the text); date_from "
        "(an ISO 8601 date or date-time, UTC unless it names an offset)."), READ)
    async def get_message_logs(ctx: Context, page: Page = 1, per_page: PerPage = DEFAULT_PER_PAGE,
                               status: Annotated[str | None, Field(description=(
                                   "pending, sent, delivered or failed; omit for all."))] = None,
                               search: Annotated[str | None, Field(description=(
                                   "A number (any form, or part of one) or words of the text."))] = None,
                               date_from: Annotated[str | None, Field(description=(
                                   "Only messages created from then: 2026-01-31 or 2026-01-31T08:00+03:00."))] = None,
                               ) -> Result:
        params = {"page": page, "per_page": per_page, "status": status, "search": search, "date_from": date_from}
        return await api.call("GET", "/v1/sms/logs", credentials_of(ctx), params=params)

    @tool("list_sender_ids", "Sender IDs", (
        "The sender IDs registered for the account, and the default sender used when none is given or the "
        "one given is not registered (GET /v1/sender-ids). Sender IDs are registered by the operator, not "
        "through the API."), READ)
    async def list_sender_ids(ctx: Context) -> Result:
        return await api.call("GET", "/v1/sender-ids", credentials_of(ctx))

    @tool("list_contact_lists", "Contact lists", (
        "The account's contact lists, the default one first (GET /v1/contact-lists): id, name, description, "
        "contact_count, is_default, created_at; with page, per_page and total. A list's id is what "
        f"preview_campaign and create_campaign take. {CONTACT_LISTS_NEED_A_TOKEN} Without a token this tool "
        "answers error forbidden."), READ)
    async def list_contact_lists(ctx: Context, page: Page = 1, per_page: PerPage = DEFAULT_PER_PAGE) -> Result:
        return await api.call("GET", "/v1/contact-lists", credentials_of(ctx),
                              params={"page": page, "per_page": per_page}, as_dashboard=True,
                              next_steps={"forbidden": CONTACT_LISTS_NEED_A_TOKEN})

    campaign_errors = ("Errors: not_found (404, no such list in this account), validation_error (400, the field "
                       "is named; contact_list_id must be a uuid)")

    @tool("preview_campaign", "Preview a campaign", (
        "What a campaign would send and cost, without creating it (POST /v1/campaigns/preview): contacts (in "
        "the list), numbers (theirs), opted_out (numbers that replied STOP, left out), recipients, credits "
        "(the total price, each recipient priced on their own text), balance, from, requested_from and three "
        f"samples of the personalised text. {campaign_errors}."), READ)
    async def preview_campaign(ctx: Context, contact_list_id: ContactListId, message: Message,
                               sender_id: SenderId = None) -> Result:
        return await api.call("POST", "/v1/campaigns/preview", credentials_of(ctx),
                              json={"name": "preview", "message": message, "contact_list_id": contact_list_id,
                                    "sender_id": sender_id})

    @tool("create_campaign", "Create a campaign", (
        "Send one text to every number of a contact list, now or at a set time (POST /v1/campaigns). "
        "{first_name} and {last_name} in the message are filled in for each contact; numbers that replied "
        f"STOP are left out. {COST} Starting now, the balance must cover every recipient, or it is "
        "insufficient_credits (402) and nothing is created: run preview_campaign first. A scheduled campaign "
        f"is checked when it starts. {SENDER_FALLBACK} {IDEMPOTENCY} The result is the campaign: id, status "
        "(running: started; scheduled; draft: nobody to send to), total_contacts (recipient numbers), "
        f"counters. Follow it with get_campaign until completed or failed. {campaign_errors}, "
        "insufficient_credits (402), rate_limit_exceeded (429)."), SENDS)
    async def create_campaign(ctx: Context,
                              name: Annotated[str, Field(description="A name for the campaign, 1 to 200 characters.")],
                              message: Message, contact_list_id: ContactListId, sender_id: SenderId = None,
                              scheduled_at: ScheduledAt = None, idempotency_key: IdempotencyKey = None) -> Result:
        return await api.call("POST", "/v1/campaigns", credentials_of(ctx),
                              json={"name": name, "message": message, "contact_list_id": contact_list_id,
                                    "sender_id": sender_id, "scheduled_at": scheduled_at},
                              idempotency_key=idempotency_key, sends=True)

    @tool("get_campaign", "Follow a campaign", (
        "One campaign's status and counters (GET /v1/campaigns/{id}): status (draft, scheduled, running, "
        "completed, failed), total_contacts (recipient numbers), sent_count (accepted by the gateway), "
        "delivered_count, failed_count, failure_reason (insufficient_credits or cancelled when failed), "
        "scheduled_at, completed_at. While running, call again every few seconds: it is sent in batches of "
        "1000, and delivered_count keeps moving after completed as delivery reports arrive. "
        "Errors: not_found (404)."), READ)
    async def get_campaign(ctx: Context, campaign_id: CampaignId) -> Result:
        return await api.call("GET", f"/v1/campaigns/{campaign_id}", credentials_of(ctx))
