"""Creating a campaign, starting a scheduled one, and previewing one (nothing created).

A campaign's recipients become its messages in one transaction: every number of the list read
once (opted-out ones left out), its text personalised and priced, written `pending` and unpaid
with the batch that will pay for it (`domain.campaigns.BATCH_SIZE` each), and the campaign
`running` with its `total_contacts`, all or nothing. The balance must cover every message then
(402 at creation; `failed`, with a notification and a `campaign.failed` event, for a scheduled
one), but nothing is debited: the run (`application.campaigns.runs`) pays batch by batch.
Creation is idempotent by the campaign id (the Idempotency-Key's operation, a dashboard form's):
a retry answers the campaign made the first time, also one run at the same time as the first (a
double click), whose insert waits for the first's to commit and then writes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from application.events import campaign_finished
from application.submission import sender_for
from application.ports import (
    RUN_CAMPAIGN,
    Clock,
    IdGenerator,
    JobQueue,
    Recipient,
    RecipientNames,
    RecipientSummary,
    UnitOfWork,
    UnitOfWorkFactory,
)
from domain.campaigns import (
    BATCH_SIZE,
    INSUFFICIENT_CREDITS,
    Campaign,
    CampaignEvent,
    CampaignStatus,
    has_placeholders,
    initial_campaign_status,
    next_campaign_status,
    parse_scheduled_at,
    render,
    run_lock,
    stand_in,
)
from domain.errors import InsufficientCredits, NotFound, ValidationError
from domain.messages import Message, MessageStatus
from domain.phone import carrier_of
from domain.pricing import cost_text, credits_for_message
from domain.segments import Segmentation, segment, validate_message_text
from domain.sender_ids import validate_sender_id
from domain.texts import validate_text

MAX_NAME_LENGTH = 200
RECIPIENT_CHUNK = 5000  # recipients read and written per round trip
SAMPLES = 3


@dataclass(frozen=True, slots=True)
class CampaignRequest:
    account_id: str
    name: str
    message: str
    contact_list_id: str  # canonical: read where the request comes in (`domain.campaigns.list_id_of`)
    sender_id: str | None = None
    scheduled_at: str | None = None
    campaign_id: str | None = None  # given: creation is idempotent by it


@dataclass(frozen=True, slots=True)
class _Checked:
    name: str
    message: str
    sender_id: str | None
    scheduled_at: datetime | None


def _checked(request: CampaignRequest) -> _Checked:
    name = validate_text(request.name, field="name").strip()
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise ValidationError(f"A campaign name has 1 to {MAX_NAME_LENGTH} characters.", field="name")
    return _Checked(
        name=name, message=validate_message_text(validate_text(request.message, field="message")),
        sender_id=validate_sender_id(request.sender_id, field="sender_id") if request.sender_id is not None else None,
        scheduled_at=parse_scheduled_at(request.scheduled_at) if request.scheduled_at is not None else None,
    )


@dataclass(frozen=True, slots=True)
class Preview:
    contacts: int
    numbers: int
    recipients: int
    opted_out: int
    credits: int
    balance: int
    sender: str
    requested_sender: str | None
    samples: list[tuple[str, str, int]]  # (to, text, credits)


class _Pricer:
    """Each recipient's text and its segmentation; a text without placeholders is counted once."""

    def __init__(self, template: str) -> None:
        self._template = template
        self.personal = has_placeholders(template)
        self._fixed = None if self.personal else segment(template)

    def __call__(self, recipient: Recipient) -> tuple[str, Segmentation]:
        if self._fixed is not None:
            return self._template, self._fixed
        text = render(self._template, recipient.first_name, recipient.last_name)
        return text, segment(text)

    def credits(self, names: RecipientNames) -> int:
        """What the recipients carrying `names` cost together: a plain name priced by a stand-in
        of its length (`domain.campaigns.stand_in`), as it costs the same."""
        if self._fixed is not None:
            return names.recipients * credits_for_message(self._fixed.parts)
        first = stand_in(names.first_length) if names.first_name is None else names.first_name
        last = stand_in(names.last_length) if names.last_name is None else names.last_name
        return names.recipients * credits_for_message(segment(render(self._template, first, last)).parts)


