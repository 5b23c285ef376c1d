"""GET /v1/rates and /v1/rates/{country}: public, from the seeded rate card."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from http_helpers import error_of


async def test_the_rate_card_is_public_and_lists_every_country(client: AsyncTestClient) -> None:
    for path in ("/v1/rates", "/v1/rates/"):
        response = await client.get(path)
        assert response.status_code == 200
        rates = response.json()["data"]
        assert len(rates) == 27
        assert all(set(rate) == {"name", "iso2", "dial_code", "rate_tzs"} for rate in rates)
    assert {"name": "Tanzania", "iso2": "TZ", "dial_code": "+255", "rate_tzs": 35.0} in rates
    assert {"name": "United States", "iso2": "US", "dial_code": "+1", "rate_tzs": 87.5} in rates


async def test_one_country_by_iso2_or_name_in_any_case(client: AsyncTestClient) -> None:
    for country in ("KE", "ke", "Kenya", "kenya", "KENYA"):
        response = await client.get(f"/v1/rates/{country}")
        assert response.status_code == 200, country
        assert response.json()["data"] == {"name": "Kenya", "iso2": "KE", "dial_code": "+254", "rate_tzs": 70.0}
    spaced = await client.get("/v1/rates/South%20Africa")
    assert spaced.json()["data"]["iso2"] == "ZA"


async def test_an_unknown_country_is_404_country_not_supported(client: AsyncTestClient) -> None:
    response = await client.get("/v1/rates/Narnia")
    assert response.status_code == 404
    assert error_of(response)[0] == "country_not_supported"
