"""Quotes: the billing table (decision: billing units), abroad pricing, and nothing written."""

from __future__ import annotations

import copy

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.uow import MemoryUnitOfWork
from application.sending.quotes import QuoteMessage, QuoteRequest
from domain.errors import CountryNotSupported, InvalidPhoneNumber, ValidationError


@pytest.fixture()
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture()
def quote(store: MemoryStore) -> QuoteMessage:
    return QuoteMessage(lambda: MemoryUnitOfWork(store))


@pytest.mark.parametrize(
    ("message", "encoding", "units", "parts", "segments"),
    [
        ("a" * 160, "GSM-7", 160, 1, 1),
        ("a" * 161, "GSM-7", 161, 2, 2),
        ("a" * 306, "GSM-7", 306, 2, 2),
        ("a" * 307, "GSM-7", 307, 2, 3),
        ("€" * 80, "GSM-7", 160, 1, 1),  # extension characters count two septets
        ("€" * 81, "GSM-7", 162, 2, 2),
        ("ж" * 70, "UCS-2", 70, 1, 1),
        ("ж" * 71, "UCS-2", 71, 2, 2),
        ("😀" * 35, "UCS-2", 70, 1, 1),  # outside the BMP: two UTF-16 units each
        ("😀" * 36, "UCS-2", 72, 2, 2),
        ("Habari yako? Karibu sana, tutaonana kesho saa tatu asubuhi.", "GSM-7", 59, 1, 1),
    ],
)
async def test_the_billing_table(quote: QuoteMessage, message: str, encoding: str, units: int,
                                 parts: int, segments: int) -> None:
    result = await quote(QuoteRequest(message=message, to="0712345678"))
    shape = result.segmentation
    assert (shape.encoding, shape.units, shape.parts, shape.segments) == (encoding, units, parts, segments)
    assert shape.characters == len(message)
    assert result.credits == parts  # one credit per part to Tanzania
    assert result.sendable and result.reason is None
    assert (result.to, result.country) == ("+255712345678", "TZ")


async def test_without_a_number_the_price_is_the_tanzanian_one(quote: QuoteMessage) -> None:
    result = await quote(QuoteRequest(message="x" * 200))
    assert (result.to, result.country, result.credits, result.sendable) == (None, "TZ", 2, True)


async def test_the_characters_that_force_ucs2_are_named_with_a_cheaper_alternative(
    quote: QuoteMessage,
) -> None:
    text = "Karibu \u201cDuka\u201d \u2014 bei nafuu" + "!" * 60  # 90 characters
    result = await quote(QuoteRequest(message=text))
    assert result.segmentation.encoding == "UCS-2"
    assert result.segmentation.non_gsm_characters == ("\u201c", "\u201d", "\u2014")
    assert (result.segmentation.parts, result.credits) == (2, 2)
    smart = result.smart_encoded
    assert smart.message == 'Karibu "Duka" - bei nafuu' + "!" * 60
    assert (smart.segmentation.encoding, smart.segmentation.parts, smart.credits) == ("GSM-7", 1, 1)
    assert smart.replaced == (("\u201c", '"'), ("\u201d", '"'), ("\u2014", "-"))


@pytest.mark.parametrize("text", ["\u2026" * 1600, "\u2026" * 200])
async def test_no_alternative_is_offered_that_could_not_be_sent_or_costs_more(
    quote: QuoteMessage, text: str
) -> None:
    result = await quote(QuoteRequest(message=text))
    smart = result.smart_encoded
    assert (smart.message, smart.replaced) == (text, ())
    assert smart.segmentation == result.segmentation and smart.credits == result.credits


async def test_a_gsm_text_has_nothing_to_replace(quote: QuoteMessage) -> None:
    result = await quote(QuoteRequest(message="Habari"))
    assert result.segmentation.non_gsm_characters == ()
    assert result.smart_encoded.message == "Habari" and result.smart_encoded.replaced == ()


@pytest.mark.parametrize(
    ("to", "country", "per_part"),
    [
        ("+254712345678", "KE", 2),  # 70 TZS → ceil(70 / 35) = 2
        ("+254 712 345 678", "KE", 2),
        ("+256772123456", "UG", 2),
        ("+12126661234", "US", 3),  # 87.50 TZS → ceil(2.5) = 3
        ("+447400123456", "GB", 4),  # 120 TZS → ceil(3.43) = 4
    ],
)
async def test_a_number_abroad_is_priced_from_the_rate_card_but_not_sendable(
    quote: QuoteMessage, to: str, country: str, per_part: int
) -> None:
    result = await quote(QuoteRequest(message="a" * 161, to=to))
    assert (result.country, result.segmentation.parts, result.credits) == (country, 2, 2 * per_part)
    assert result.smart_encoded.credits == 2 * per_part
    assert result.sendable is False and result.reason == "not_tanzanian"


async def test_a_valid_number_in_a_country_off_the_card_is_not_supported(quote: QuoteMessage) -> None:
    with pytest.raises(CountryNotSupported) as raised:
        await quote(QuoteRequest(message="hi", to="+33612345678"))
    assert raised.value.field == "to"


@pytest.mark.parametrize("to", ["abc", "12", "+99912345", "0712", "+255222111111"])
async def test_garbage_and_tanzanian_numbers_that_cannot_receive_sms_are_invalid(
    quote: QuoteMessage, to: str
) -> None:
    with pytest.raises(InvalidPhoneNumber) as raised:
        await quote(QuoteRequest(message="hi", to=to))
    assert raised.value.field == "to"


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (QuoteRequest(message=""), "message"),
        (QuoteRequest(message="   "), "message"),
        (QuoteRequest(message="a" * 1601), "message"),
        (QuoteRequest(message="hi", sender="TOO-LONG-SENDER"), "from"),
        (QuoteRequest(message="hi", sender="bad sender"), "from"),
    ],
)
async def test_invalid_input_names_its_field(quote: QuoteMessage, request_: QuoteRequest,
                                             field: str) -> None:
    with pytest.raises(ValidationError) as raised:
        await quote(request_)
    assert raised.value.field == field


async def test_a_1600_character_message_is_quoted(quote: QuoteMessage) -> None:
    result = await quote(QuoteRequest(message="a" * 1600, sender="DUKA"))
    assert (result.segmentation.parts, result.segmentation.segments, result.credits) == (10, 11, 10)


async def test_a_quote_writes_nothing(quote: QuoteMessage, store: MemoryStore) -> None:
    await quote(QuoteRequest(message="warm up", to="+254712345678"))  # seeds the memory rate card
    before = copy.deepcopy(store.tables)
    await quote(QuoteRequest(message="hi", to="+254712345678"))
    await quote(QuoteRequest(message="hi", to="0712345678"))
    assert store.tables == before
