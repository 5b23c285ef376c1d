"""GET /v1/packages, /v1/templates, /v1/vouchers/rate (and /v1/rates): public, from the shipped
reference data, cacheable (ETag, Cache-Control, 304 to a matching If-None-Match)."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from application.reference import PackageChange, TemplateChange
from entrypoints.container import Container

REFERENCE_PATHS = ["/v1/packages", "/v1/templates", "/v1/vouchers/rate", "/v1/rates", "/v1/rates/KE"]


async def test_packages_are_public_with_integer_ids_and_cheaper_per_credit_as_they_grow(
    client: AsyncTestClient,
) -> None:
    for path in ("/v1/packages", "/v1/packages/"):
        response = await client.get(path)
        assert response.status_code == 200, response.text
        packages = response.json()["data"]
    assert packages[0] == {"id": 1, "name": "Starter", "credits": 100, "price_tzs": 3500, "price_per_credit": 35.0}
    assert [p["id"] for p in packages] == [1, 2, 3, 4, 5, 6]
    assert [p["price_tzs"] for p in packages] == sorted(p["price_tzs"] for p in packages)
    per_credit = [p["price_per_credit"] for p in packages]
    assert per_credit == sorted(per_credit, reverse=True)
    assert all(p["price_per_credit"] == round(p["price_tzs"] / p["credits"], 2) for p in packages)


async def test_templates_show_their_placeholders_encoding_and_parts(client: AsyncTestClient) -> None:
    for path in ("/v1/templates", "/v1/templates/"):
        response = await client.get(path)
        assert response.status_code == 200, response.text
        templates = {t["id"]: t for t in response.json()["data"]}
    assert {t["category"] for t in templates.values()} == {"otp", "reminder", "payment", "marketing", "greeting"}
    reminder = templates["appointment-reminder-sw"]
    assert reminder["placeholders"] == ["first_name", "business_name", "date", "time"]
    assert reminder["body"].startswith("Habari {first_name}")
    assert (reminder["encoding"], reminder["parts"]) == ("GSM-7", 1)
    assert templates["payment-received"]["placeholders"] == ["first_name", "last_name", "amount", "business_name"]
    birthday = templates["birthday-wishes"]  # the cake is outside GSM-7
    assert (birthday["encoding"], birthday["parts"]) == ("UCS-2", 2)


async def test_the_voucher_rate_card_is_tiered_with_the_unbounded_tier_last(client: AsyncTestClient) -> None:
    response = await client.get("/v1/vouchers/rate")
    assert response.status_code == 200, response.text
    card = response.json()["data"]
    assert card["min_amount_tzs"] == 1000
    bounds = [tier["max_amount_tzs"] for tier in card["tiers"]]
    rates = [tier["rate_tzs_per_credit"] for tier in card["tiers"]]
    assert bounds[-1] is None and bounds[:-1] == sorted(bounds[:-1])
    assert rates == sorted(rates, reverse=True) and rates[0] == 35.0
    assert (await client.get("/v1/vouchers/rate/")).json()["data"] == card


@pytest.mark.parametrize("path", REFERENCE_PATHS)
async def test_every_reference_answer_is_cacheable_and_a_matching_tag_is_304_without_a_body(
    client: AsyncTestClient, path: str,
) -> None:
    first = await client.get(path)
    assert first.status_code == 200
    tag = first.headers["etag"]
    assert tag.startswith('"') and tag.endswith('"') and not tag.startswith("W/")
    assert first.headers["cache-control"] == "public, max-age=300"
    again = await client.get(path)
    assert again.headers["etag"] == tag  # the envelope's request_id and timestamp differ; the data does not
    assert again.json()["request_id"] != first.json()["request_id"]

    for if_none_match in (tag, f'W/{tag}', f'"stale", {tag}', "*"):
        cached = await client.get(path, headers={"If-None-Match": if_none_match})
        assert cached.status_code == 304, if_none_match
        assert cached.content == b""
        assert cached.headers["etag"] == tag and cached.headers["cache-control"] == "public, max-age=300"
    stale = await client.get(path, headers={"If-None-Match": '"stale"'})
    assert stale.status_code == 200 and stale.json()["data"] == first.json()["data"]


async def test_a_change_gives_a_new_tag_and_a_retired_row_is_not_listed(
    client: AsyncTestClient, container: Container,
) -> None:
    packages = await client.get("/v1/packages")
    templates = await client.get("/v1/templates")
    await container.set_package()(PackageChange(2, "ops", active=False))
    await container.set_template()(TemplateChange("weekend-offer", "ops", active=False))

    changed = await client.get("/v1/packages", headers={"If-None-Match": packages.headers["etag"]})
    assert changed.status_code == 200 and changed.headers["etag"] != packages.headers["etag"]
    assert 2 not in [p["id"] for p in changed.json()["data"]]
    listed = await client.get("/v1/templates", headers={"If-None-Match": templates.headers["etag"]})
    assert listed.status_code == 200
    assert "weekend-offer" not in [t["id"] for t in listed.json()["data"]]


async def test_credentials_are_not_needed_and_bad_ones_are_not_looked_at(client: AsyncTestClient) -> None:
    for path in REFERENCE_PATHS:
        assert (await client.get(path, headers={"X-API-Key": "uj_live_nonsense"})).status_code == 200
        assert (await client.get(path, headers={"Authorization": "Bearer nonsense"})).status_code == 200


async def test_the_document_says_304_and_the_caching_headers(client: AsyncTestClient) -> None:
    document = (await client.get("/schema/openapi.json")).json()
    for path in ("/v1/packages", "/v1/templates", "/v1/vouchers/rate", "/v1/rates", "/v1/rates/{country}"):
        operation = document["paths"][path]["get"]
        assert "security" not in operation
        assert {"200", "304"} <= set(operation["responses"])
        assert "content" not in operation["responses"]["304"]
        for status in ("200", "304"):
            assert {"ETag", "Cache-Control"} <= set(operation["responses"][status]["headers"])
        assert "If-None-Match" in [p["name"] for p in operation["parameters"] if p["in"] == "header"]
