"""What an account reads of its campaigns: the list, one campaign (with its messages counted by
status, for a page that follows its progress), its messages (a page, or every one for a CSV
report). Another account's campaign is not found, never shown."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime

from application.csv_files import csv_chunks
from application.ports import UnitOfWorkFactory
from domain.campaigns import Campaign, CampaignEvent, CampaignStatus, allows
from domain.contact_files import neutralise_cell
from domain.errors import NotFound, ValidationError
from domain.messages import Message, MessageStatus
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging

REPORT_CHUNK = 1000
REPORT_COLUMNS = ("message_id", "to", "from", "status", "error", "credits_used", "sms_parts", "batch",
                  "created_at", "sent_at", "delivered_at", "message")


def _date(at: datetime | None) -> str:
    """A date as the JSON gives it (UTC, `Z`)."""
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z") if at is not None else ""


def report_row(m: Message) -> tuple[str, ...]:
    """A message's row of the CSV report, in `REPORT_COLUMNS`' order. Every text cell is
    neutralised (a personalised body may start with `=`: never a formula in a spreadsheet); the
    number, E.164, stays as it is, as in a contact export."""
    return (m.id, m.to, neutralise_cell(m.sender), m.status.value, neutralise_cell(m.error or ""),
            str(m.credits_used), str(m.sms_parts), str(m.campaign_batch or ""), _date(m.created_at),
            _date(m.sent_at), _date(m.delivered_at), neutralise_cell(m.body))


@dataclass(frozen=True, slots=True)
class CampaignPage:
    campaigns: list[Campaign]
    page: int
    per_page: int
    total: int


@dataclass(frozen=True, slots=True)
class CampaignProgress:
    campaign: Campaign
    by_status: dict[MessageStatus, int]  # its messages in each status (every status named, 0 for none)

    @property
    def cancellable(self) -> bool:
        """Whether `CancelCampaign` would take it now: a schedule cancelled, or a run stopped."""
        return allows(self.campaign.status, CampaignEvent.CANCEL)

    @property
    def moving(self) -> bool:
        """Whether it may still change by itself: scheduled or running, or messages of it still
        waiting for the gateway's answer (`pending`) or for a delivery report (`sent`)."""
        return (self.campaign.status in (CampaignStatus.SCHEDULED, CampaignStatus.RUNNING)
                or self.by_status[MessageStatus.PENDING] > 0 or self.by_status[MessageStatus.SENT] > 0)


@dataclass(frozen=True, slots=True)
class CampaignMessagePage:
    messages: list[Message]
    page: int
    per_page: int
    total: int


def message_status(value: str | None) -> MessageStatus | None:
    """The `status` filter: a message status, or none (absent or empty)."""
    if not value:
        return None
    try:
        return MessageStatus(value)
    except ValueError:
        raise ValidationError(f"status is one of {', '.join(MessageStatus)}.", field="status") from None


class ListCampaigns:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, page: int = 1, per_page: int = DEFAULT_PER_PAGE) -> CampaignPage:
        page, per_page = validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        async with self._uow() as uow:
            campaigns, total = await uow.campaigns.page(account_id, page, per_page)
        return CampaignPage(campaigns, page, per_page, total)


class GetCampaign:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, campaign_id: str) -> Campaign:
        async with self._uow() as uow:
            campaign = await uow.campaigns.get(account_id, campaign_id)
        if campaign is None:
            raise NotFound("No such campaign.")
        return campaign


class GetCampaignProgress:
    """One campaign and its messages counted by status: what a page following it shows."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, campaign_id: str) -> CampaignProgress:
        async with self._uow() as uow:
            campaign = await uow.campaigns.get(account_id, campaign_id)
            if campaign is None:
                raise NotFound("No such campaign.")
            counted = await uow.messages.campaign_status_counts(account_id, campaign_id)
        return CampaignProgress(campaign, {status: counted.get(status, 0) for status in MessageStatus})


class ListCampaignMessages:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, campaign_id: str, status: str | None = None, page: int = 1,
                       per_page: int = DEFAULT_PER_PAGE) -> CampaignMessagePage:
        wanted = message_status(status)
        page, per_page = validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        async with self._uow() as uow:
            if await uow.campaigns.get(account_id, campaign_id) is None:
                raise NotFound("No such campaign.")
            messages, total = await uow.messages.campaign_messages(account_id, campaign_id, wanted, page, per_page)
        return CampaignMessagePage(messages, page, per_page, total)


@dataclass(frozen=True, slots=True)
class CampaignReportFile:
    file_name: str  # `campaign-<id>-messages.csv`
    chunks: AsyncIterator[str]  # the CSV (`REPORT_COLUMNS`), read from the database as it is consumed


class CampaignReport:
    """Every message of a campaign, in order, as a CSV report a chunk at a time: found first (404
    before anything is streamed), then read in one unit of work as the stream goes."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, campaign_id: str) -> CampaignReportFile:
        async with self._uow() as uow:
            if await uow.campaigns.get(account_id, campaign_id) is None:
                raise NotFound("No such campaign.")
        return CampaignReportFile(f"campaign-{campaign_id}-messages.csv", self._chunks(account_id, campaign_id))

    async def _chunks(self, account_id: str, campaign_id: str) -> AsyncIterator[str]:
        async with self._uow() as uow:
            messages = uow.messages.all_campaign_messages(account_id, campaign_id, REPORT_CHUNK)
            async for chunk in csv_chunks(REPORT_COLUMNS, (map(report_row, batch) async for batch in messages)):
                yield chunk


class OperatorCampaigns:
    """The operator's view (`ujumbe campaigns`): any account's campaigns, found by id alone."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def newest(self, account_id: str | None = None, limit: int = 100) -> list[Campaign]:
        async with self._uow() as uow:
            return await uow.campaigns.newest(account_id, limit)

    async def find(self, campaign_id: str) -> Campaign:
        async with self._uow() as uow:
            campaign = await uow.campaigns.find(campaign_id)
        if campaign is None:
            raise NotFound("No such campaign.")
        return campaign
