"""Writes src/ujumbe_client/_generated.py from ujumbe's OpenAPI document.

    python clients/python/generate.py                      # the document of the app in src/ (PYTHONPATH=src)
    python clients/python/generate.py http://127.0.0.1:8000/schema/openapi.json
    python clients/python/generate.py openapi.json --check # exit 1 if the committed file differs

The records (msgspec Structs), one method per operation on the sync and the async client, and
an iterator over every paginated list come from the document; the behaviour around them
(auth, timeouts, retries, idempotency keys, errors) is hand-written in _transport.py.
"""

from __future__ import annotations

import json
import keyword
import re
import sys
from pathlib import Path
from typing import Any

TARGET = Path(__file__).resolve().parent / "src" / "ujumbe_client" / "_generated.py"
METHODS = ("get", "head", "post", "put", "patch", "delete")
# Creating these twice costs the customer money or sends twice; the client keys every call to
# them, whether or not the document names the header.
ALWAYS_KEYED = {"sendSms", "sendSmsFromDashboard", "sendBulkSms", "createCampaign",
                "createPackageOrder", "createVoucherOrder"}
HANDLED_HEADERS = {"Idempotency-Key": "idempotency_key", "If-None-Match": "if_none_match"}


def load(source: str | None) -> dict[str, Any]:
    if source is None:
        import msgspec

        from entrypoints.http.app import create_app

        document: dict[str, Any] = json.loads(msgspec.json.encode(create_app().openapi_schema.to_schema()))
        return document
    if source.startswith(("http://", "https://")):
        import httpx

        answer = httpx.get(source, timeout=30)
        answer.raise_for_status()
        fetched: dict[str, Any] = answer.json()
        return fetched
    read: dict[str, Any] = json.loads(Path(source).read_text())
    return read


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower().replace("-", "_")


def identifier(name: str) -> str:
    name = re.sub(r"\W", "_", name)
    return f"{name}_" if keyword.iskeyword(name) or name in {"self", "client"} else name


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[1]


