"""`ujumbe rates|vouchers list | set | history`: the operator's side of the two rate cards, the
international one (GET /v1/rates) and the voucher one (GET /v1/vouchers/rate). Every change is
recorded with who (`--by`) and when, as for the other reference data (`entrypoints.cli.reference`)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

import click

from application.ports import CountryRate
from application.reference import CountryRateChange
from domain.vouchers import VoucherRateCard, VoucherTier
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import Col, command, emit_table
from entrypoints.cli.reference import by_option, history_command


def _rate(rate: CountryRate) -> dict[str, Any]:
    return {"iso2": rate.iso2, "name": rate.name, "dial_code": rate.dial_code, "rate_tzs": rate.rate_tzs}


def _card(card: VoucherRateCard) -> dict[str, Any]:
    return {"min_amount_tzs": card.min_amount_tzs,
            "tiers": [{"max_amount_tzs": t.max_amount_tzs, "rate_tzs_per_credit": t.rate_tzs_per_credit}
                      for t in card.tiers]}


def _rates(data: Any, found: list[CountryRate]) -> None:
    emit_table(data, ("iso2", "dial code", Col("rate", right=True), "country"),
               [(r.iso2, r.dial_code, f"{r.rate_tzs} TZS", r.name) for r in found], empty="no rates")


def _card_table(card: VoucherRateCard) -> None:
    rows, low = [], card.min_amount_tzs
    for tier in card.tiers:
        upper = "and up" if tier.max_amount_tzs is None else f"{tier.max_amount_tzs:,}"
        rows.append((f"{low:,}", upper, f"{tier.rate_tzs_per_credit} TZS"))
        low = (tier.max_amount_tzs or 0) + 1
    emit_table(_card(card), (Col("from TZS", right=True), Col("to TZS", right=True), Col("a credit", right=True)),
               rows, title=f"smallest top-up: {card.min_amount_tzs:,} TZS")


@cli.group()
def rates() -> None:
    """The international rate card (GET /v1/rates).

    \b
    Examples:
      ujumbe rates list
      ujumbe rates set KE --rate 70.00
    """


@command(rates, "list")
async def list_rates() -> None:
    """Every country on the card, by name.

    \b
    Examples:
      ujumbe rates list
    """
    async with services() as c:
        found = await c.list_country_rates()()
    _rates([_rate(r) for r in found], found)


def _decimal(ctx: click.Context, param: click.Parameter, value: str | None) -> Decimal | None:
    try:
        return None if value is None else Decimal(value)
    except InvalidOperation:
        raise click.BadParameter(f"{value!r} is not a number.") from None


@command(rates, "set")
@click.argument("iso2")
@click.option("--name", default=None, help="The country's name.")
@click.option("--dial-code", default=None, help="E.164 calling code, e.g. +254.")
@click.option("--rate", "rate_tzs", default=None, callback=_decimal, help="Indicative TZS per SMS, e.g. 70.00.")
@by_option
async def set_rate(iso2: str, name: str | None, dial_code: str | None, rate_tzs: Decimal | None,
                   changed_by: str) -> None:
    """Add country ISO2 (--name, --dial-code and --rate) or change what is given.

    \b
    Examples:
      ujumbe rates set RW --name Rwanda --dial-code +250 --rate 75.00
      ujumbe rates set KE --rate 70.00 --by asha
    """
    async with services() as c:
        rate = await c.set_country_rate()(CountryRateChange(iso2, changed_by, name, dial_code, rate_tzs))
    _rates(_rate(rate), [rate])


history_command(rates, "rate")


@cli.group()
def vouchers() -> None:
    """The voucher rate card (GET /v1/vouchers/rate).

    \b
    Examples:
      ujumbe vouchers list
      ujumbe vouchers set --min 1000 --tier 9999:35 --tier 49999:30 --tier -:25
    """


@command(vouchers, "list")
async def show_card() -> None:
    """The card: the smallest top-up and its tiers.

    \b
    Examples:
      ujumbe vouchers list
    """
    async with services() as c:
        card = await c.get_voucher_rate_card()()
    _card_table(card)


def _tiers(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[VoucherTier, ...]:
    tiers = []
    for value in values:
        bound, _, rate = value.partition(":")
        try:
            tiers.append(VoucherTier(None if bound.strip() in ("-", "") else int(bound), Decimal(rate)))
        except (ValueError, InvalidOperation):
            raise click.BadParameter(f"{value!r} is not MAX:RATE (MAX in TZS, or - for the last tier).") from None
    return tuple(tiers)


@command(vouchers, "set")
@click.option("--min", "min_amount_tzs", type=int, required=True, help="The smallest top-up, in TZS.")
@click.option("--tier", "tiers", multiple=True, required=True, callback=_tiers, metavar="MAX:RATE",
              help="A tier up to MAX TZS (inclusive) at RATE TZS a credit, in order; the last is -:RATE.")
@by_option
async def set_card(min_amount_tzs: int, tiers: tuple[VoucherTier, ...], changed_by: str) -> None:
    """Replace the whole card: the smallest top-up and every tier, in order.

    \b
    Examples:
      ujumbe vouchers set --min 1000 --tier 9999:35 --tier 49999:30 --tier -:25
    """
    async with services() as c:
        card = await c.set_voucher_rate_card()(VoucherRateCard(min_amount_tzs, tiers), changed_by)
    _card_table(card)


history_command(vouchers, "voucher")

