"""The public reference data (no credentials): the international rate card (every country, or one
looked up), the credit packages, the compose templates and the voucher rate card. Every
answer is cacheable: `ETag`, `Cache-Control`, and 304 to a matching `If-None-Match`."""

from __future__ import annotations

from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath

from application.reference import FindCountryRate, GetVoucherRateCard, ListCountryRates, ListPackages, ListTemplates
from domain.errors import CountryNotSupported
from entrypoints.container import Container
from entrypoints.http.caching import IfNoneMatch, cacheable
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of

CACHEABLE = {"cacheable": True}  # `document_api` documents the 304 and the caching headers


class CountryRateBody(ResponseBody, kw_only=True):
    name: str
    iso2: str
    dial_code: str
    rate_tzs: float


class PackageBody(ResponseBody, kw_only=True):
    id: int
    name: str
    credits: int
    price_tzs: int
    price_per_credit: float  # TZS, to the cent


class TemplateBody(ResponseBody, kw_only=True):
    id: str
    name: str
    category: str
    body: str
    placeholders: list[str]  # what the body leaves to fill in: `first_name` for `{first_name}`
    encoding: str  # `GSM-7` or `UCS-2`, as a quote says, of the body as written
    parts: int  # billed parts of the body as written


class VoucherTierBody(ResponseBody, kw_only=True):
    max_amount_tzs: int | None  # inclusive; null on the last tier
    rate_tzs_per_credit: float


class VoucherRateCardBody(ResponseBody, kw_only=True):
    min_amount_tzs: int
    tiers: list[VoucherTierBody]


class ReferenceController(Controller):
    path = "/v1"
    tags = ["reference"]

    @get("/rates", operation_id="listCountryRates", opt=CACHEABLE,
         dependencies={"list_country_rates": provide(Container.list_country_rates)})
    async def list_rates(
        self, list_country_rates: NamedDependency[ListCountryRates], if_none_match: IfNoneMatch = None,
    ) -> Response[Envelope[list[CountryRateBody]]]:
        """Every country SMS can be priced for, with its indicative TZS price per SMS."""
        return cacheable([body_of(rate, CountryRateBody) for rate in await list_country_rates()], if_none_match)

    @get("/rates/{country:str}", operation_id="getCountryRate", opt={**CACHEABLE, "errors": (CountryNotSupported,)},
         dependencies={"find_country_rate": provide(Container.find_country_rate)})
    async def get_rate(
        self, country: FromPath[str], find_country_rate: NamedDependency[FindCountryRate],
        if_none_match: IfNoneMatch = None,
    ) -> Response[Envelope[CountryRateBody]]:
        """One country by ISO2 code or name, case-insensitively (404 country_not_supported)."""
        return cacheable(body_of(await find_country_rate(country), CountryRateBody), if_none_match)

    @get("/packages", operation_id="listPackages", opt=CACHEABLE,
         dependencies={"list_packages": provide(Container.list_packages)})
    async def list_packages(
        self, list_packages: NamedDependency[ListPackages], if_none_match: IfNoneMatch = None,
    ) -> Response[Envelope[list[PackageBody]]]:
        """The credit packages on sale, cheapest first (larger ones are cheaper per credit)."""
        return cacheable([body_of(package, PackageBody) for package in await list_packages()], if_none_match)

    @get("/templates", operation_id="listTemplates", opt=CACHEABLE,
         dependencies={"list_templates": provide(Container.list_templates)})
    async def list_templates(
        self, list_templates: NamedDependency[ListTemplates], if_none_match: IfNoneMatch = None,
    ) -> Response[Envelope[list[TemplateBody]]]:
        """The compose templates, by category then name, with their placeholders, encoding and parts."""
        return cacheable([body_of(template, TemplateBody) for template in await list_templates()], if_none_match)

    @get("/vouchers/rate", operation_id="getVoucherRateCard", opt=CACHEABLE,
         dependencies={"get_voucher_rate_card": provide(Container.get_voucher_rate_card)})
    async def voucher_rate_card(
        self, get_voucher_rate_card: NamedDependency[GetVoucherRateCard], if_none_match: IfNoneMatch = None,
    ) -> Response[Envelope[VoucherRateCardBody]]:
        """The voucher rate card: the smallest top-up, and tiers that sell credits cheaper as amounts grow."""
        return cacheable(body_of(await get_voucher_rate_card(), VoucherRateCardBody), if_none_match)
