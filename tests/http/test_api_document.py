"""The API document (`GET /schema/openapi.json`) says what the server does."""

from __future__ import annotations

import re
import types
import typing
from dataclasses import replace
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.http.dependencies import http_handlers
from entrypoints.http.envelope import Envelope
from entrypoints.http.errors import STATUS_BY_CODE
from entrypoints.http.openapi_examples import EXAMPLES
from entrypoints.settings import Settings

METHODS = ("get", "post", "put", "delete", "head", "patch")


@pytest.fixture()
async def document(client: AsyncTestClient) -> dict[str, Any]:  # type: ignore[type-arg]
    response = await client.get("/schema/openapi.json")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def _operations(document: dict[str, Any], *, head: bool = True) -> dict[str, dict[str, Any]]:
    return {op["operationId"]: op for item in document["paths"].values()
            for method, op in item.items() if method in METHODS and (head or method != "head")}


def _codes(response: dict[str, Any]) -> set[str]:
    return set(response["content"]["application/json"]["examples"])


def test_every_error_is_the_one_error_envelope_naming_its_codes(document: dict[str, Any]) -> None:
    for operation_id, operation in _operations(document, head=False).items():
        for status, response in operation["responses"].items():
            if int(status) < 400:
                continue
            schema = response["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/ErrorEnvelope"}, (operation_id, status)
            codes = _codes(response)
            assert codes and all(STATUS_BY_CODE[code] == int(status) for code in codes), (operation_id, status)
            assert all(f"`{code}`" in response["description"] for code in codes)
    head = _operations(document)["healthHead"]["responses"]
    assert "503" in head and all("content" not in response for response in head.values())
    envelope = document["components"]["schemas"]["ErrorEnvelope"]
    assert envelope["required"] == ["data", "error", "request_id", "success", "timestamp"]


@pytest.mark.parametrize(("operation_id", "statuses"), [
    ("sendSms", {"200", "400", "401", "402", "403", "409", "413", "422", "429", "500", "503"}),
    ("sendBulkSms", {"200", "400", "401", "402", "409", "413", "422", "429", "500", "503"}),
    ("getCountryRate", {"200", "304", "400", "404", "429", "500"}),
    ("login", {"200", "400", "401", "413", "429", "500"}),
    ("register", {"201", "400", "409", "413", "429", "500"}),
    ("deleteWebhook", {"200", "400", "401", "403", "404", "429", "500"}),
    ("health", {"200", "400", "429", "500", "503"}),
    ("createPackageOrder", {"201", "400", "401", "403", "404", "409", "413", "422", "429", "500"}),
    ("createVoucherOrder", {"201", "400", "401", "403", "409", "413", "422", "429", "500"}),
])
def test_each_operation_lists_every_status_it_answers(document: dict[str, Any], operation_id: str,
                                                      statuses: set[str]) -> None:
    assert set(_operations(document)[operation_id]["responses"]) == statuses


async def test_what_the_server_answers_is_documented(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account, document: dict[str, Any]) -> None:  # type: ignore[type-arg]
    account = await make_account()
    operations = _operations(document)
    calls = [
        ("sendSms", client.post("/v1/sms/", json={"to": "0712345678", "message": "hi"})),
        ("sendSms", client.post("/v1/sms/", json={"to": "0712345678", "message": "hi"}, headers=account.jwt_headers)),
        ("sendSms", client.post("/v1/sms/", json={"to": "0712345678", "message": "hi"}, headers=account.key_headers)),
        ("sendSms", client.post("/v1/sms/", json={"to": "12", "message": "hi"}, headers=account.key_headers)),
        ("getCountryRate", client.get("/v1/rates/Atlantis")),
        ("login", client.post("/v1/auth/login", json={"email": account.email, "password": "wrong password"})),
        ("revokeApiKey", client.delete("/v1/api-keys/nope", headers=account.jwt_headers)),
    ]
    for operation_id, call in calls:
        response = await call
        answered = operations[operation_id]["responses"].get(str(response.status_code))
        assert answered is not None, (operation_id, response.status_code)
        if response.status_code >= 400:
            assert response.json()["error"]["code"] in _codes(answered)