class _Written:
    """A campaign's recipients as its messages, each built as the write takes it (the write
    streams, so PostgreSQL stores one part while the next is personalised and priced), counted
    as they go."""

    def __init__(self, ids: IdGenerator, campaign: Campaign, sender: str, requested: str | None, at: datetime) -> None:
        self._ids, self._campaign, self._sender, self._requested, self._at = ids, campaign, sender, requested, at
        self._price = _Pricer(campaign.message)
        self.recipients = self.credits = 0

    def messages(self, chunk: Sequence[Recipient]) -> Iterator[Message]:
        campaign, at = self._campaign, self._at
        for recipient in chunk:
            text, seg = self._price(recipient)
            cost = credits_for_message(seg.parts)
            batch = self.recipients // BATCH_SIZE + 1
            self.recipients += 1  # counted as built: `add_campaign_messages` writes every message it is given
            self.credits += cost
            yield Message(
                account_id=campaign.account_id, id=self._ids.new_id(), to=recipient.phone, sender=self._sender,
                body=text, encoding=seg.encoding.value, characters=seg.characters, sms_parts=seg.parts,
                segments=seg.segments, credits_used=cost, cost=cost_text(cost), carrier=carrier_of(recipient.phone),
                status=MessageStatus.PENDING, created_at=at, updated_at=at, requested_sender=self._requested,
                campaign_id=campaign.id, campaign_batch=batch,
            )


async def write_recipients(uow: UnitOfWork, ids: IdGenerator, campaign: Campaign, sender: str,
                           requested: str | None, at: datetime) -> tuple[int, int]:
    """The campaign's messages, `pending` and unpaid, batch by batch; (recipients, credits)."""
    written = _Written(ids, campaign, sender, requested, at)
    async for chunk in uow.contacts.recipients(campaign.account_id, campaign.contact_list_id, RECIPIENT_CHUNK):
        await uow.messages.add_campaign_messages(written.messages(chunk))
    return written.recipients, written.credits


class CreateCampaign:
    """`POST /v1/campaigns`: a draft, a scheduled campaign, or one running now (its job queued)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, jobs: JobQueue,
                 default_sender: str) -> None:
        self._uow, self._clock, self._ids, self._jobs = uow, clock, ids, jobs
        self._default_sender = default_sender

    async def __call__(self, request: CampaignRequest) -> Campaign:
        checked = _checked(request)
        at = self._clock.now()
        campaign = Campaign(
            account_id=request.account_id, id=request.campaign_id or self._ids.new_id(), name=checked.name,
            message=checked.message, contact_list_id=request.contact_list_id, status=CampaignStatus.DRAFT,
            created_at=at, updated_at=at, sender_id=checked.sender_id, scheduled_at=checked.scheduled_at,
        )
        async with self._uow() as uow:
            made_before = await uow.campaigns.get(campaign.account_id, campaign.id)
            if made_before is not None:
                return made_before  # a retry under the same Idempotency-Key, a form posted again
            if not await uow.contact_lists.exists(campaign.account_id, campaign.contact_list_id):
                raise NotFound("No such contact list.", field="contact_list_id")
            if not await uow.campaigns.add(campaign):  # made meanwhile by the same request run at once
                return await self._made_meanwhile(uow, campaign)
            campaign = await self._prepare(uow, campaign, at)
            await uow.campaigns.save(campaign)
            await uow.commit()
        if campaign.status in (CampaignStatus.RUNNING, CampaignStatus.SCHEDULED):
            await self._jobs.defer(RUN_CAMPAIGN, {"account_id": campaign.account_id, "campaign_id": campaign.id},
                                   at=campaign.scheduled_at if campaign.status is CampaignStatus.SCHEDULED else None,
                                   lock=run_lock(campaign.id), queueing_lock=run_lock(campaign.id))
        return campaign

    @staticmethod
    async def _made_meanwhile(uow: UnitOfWork, campaign: Campaign) -> Campaign:
        made = await uow.campaigns.get(campaign.account_id, campaign.id)
        if made is None:
            raise RuntimeError(f"campaign {campaign.id} is taken but cannot be read")
        return made

    async def _prepare(self, uow: UnitOfWork, campaign: Campaign, at: datetime) -> Campaign:
        """Scheduled: counted now, written when it starts. Now: written, and the balance checked."""
        if campaign.scheduled_at is not None and campaign.scheduled_at > at:
            counts = await uow.contacts.recipient_counts(campaign.account_id, campaign.contact_list_id)
            status = initial_campaign_status(has_contacts=counts.recipients > 0, scheduled_at=campaign.scheduled_at,
                                             now=at)
            return replace(campaign, status=status, total_contacts=counts.recipients)
        sender, requested = await sender_for(uow, campaign.account_id, campaign.sender_id, self._default_sender)
        written, credits = await write_recipients(uow, self._ids, campaign, sender, requested, at)
        if credits > await uow.ledger.balance(campaign.account_id):
            raise InsufficientCredits(f"The campaign needs {credits} credits.")
        status = initial_campaign_status(has_contacts=written > 0, scheduled_at=None, now=at)
        return replace(campaign, status=status, total_contacts=written)


class StartCampaign:
    """A scheduled campaign whose time has come: its messages written and `running`, or `failed`
    (`insufficient_credits`) with nothing written, or a `draft` when nobody is left to send to.
    Anything else is left as it is (a campaign already started, cancelled, or not yet due)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, default_sender: str) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids
        self._default_sender = default_sender

    async def __call__(self, account_id: str, campaign_id: str) -> Campaign | None:
        at = self._clock.now()
        async with self._uow() as uow:
            campaign = await uow.campaigns.get_for_update(account_id, campaign_id)
            if (campaign is None or campaign.status is not CampaignStatus.SCHEDULED
                    or (campaign.scheduled_at is not None and campaign.scheduled_at > at)):
                return campaign
            sender, requested = await sender_for(uow, account_id, campaign.sender_id, self._default_sender)
            written, credits = await write_recipients(uow, self._ids, campaign, sender, requested, at)
            if credits <= await uow.ledger.balance(account_id):
                status = next_campaign_status(campaign.status,
                                              CampaignEvent.START if written else CampaignEvent.NOBODY_TO_SEND_TO)
                started = replace(campaign, status=status, total_contacts=written, updated_at=at)
                await uow.campaigns.save(started)
                await uow.commit()
                return started
        return await self._fail_short(account_id, campaign_id, written, at)

    async def _fail_short(self, account_id: str, campaign_id: str, recipients: int, at: datetime) -> Campaign | None:
        """Too few credits for everyone: `failed`, nothing written or sent, the account told."""
        async with self._uow() as uow:
            campaign = await uow.campaigns.get_for_update(account_id, campaign_id)
            if campaign is None or campaign.status is not CampaignStatus.SCHEDULED:
                return campaign
            failed = replace(campaign, status=next_campaign_status(campaign.status, CampaignEvent.FAIL),
                             failure_reason=INSUFFICIENT_CREDITS,
                             total_contacts=recipients, completed_at=at, updated_at=at)
            await uow.campaigns.save(failed)
            event, notification = campaign_finished(failed, self._ids.new_id(), self._ids.new_id(), at)
            await uow.events.add(event)
            await uow.notifications.add(notification)
            await uow.commit()
        return failed


