"""/v1/rates: the public international rate card (spec "Country rate", "Rate lookup")."""

from __future__ import annotations

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromPath

from application.ports import CountryRate
from application.reference import FindCountryRate, ListCountryRates
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok


class CountryRateBody(msgspec.Struct, kw_only=True):
    name: str
    iso2: str
    dial_code: str
    rate_tzs: float

    @classmethod
    def of(cls, rate: CountryRate) -> CountryRateBody:
        return cls(name=rate.name, iso2=rate.iso2, dial_code=rate.dial_code, rate_tzs=float(rate.rate_tzs))


class RatesController(Controller):
    path = "/v1/rates"
    tags = ["reference"]

    @get("/", operation_id="listCountryRates",
         dependencies={"list_country_rates": from_container("list_country_rates")})
    async def list_rates(
        self,
        list_country_rates: NamedDependency[ListCountryRates],
    ) -> Envelope[list[CountryRateBody]]:
        """Every country SMS can be priced for, with its indicative TZS price per SMS."""
        return ok([CountryRateBody.of(rate) for rate in await list_country_rates()])

    @get("/{country:str}", operation_id="getCountryRate",
         dependencies={"find_country_rate": from_container("find_country_rate")})
    async def get_rate(
        self,
        country: FromPath[str],
        find_country_rate: NamedDependency[FindCountryRate],
    ) -> Envelope[CountryRateBody]:
        """One country by ISO2 code or name, case-insensitively (404 country_not_supported)."""
        return ok(CountryRateBody.of(await find_country_rate(country)))
