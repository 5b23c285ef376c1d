"""/v1/rates: the public international rate card (spec "Country rate", "Rate lookup")."""

from __future__ import annotations

from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromPath

from application.reference import FindCountryRate, ListCountryRates
from domain.errors import CountryNotSupported
from entrypoints.container import Container
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok


class CountryRateBody(ResponseBody, kw_only=True):
    name: str
    iso2: str
    dial_code: str
    rate_tzs: float


class RatesController(Controller):
    path = "/v1/rates"
    tags = ["reference"]

    @get("/", operation_id="listCountryRates",
         dependencies={"list_country_rates": provide(Container.list_country_rates)})
    async def list_rates(
        self,
        list_country_rates: NamedDependency[ListCountryRates],
    ) -> Envelope[list[CountryRateBody]]:
        """Every country SMS can be priced for, with its indicative TZS price per SMS."""
        return ok([body_of(rate, CountryRateBody) for rate in await list_country_rates()])

    @get("/{country:str}", operation_id="getCountryRate", opt={"errors": (CountryNotSupported,)},
         dependencies={"find_country_rate": provide(Container.find_country_rate)})
    async def get_rate(
        self,
        country: FromPath[str],
        find_country_rate: NamedDependency[FindCountryRate],
    ) -> Envelope[CountryRateBody]:
        """One country by ISO2 code or name, case-insensitively (404 country_not_supported)."""
        return ok(body_of(await find_country_rate(country), CountryRateBody))