async def _summary(uow: UnitOfWork, account_id: str, list_id: str, *, by_name: bool) -> RecipientSummary:
    """The list's recipients counted, with their names when the text names them (else as one group)."""
    if by_name:
        return await uow.contacts.recipient_summary(account_id, list_id)
    counts = await uow.contacts.recipient_counts(account_id, list_id)
    return RecipientSummary(counts, [RecipientNames(None, None, 0, 0, counts.recipients)])


class PreviewCampaign:
    """`POST /v1/campaigns/preview`: who would get what, for how much; nothing is written."""

    def __init__(self, uow: UnitOfWorkFactory, default_sender: str) -> None:
        self._uow, self._default_sender = uow, default_sender

    async def __call__(self, request: CampaignRequest) -> Preview:
        checked = _checked(request)
        price = _Pricer(checked.message)
        async with self._uow() as uow:
            if not await uow.contact_lists.exists(request.account_id, request.contact_list_id):
                raise NotFound("No such contact list.", field="contact_list_id")
            summary = await _summary(uow, request.account_id, request.contact_list_id, by_name=price.personal)
            counts = summary.counts
            credits = sum(price.credits(pair) for pair in summary.names)  # the list counted, not read out
            samples: list[tuple[str, str, int]] = []
            for one in await uow.contacts.first_recipients(request.account_id, request.contact_list_id, SAMPLES):
                text, seg = price(one)  # the first few, as they will read it
                samples.append((one.phone, text, credits_for_message(seg.parts)))
            sender, requested = await sender_for(uow, request.account_id, checked.sender_id, self._default_sender)
            balance = await uow.ledger.balance(request.account_id)
        return Preview(contacts=counts.contacts, numbers=counts.numbers, recipients=counts.recipients,
                       opted_out=counts.opted_out, credits=credits, balance=balance, sender=sender,
                       requested_sender=requested, samples=samples)