def test_component_names_are_short_and_stable(document: dict[str, Any]) -> None:
    names = set(document["components"]["schemas"])
    assert {"SendRequest", "SendResult", "SendResultEnvelope", "BulkResultEnvelope", "ErrorEnvelope",
            "MessageLogPageEnvelope", "EmptyEnvelope", "CountryRateListEnvelope"} <= names
    assert all(name.isidentifier() for name in names), sorted(names)


def test_every_response_names_its_request_and_budget(document: dict[str, Any]) -> None:
    for operation in _operations(document).values():
        for status, response in operation["responses"].items():
            assert {"X-Request-ID", "X-RateLimit-Limit", "X-RateLimit-Remaining"} <= set(response["headers"])
            assert ("Retry-After" in response["headers"]) == (status == "429")
    send = _operations(document)["sendSms"]
    assert "Idempotent-Replay" in send["responses"]["200"]["headers"]
    assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in send["parameters"])


def test_request_bodies_say_unknown_fields_are_ignored_as_they_are(  # type: ignore[no-untyped-def]
        document: dict[str, Any]) -> None:
    for name in ("SendRequest", "BulkRequest", "QuoteRequest", "RegisterRequest", "LoginRequest"):
        assert document["components"]["schemas"][name]["additionalProperties"] is True


