"""The binds `UJUMBE_GATEWAY` names: `smpp://system_id:password@host:port?window=64&tps=100&carriers=Vodacom,Airtel`,
several separated by commas. A bind without `carriers` is a default route.

Query settings, all optional: `window` (submits in flight, 64), `tps` (submit_sm per second, 0 for no
cap), `carriers` (the carriers this bind is the route for, as `phonenumbers` names them), `name`
(what operators see, `host:port` by default), `system_type`, `timeout` (seconds a submit waits for
its answer, 10), `enquire_link` (seconds between keep-alives, 30), and the peer's profile on air:
`packed=1` (GSM-7 septets packed), `udh16=1` (16-bit concatenation references), `payload=1` (a long
text in one `message_payload` submit instead of UDH segments).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar
from urllib.parse import parse_qs, unquote, urlsplit

from adapters.gateways.smpp.encoding import AirProfile
from domain.phone import Carrier

N = TypeVar("N", int, float)
_CARRIERS = {c.value.lower() for c in Carrier if c != Carrier.UNKNOWN}
_FLAGS = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}
_KNOWN = {"window", "tps", "carriers", "name", "system_type", "timeout", "enquire_link", "packed", "udh16", "payload"}


@dataclass(frozen=True, slots=True)
class BindSettings:
    name: str
    host: str
    port: int
    system_id: str
    password: str
    system_type: str = ""
    window: int = 64
    tps: float = 0.0  # 0: no cap
    carriers: tuple[str, ...] = ()  # empty: a default route
    response_timeout: float = 10.0
    enquire_link_every: float = 30.0
    profile: AirProfile = AirProfile()


def parse_binds(setting: str) -> list[BindSettings]:
    """Every bind of the setting; ValueError naming what is wrong (the service refuses to start)."""
    urls = [part.strip() for part in re.split(r",\s*(?=smpp://)", setting.strip()) if part.strip()]
    if not urls:
        raise ValueError("UJUMBE_GATEWAY names no smpp:// bind")
    binds = [_parse_bind(url) for url in urls]
    for bind in binds:
        _check_fits(bind)
    names = [bind.name for bind in binds]
    if len(set(names)) != len(names):
        raise ValueError(f"UJUMBE_GATEWAY: two binds share a name ({', '.join(names)}); give each a `name=`")
    return binds


def _parse_bind(url: str) -> BindSettings:
    shown = re.sub(r"(smpp://[^:/@]*):[^@]*@", r"\1:***@", url)  # never echo the password
    parts = urlsplit(url)
    if parts.scheme != "smpp" or not parts.hostname or not parts.username:
        raise ValueError(f"UJUMBE_GATEWAY: {shown!r} is not smpp://system_id:password@host:port")
    try:
        port = parts.port or 2775
    except ValueError as exc:
        raise ValueError(f"UJUMBE_GATEWAY: {shown!r} has no valid port") from exc
    query = {key: values[-1] for key, values in parse_qs(parts.query, keep_blank_values=True).items()}
    unknown = sorted(set(query) - _KNOWN)
    if unknown:
        raise ValueError(f"UJUMBE_GATEWAY: {shown!r}: unknown setting(s) {', '.join(unknown)}")
    try:
        return BindSettings(
            name=query.get("name") or f"{parts.hostname}:{port}",
            host=parts.hostname, port=port, system_id=unquote(parts.username),
            password=unquote(parts.password or ""), system_type=query.get("system_type", ""),
            window=_positive(int(query.get("window", 64)), "window"),
            tps=_at_least_zero(float(query.get("tps", 0)), "tps"),
            carriers=tuple(c.strip() for c in query.get("carriers", "").split(",") if c.strip()),
            response_timeout=_positive(float(query.get("timeout", 10)), "timeout"),
            enquire_link_every=_positive(float(query.get("enquire_link", 30)), "enquire_link"),
            profile=AirProfile(packed=_flag(query, "packed"), udh16=_flag(query, "udh16"),
                               payload=_flag(query, "payload")),
        )
    except ValueError as exc:
        raise ValueError(f"UJUMBE_GATEWAY: {shown!r}: {exc}") from exc


# SMPP 3.4 §4.1.1: C-octet strings of at most 16, 9 and 13 bytes with their terminating NUL.
_LONGEST = {"system_id": 15, "password": 8, "system_type": 12}


def _check_fits(bind: BindSettings) -> None:
    for field, longest in _LONGEST.items():
        if len(getattr(bind, field).encode()) > longest:
            raise ValueError(f"UJUMBE_GATEWAY: bind {bind.name!r}: {field} is longer than SMPP allows ({longest})")
    unknown = [c for c in bind.carriers if c.lower() not in _CARRIERS]
    if unknown:
        raise ValueError(f"UJUMBE_GATEWAY: bind {bind.name!r}: unknown carrier(s) {', '.join(unknown)}"
                         f" (one of {', '.join(sorted(c.value for c in Carrier if c != Carrier.UNKNOWN))})")


def _flag(query: dict[str, str], key: str) -> bool:
    value = query.get(key, "0").lower()
    if value not in _FLAGS:
        raise ValueError(f"{key} must be 0 or 1")
    return _FLAGS[value]


def _positive(value: N, key: str) -> N:
    if value <= 0:
        raise ValueError(f"{key} must be above 0")
    return value


def _at_least_zero(value: float, key: str) -> float:
    if value < 0:
        raise ValueError(f"{key} must be 0 or more")
    return value
