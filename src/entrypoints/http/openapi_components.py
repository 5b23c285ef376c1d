"""The API document's components (`document_api` completes them last), from the bodies' Structs:

- short component names (`SendResult`, `SendResultEnvelope`), which client generators make into
  class names;
- whether a body's unknown fields are refused or ignored (what its Struct does);
- NO_NUL on every text without a stricter rule (`state_storable_text`, parameters too);
- a body whose rules depend on one of its fields (`document_variants`: a voucher order's phone, by
  its provider) as a `oneOf` of its variants, told apart by that field (`discriminator`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any, TypeVar

from litestar.openapi.spec import Discriminator, OpenAPI, OpenAPIType, Reference, Schema

from entrypoints.http.envelope import ResponseBody
from entrypoints.http.validation import NO_NUL, RequestBody

T = TypeVar("T")
_SCHEMAS = "#/components/schemas"


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """One kind of a body: the values of the field telling it apart, the fields it requires (never null)."""

    name: str  # its component's
    values: tuple[str, ...]
    required: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Variants:
    """The kinds of a body, by the value of one of its fields (`document_variants` of its Struct)."""

    field: str
    kinds: tuple[Variant, ...]
    description: str


def _subclasses(base: type[T]) -> Iterator[type[T]]:
    """Every class derived from `base`, however indirectly."""
    pending = list(base.__subclasses__())
    while pending:
        cls = pending.pop()
        pending += cls.__subclasses__()
        yield cls


def _is_text(schema: Schema) -> bool:
    if schema.type == OpenAPIType.STRING:
        return True
    branches = [branch for branch in schema.one_of or () if isinstance(branch, Schema)]
    return any(branch.type == OpenAPIType.STRING for branch in branches)


_STRICTER = ("pattern", "enum", "format", "const", "anyOf")


def state_storable_text(schema: Any) -> None:
    """Every text without a stricter rule gets NO_NUL: the server refuses NUL in any text
    (`validate_text`), once, for every body field and parameter; the document says so once too.
    A schema is Litestar's, or a dict where a field states its list's items (`documented`)."""
    if isinstance(schema, dict):
        if schema.get("type") == "string" and not any(rule in schema for rule in _STRICTER):
            schema["pattern"] = NO_NUL
        return
    if not isinstance(schema, Schema):
        return
    for inner in (schema.items, *(schema.properties or {}).values()):
        state_storable_text(inner)
    stricter = (schema.pattern, schema.enum, schema.format, schema.const, schema.any_of)
    if _is_text(schema) and all(rule is None for rule in stricter):
        schema.pattern = NO_NUL


def _component_name(name: str) -> str:
    """`Envelope_entrypoints.http.controllers.sms.SendResultBody_` → `SendResultEnvelope`,
    `SendResultBody` → `SendResult`."""
    envelope = re.fullmatch(r"Envelope_(list_)?(?:[\w]+\.)*(\w+?)_", name)
    if envelope is not None:
        inner = "Empty" if envelope.group(2) == "NoneType" else envelope.group(2).removesuffix("Body")
        return f"{inner}{'List' if envelope.group(1) else ''}Envelope"
    return name.removesuffix("Body")


def _nodes(node: Any, kind: type[T]) -> Iterator[T]:
    """Every `kind` object in a part of the document, however deep, each once (Litestar shares
    some schema objects between operations). An object is yielded before what it holds is read,
    so a change the caller makes to it (a `oneOf` dropped) decides what is walked below it. A
    loop, not recursion: the document holds hundreds of thousands of values, and a generator a
    value made building the app take most of a second."""
    seen: set[int] = set()
    waiting = [node]
    while waiting:
        node = waiting.pop()
        if isinstance(node, (str, int, float, bool)) or node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, kind):
            yield node
        if isinstance(node, dict):
            waiting.extend(reversed(node.values()))
        elif isinstance(node, (list, tuple)):
            waiting.extend(reversed(node))
        elif dataclasses.is_dataclass(node) and not isinstance(node, type):
            waiting.extend(reversed([getattr(node, field.name) for field in dataclasses.fields(node)]))


def _never_null(schema: Schema | Reference) -> Schema | Reference:
    """A `str | None` field's schema as a string's: its one type, no oneOf."""
    if not isinstance(schema, Schema) or not schema.one_of:
        return schema
    kinds = [branch.type for branch in schema.one_of if isinstance(branch, Schema) and branch.type != OpenAPIType.NULL]
    return dataclasses.replace(schema, one_of=None, type=kinds[0] if len(kinds) == 1 else schema.type)


def _state_variants(schemas: dict[str, Schema], name: str, variants: Variants) -> None:
    """The body's schema, its fields as they are, is also `oneOf` its variants, told apart by one
    field (`discriminator`): each variant that field's values, and the fields it requires, never null."""
    body, refs = schemas[name], {}
    properties = body.properties or {}
    for variant in variants.kinds:
        told_apart = properties[variants.field]
        own: dict[str, Schema | Reference] = {
            variants.field: dataclasses.replace(told_apart, enum=list(variant.values), description=None)
            if isinstance(told_apart, Schema) else told_apart}
        own.update((field, _never_null(properties[field])) for field in variant.required)
        schemas[variant.name] = Schema(type=OpenAPIType.OBJECT, title=variant.name, properties=own,
                                       required=list(own), additional_properties=body.additional_properties)
        refs[variant.name] = f"{_SCHEMAS}/{variant.name}"
    body.description = variants.description
    body.one_of = [Reference(ref=ref) for ref in refs.values()]
    body.discriminator = Discriminator(property_name=variants.field, mapping={
        value: refs[variant.name] for variant in variants.kinds for value in variant.values})


def complete_components(openapi: OpenAPI) -> None:
    schemas = openapi.components.schemas or {}
    renamed = {name: _component_name(name) for name in schemas}
    if len(set(renamed.values())) != len(renamed):
        raise ValueError(f"two components would share a name: {sorted(renamed.values())}")
    variants: dict[str, Variants] = {}
    for cls in _subclasses(RequestBody):
        schema = schemas.get(cls.__name__)
        if schema is not None:
            # msgspec refuses unknown fields only when the Struct says so; the document says the same.
            schema.additional_properties = not cls.__struct_config__.forbid_unknown_fields
            state_storable_text(schema)
            if (kinds := getattr(cls, "document_variants", None)) is not None:
                variants[renamed[cls.__name__]] = kinds
    response_bodies: list[type[ResponseBody]] = [ResponseBody, *_subclasses(ResponseBody)]
    for body in response_bodies:
        schema = schemas.get(body.__name__)
        if schema is not None and not body.__struct_config__.omit_defaults and schema.properties:
            schema.required = sorted(schema.properties)  # a default is still always answered
    for name, schema in schemas.items():
        schema.title = renamed[name]
    for schema in _nodes(openapi, Schema):
        if schema.one_of is not None and len(schema.one_of) == 1 and isinstance(schema.one_of[0], Schema):
            # an optional field that is never null (`str | UnsetType`): its one type, no oneOf
            schema.type, schema.one_of = schema.one_of[0].type, None
    for reference in _nodes(openapi, Reference):
        prefix, _, name = reference.ref.rpartition("/")
        if prefix == _SCHEMAS and name in renamed:
            reference.ref = f"{prefix}/{renamed[name]}"
    completed = {renamed[name]: schema for name, schema in schemas.items()}
    for name, kinds in variants.items():
        _state_variants(completed, name, kinds)
    openapi.components.schemas = dict(sorted(completed.items()))