async def test_an_unknown_field_is_ignored_as_documented(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    response = await client.post("/v1/sms/quote", json={"message": "hi", "colour": "blue"},
                                 headers=account.key_headers)
    assert response.status_code == 200


async def test_a_voucher_orders_phone_is_required_by_provider_as_documented(  # type: ignore[no-untyped-def]
        document: dict[str, Any], client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    schemas = document["components"]["schemas"]
    order = schemas["VoucherOrderRequest"]
    mapping = order["discriminator"]["mapping"]
    assert order["discriminator"]["propertyName"] == "provider" and set(mapping) == set(
        order["properties"]["provider"]["enum"]) and {o["$ref"] for o in order["oneOf"]} == set(mapping.values())
    variant = {provider: schemas[ref.rpartition("/")[2]] for provider, ref in mapping.items()}
    assert "phone" not in variant["manual"]["required"]
    account = await make_account()
    for provider in ("mobilemoney", "mobilemoney-session"):
        assert provider in variant[provider]["properties"]["provider"]["enum"] and "phone" in variant[provider]["required"]
        assert variant[provider]["properties"]["phone"]["type"] == "string"  # not null
        refused = await client.post("/v1/vouchers", json={"amount": 5_000, "provider": provider, "phone": None},
                                    headers=account.key_headers)
        assert refused.status_code == 400 and refused.json()["error"]["field"] == "phone"


def test_links_lead_from_signing_up_to_reading_the_log(document: dict[str, Any]) -> None:
    operations = _operations(document)

    def targets(operation_id: str, status: str) -> set[str]:
        links = operations[operation_id]["responses"][status]["links"]
        return {link["operationId"] for link in links.values()}

    assert "login" in targets("register", "201")
    assert "createApiKey" in targets("login", "200")
    assert {"sendSms", "revokeApiKey"} <= targets("createApiKey", "201")
    assert "listMessageLogs" in targets("sendSms", "200")
    assert {"listWebhookDeliveries", "deleteWebhook"} <= targets("registerWebhook", "201")
    assert "deleteWebhook" in targets("listWebhookDeliveries", "200")


def test_the_schema_states_the_limits_the_server_enforces(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    message = schemas["SendRequest"]["properties"]["message"]
    assert (message["minLength"], message["maxLength"]) == (1, 1600)
    assert schemas["SendRequest"]["properties"]["from"]["pattern"] == "^[A-Za-z0-9]{1,11}$"
    to = schemas["BulkRequest"]["properties"]["to"]
    assert (to["minItems"], to["maxItems"]) == (1, 1000)
    per_page = next(p for p in _operations(document)["listMessageLogs"]["parameters"] if p["name"] == "per_page")
    assert (per_page["schema"]["minimum"], per_page["schema"]["maximum"]) == (1, 100)


def _text_schemas(schema: dict[str, Any], where: str) -> list[tuple[str, dict[str, Any]]]:
    found = [(f"{where}.{name}", inner) for name, inner in schema.get("properties", {}).items()]
    found += [(f"{where}[]", schema["items"])] if "items" in schema else []
    texts = [(where, schema)] if schema.get("type") == "string" or {"type": "string"} in schema.get("oneOf", []) else []
    return texts + [text for path, inner in found for text in _text_schemas(inner, path)]


def test_every_text_the_client_sends_is_documented_without_nul(document: dict[str, Any]) -> None:
    texts = [text for name, schema in document["components"]["schemas"].items() if name.endswith("Request")
             for text in _text_schemas(schema, name)]
    texts += [(f"{operation_id}:{p['name']}", p["schema"]) for operation_id, operation in _operations(document).items()
              for p in operation.get("parameters", ()) if p["schema"].get("type") != "integer"]
    assert len(texts) > 25
    for where, schema in texts:
        assert "pattern" in schema or "enum" in schema, where
        if "pattern" in schema:
            assert not re.search(schema["pattern"], "a\x00b"), where


@pytest.mark.parametrize(("schema", "field", "limit"), [
    ("RegisterRequest", "business_name", 200), ("CreateApiKeyRequest", "name", 100)])
def test_a_trimmed_length_is_stated_as_the_server_counts_it(
        document: dict[str, Any], schema: str, field: str, limit: int) -> None:
    pattern = document["components"]["schemas"][schema]["properties"][field]["pattern"]
    assert re.fullmatch(pattern, " " + "x" * limit + " ") and not re.fullmatch(pattern, "x" * (limit + 1))


def test_parameters_are_strings_not_nulls(document: dict[str, Any]) -> None:
    parameters = [p for operation in _operations(document).values() for p in operation.get("parameters", ())]
    assert all("oneOf" not in p["schema"] for p in parameters)
    status = next(p for p in _operations(document)["listMessageLogs"]["parameters"] if p["name"] == "status")
    assert status["allowEmptyValue"] is True and "" in status["schema"]["enum"]


def test_main_operations_carry_examples(document: dict[str, Any]) -> None:
    operations = _operations(document)
    for operation_id in ("sendSms", "sendBulkSms", "listMessageLogs", "getCreditBalance", "login", "register"):
        responses = operations[operation_id]["responses"]
        success = next(r for s, r in responses.items() if s.startswith("2"))
        example = success["content"]["application/json"]["examples"]["example"]["value"]
        assert example["success"] is True and example["error"] is None and example["data"]


def _data_type(annotation: Any) -> Any:
    """X of a handler's `Envelope[X]` or `Response[Envelope[X]]`."""
    while typing.get_origin(annotation) is not Envelope:
        annotation = typing.get_args(annotation)[0]
    return typing.get_args(annotation)[0]


def test_every_example_is_a_body_the_server_reads_or_writes(container: Container, settings: Settings) -> None:
    # every feature on, so every route with an example is there
    container.settings.override(replace(settings, feature_google_contacts=True, google_client_id="id",
                                        google_client_secret="secret"))
    handlers = {handler.operation_id: handler for handler in http_handlers(create_app(container))
                if handler.operation_id}
    for (operation_id, status), example in EXAMPLES.items():
        signature = handlers[operation_id].parsed_fn_signature
        if status == "request":
            body = signature.parameters["data"].annotation
            if typing.get_origin(body) in (typing.Union, types.UnionType):
                body = next(t for t in typing.get_args(body) if t is not type(None))
        else:
            body = _data_type(signature.return_type.annotation)
        msgspec.convert(example, body)  # raises, naming the field, when the example is not one
