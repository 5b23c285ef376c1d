"""What a message would cost before it is sent: encoding, parts, credits (decision: billing units).

A quote is not a send: nothing is debited, logged or submitted. Unlike a send, a valid number
abroad is priced from the rate card (parts × ceil(rate_tzs / 35)) and answered `sendable: false`,
so a user learns both the price and that it cannot go out; a number that is no valid phone
number anywhere (or a Tanzanian number that cannot receive SMS) is still `invalid_phone_number`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from application.ports import UnitOfWorkFactory
from domain.errors import CountryNotSupported
from domain.phone import country_of, msisdn_in
from domain.pricing import credits_for_message
from domain.segments import Segmentation, segment, smart_alternative, validate_message_text
from domain.sender_ids import validate_sender_id

HOME_COUNTRY = "TZ"


@dataclass(frozen=True, slots=True)
class QuoteRequest:
    message: str
    to: str | None = None
    sender: str | None = None


class _Segmented:
    """A quote's segmentation, read as the quote's own attributes (what the API answers, flat)."""

    __slots__ = ()
    segmentation: Segmentation

    @property
    def encoding(self) -> str:
        return self.segmentation.encoding.value

    @property
    def characters(self) -> int:
        return self.segmentation.characters

    @property
    def units(self) -> int:
        return self.segmentation.units

    @property
    def parts(self) -> int:
        return self.segmentation.parts

    @property
    def segments(self) -> int:
        return self.segmentation.segments

    @property
    def non_gsm_characters(self) -> tuple[str, ...]:
        return self.segmentation.non_gsm_characters


@dataclass(frozen=True, slots=True)
class Replacement:
    original: str
    replacement: str


@dataclass(frozen=True, slots=True)
class SmartEncodedQuote(_Segmented):
    """The text with typographic characters replaced by GSM-7 ones, and what that would cost; the
    original text when the replaced one could not be sent or would cost more parts."""

    message: str
    segmentation: Segmentation
    credits: int
    replaced: tuple[tuple[str, str], ...]  # (original, replacement)

    @property
    def replacements(self) -> tuple[Replacement, ...]:
        return tuple(Replacement(original, replacement) for original, replacement in self.replaced)


@dataclass(frozen=True, slots=True)
class Quote(_Segmented):
    to: str | None  # E.164 for a Tanzanian number, as given for one abroad
    country: str  # ISO2 of the destination priced
    segmentation: Segmentation
    credits: int
    sendable: bool
    reason: str | None  # why not sendable ("not_tanzanian")
    smart_encoded: SmartEncodedQuote


@dataclass(frozen=True, slots=True)
class _Destination:
    to: str | None
    country: str
    rate_tzs: Decimal | None  # None: the home rule, one credit per part


class QuoteMessage:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, request: QuoteRequest) -> Quote:
        text = validate_message_text(request.message)
        if request.sender is not None:
            validate_sender_id(request.sender)
        destination = await self._destination(request.to)
        shape = segment(text)
        smart = smart_alternative(text)
        smart_shape = segment(smart.text) if smart.replaced else shape
        abroad = destination.country != HOME_COUNTRY
        return Quote(
            to=destination.to,
            country=destination.country,
            segmentation=shape,
            credits=credits_for_message(shape.parts, rate_tzs=destination.rate_tzs),
            sendable=not abroad,
            reason="not_tanzanian" if abroad else None,
            smart_encoded=SmartEncodedQuote(
                message=smart.text,
                segmentation=smart_shape,
                credits=credits_for_message(smart_shape.parts, rate_tzs=destination.rate_tzs),
                replaced=smart.replaced,
            ),
        )

    async def _destination(self, to: str | None) -> _Destination:
        if to is None:
            return _Destination(None, HOME_COUNTRY, None)
        country = country_of(to)
        if country is None or country == HOME_COUNTRY:  # not a number abroad: a Tanzanian mobile, or 403
            return _Destination(msisdn_in(to, field="to").e164, HOME_COUNTRY, None)
        async with self._uow() as uow:
            rate = await uow.country_rates.find(country)
        if rate is None:
            raise CountryNotSupported(f"There is no rate for {country} on the rate card.", field="to")
        return _Destination(to.strip(), country, rate.rate_tzs)