class Generator:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.schemas: dict[str, Any] = document.get("components", {}).get("schemas", {})
        self.lines: list[str] = []

    # --- types -------------------------------------------------------------------------------
    def annotation(self, schema: dict[str, Any]) -> str:
        if "$ref" in schema:
            return ref_name(schema["$ref"])
        for combiner in ("oneOf", "anyOf"):
            if combiner in schema:
                options = [self.annotation(s) for s in schema[combiner]]
                structs = [o for o in options if o in self.schemas and self.is_struct(o)]
                if len(structs) > 1:
                    return "Any"  # msgspec needs a tag to tell structs apart; the document gives none
                return " | ".join(dict.fromkeys(options))
        kind = schema.get("type")
        if isinstance(kind, list):
            return " | ".join(self.annotation({**schema, "type": k}) for k in kind)
        if kind == "string":
            if schema.get("format") == "date-time":
                return "datetime"
            if schema.get("format") == "binary":
                return "bytes"
            return "str"
        if kind == "integer":
            return "int"
        if kind == "number":
            return "float"
        if kind == "boolean":
            return "bool"
        if kind == "null":
            return "None"
        if kind == "array":
            return f"list[{self.annotation(schema.get('items', {}))}]"
        if kind == "object" and "properties" not in schema:
            return "dict[str, Any]"
        return "Any"

    def is_struct(self, name: str) -> bool:
        return self.schemas[name].get("type") == "object" and "properties" in self.schemas[name]

    @staticmethod
    def is_envelope(name: str) -> bool:
        return name.endswith("Envelope")

    def fields(self, schema: dict[str, Any]) -> list[tuple[str, str, str, bool, str]]:
        """(python name, wire name, annotation, required, description) of each property."""
        required = set(schema.get("required", []))
        out = []
        for wire, prop in schema.get("properties", {}).items():
            out.append((identifier(wire), wire, self.annotation(prop), wire in required,
                        prop.get("description", "")))
        return out

    # --- records -----------------------------------------------------------------------------
    def records(self) -> None:
        for name, schema in self.schemas.items():
            if self.is_envelope(name):
                continue
            if "enum" in schema:
                values = ", ".join(json.dumps(v) for v in schema["enum"])
                # A str, not a Literal: a value the server adds later must not break decoding.
                self.lines += [f"{name} = str  # one of {values}", ""]
                continue
            if not self.is_struct(name):
                self.lines += [f"{name} = {self.annotation(schema)}", ""]
                continue
            self.lines.append(f"class {name}(msgspec.Struct, kw_only=True, omit_defaults=True):")
            description = schema.get("description")
            if description:
                self.lines.append(f"    {json.dumps(description)}")
            fields = self.fields(schema)
            for py, wire, ann, required, _ in fields:
                default = "" if required else " | UnsetType"
                value = "" if required else " = UNSET"
                if py != wire:
                    value = f" = msgspec.field(name={wire!r}" + ("" if required else ", default=UNSET") + ")"
                self.lines.append(f"    {py}: {ann}{default}{value}")
            if not fields:
                self.lines.append("    pass")
            self.lines.append("")
            self.lines.append("")

    # --- operations --------------------------------------------------------------------------
    def operations(self) -> list[dict[str, Any]]:
        ops = []
        for path, item in self.document["paths"].items():
            for method in METHODS:
                if method in item:
                    ops.append({"path": path, "method": method.upper(), **item[method]})
        return ops

    def response(self, op: dict[str, Any]) -> tuple[str, str]:
        """(kind, annotation): kind is json (the envelope's data), text, or none."""
        for status, answer in op.get("responses", {}).items():
            if not status.startswith("2"):
                continue
            content = answer.get("content", {})
            for media, body in content.items():
                schema = body.get("schema", {})
                if "json" in media and "$ref" in schema:
                    envelope = self.schemas[ref_name(schema["$ref"])]
                    data = envelope.get("properties", {}).get("data", {})
                    return "json", self.annotation(data)
                if media.startswith("text/"):
                    return "text", "str"
            return "none", "None"
        return "none", "None"

    def body(self, op: dict[str, Any]) -> tuple[str, str | None, dict[str, Any]]:
        """(kind, record name, schema): kind is json, multipart or none."""
        content = op.get("requestBody", {}).get("content", {})
        if "application/json" in content:
            schema = content["application/json"]["schema"]
            if "$ref" in schema:
                return "json", ref_name(schema["$ref"]), self.schemas[ref_name(schema["$ref"])]
            return "json", None, schema
        if "multipart/form-data" in content:
            return "multipart", None, content["multipart/form-data"]["schema"]
        return "none", None, {}

    def page_items(self, kind: str, annotation: str) -> tuple[str, str] | None:
        """(items property, item annotation) when the data is one page of a list."""
        if kind != "json" or annotation not in self.schemas or not self.is_struct(annotation):
            return None
        props = self.schemas[annotation]["properties"]
        arrays = [(k, v) for k, v in props.items() if v.get("type") == "array"]
        if "page" not in props or len(arrays) != 1:
            return None
        return arrays[0][0], self.annotation(arrays[0][1].get("items", {}))

    def method(self, op: dict[str, Any], asynchronous: bool) -> list[str]:
        name = snake(op["operationId"])
        params = op.get("parameters", [])
        path_params = [p for p in params if p["in"] == "path"]
        query_params = [p for p in params if p["in"] == "query"]
        header_params = [p for p in params if p["in"] == "header"]
        body_kind, body_record, body_schema = self.body(op)
        answer_kind, answer = self.response(op)
        keyed = op["operationId"] in ALWAYS_KEYED or any(p["name"] == "Idempotency-Key" for p in header_params)
        conditional = any(p["name"] == "If-None-Match" for p in header_params)
        if conditional and answer != "None":
            answer = f"{answer} | None"

        signature = ["self"] + [f"{identifier(p['name'])}: {self.annotation(p.get('schema', {}))}"
                                for p in path_params]
        keywords: list[str] = []
        body_fields = self.fields(body_schema) if body_kind != "none" else []
        for py, _, ann, required, _ in sorted(body_fields, key=lambda f: not f[3]):
            if body_kind == "multipart" and ann == "bytes":
                ann = "FileContent"
            keywords.append(f"{py}: {ann}" if required else f"{py}: {ann} | UnsetType = UNSET")
        for p in query_params:
            keywords.append(f"{identifier(p['name'])}: {self.annotation(p.get('schema', {}))} | None = None")
        if keyed:
            keywords.append("idempotency_key: str | None = None")
        for p in header_params:
            if p["name"] == "If-None-Match":
                keywords.append("if_none_match: str | None = None")
            elif p["name"] not in HANDLED_HEADERS:
                keywords.append(f"{snake(identifier(p['name']))}: str | None = None")
        keywords.append("timeout: float | None = None")
        signature += ["*", *keywords]

        security = tuple(sorted({scheme for s in op.get("security", []) for scheme in s}))
        out = [f"    {'async ' if asynchronous else ''}def {name}({', '.join(signature)}) -> {answer}:"]
        summary = op.get("summary") or op["operationId"]
        doc = f"{op['method']} {op['path']}: {summary}."
        out.append(f"        {json.dumps(doc)}")
        formatted = ".format(" + ", ".join(
            f"{identifier(p['name'])}=_quote({identifier(p['name'])})" for p in path_params) + ")" if path_params else ""
        out.append(f"        path = {json.dumps(op['path'])}{formatted}")
        out.append("        query: dict[str, Any] = {" + ", ".join(f"{p['name']!r}: {identifier(p['name'])}" for p in query_params) + "}")
        headers = [f"{p['name']!r}: {snake(identifier(p['name'])) if p['name'] not in HANDLED_HEADERS else HANDLED_HEADERS[p['name']]}"
                   for p in header_params if p["name"] != "Idempotency-Key"]
        out.append("        headers: dict[str, Any] = {" + ", ".join(headers) + "}")
        if body_kind == "json" and body_record:
            args = ", ".join(f"{py}={py}" for py, *_ in body_fields)
            out.append(f"        body: Any = {body_record}({args})")
        elif body_kind == "multipart":
            out.append("        body: Any = _Multipart({" + ", ".join(f"{wire!r}: {py}" for py, wire, *_ in body_fields) + "})")
        else:
            out.append("        body: Any = None")
        call = (f"self._call(Call({op['method']!r}, path, {op['operationId']!r}, {security!r}, query, headers, body, "
                f"{'idempotency_key' if keyed else 'None'}, {keyed!r}, {answer_kind!r}, timeout), {answer.removesuffix(' | None')})")
        out.append(f"        return {'await ' if asynchronous else ''}{call}  # type: ignore[no-any-return]")
        out.append("")

        paged = self.page_items(answer_kind, answer)
        if paged and any(p["name"] == "page" for p in query_params):
            items, item_type = paged
            rest = [k for k in keywords if not k.startswith(("page:", "timeout:"))]
            iterator = "AsyncIterator" if asynchronous else "Iterator"
            out.append(f"    {'async ' if asynchronous else ''}def iter_{name.removeprefix('list_').removeprefix('get_')}("
                       f"{', '.join(['self'] + signature[1:signature.index('*')] + ['*'] + rest)}) -> {iterator}[{item_type}]:")
            out.append(f"        \"\"\"Every {items} item of {op['operationId']}, page after page.\"\"\"")
            out.append("        page = 1")
            out.append("        while True:")
            passed = ", ".join([identifier(p["name"]) for p in path_params]
                               + [f"{k.split(':')[0]}={k.split(':')[0]}" for k in rest] + ["page=page"])
            out.append(f"            answer = {'await ' if asynchronous else ''}self.{name}({passed})")
            out.append(f"            batch = answer.{items}")
            out.append("            for item in batch:")
            out.append("                yield item")
            out.append("            if not _more(answer, len(batch), page):")
            out.append("                return")
            out.append("            page += 1")
            out.append("")
        return out

    def render(self) -> str:
        info = self.document.get("info", {})
        self.lines = [
            f'"""Generated by clients/python/generate.py from {info.get("title", "the API")} '
            f'{info.get("version", "")}: do not edit by hand."""',
            "",
            "# ruff: noqa",
            "from __future__ import annotations",
            "",
            "from collections.abc import AsyncIterator, Iterator",
            "from datetime import datetime",
            "from typing import Any",
            "",
            "import msgspec",
            "from msgspec import UNSET, UnsetType",
            "",
            "from ujumbe_client._transport import Call, FileContent, _Multipart, _more, _quote",
            "",
            "",
        ]
        self.records()
        ops = self.operations()
        self.lines.append("OPERATIONS: frozenset[str] = frozenset({")
        self.lines += [f"    {op['operationId']!r}," for op in ops]
        self.lines += ["})", "", ""]
        for asynchronous in (False, True):
            cls = "AsyncOperations" if asynchronous else "SyncOperations"
            self.lines.append(f"class {cls}:")
            self.lines.append(f"    \"\"\"One method per operation of the API document{' (awaitable)' if asynchronous else ''}.\"\"\"")
            self.lines.append("")
            self.lines.append(f"    {'async ' if asynchronous else ''}def _call(self, call: Call, answer: Any) -> Any:")
            self.lines.append("        raise NotImplementedError")
            self.lines.append("")
            for op in ops:
                self.lines += self.method(op, asynchronous)
            self.lines.append("")
        return "\n".join(self.lines).rstrip() + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    sources = [a for a in argv if not a.startswith("--")]
    text = Generator(load(sources[0] if sources else None)).render()
    if check:
        if not TARGET.exists() or TARGET.read_text() != text:
            print(f"{TARGET} is not what the document generates: run clients/python/generate.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
