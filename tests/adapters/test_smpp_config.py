"""UJUMBE_GATEWAY's bind URLs: what each setting means, and a clear refusal of what is wrong."""

from __future__ import annotations

import pytest

from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.encoding import AirProfile


def test_one_bind_takes_the_defaults() -> None:
    [bind] = parse_binds("smpp://ujumbe:s%40cret@smsc.example.co.tz:2775")
    assert (bind.name, bind.host, bind.port, bind.system_id, bind.password) == (
        "smsc.example.co.tz:2775", "smsc.example.co.tz", 2775, "ujumbe", "s@cret")
    assert (bind.window, bind.tps, bind.carriers, bind.response_timeout, bind.enquire_link_every) == (
        64, 0.0, (), 10.0, 30.0)
    assert bind.profile == AirProfile()


def test_several_binds_with_carriers_as_design_writes_them() -> None:
    vodacom, default = parse_binds(
        "smpp://a:p@10.0.0.1:2775?window=32&tps=100&carriers=Vodacom,Airtel&name=voda,"
        " smpp://b:q@10.0.0.2?packed=1&udh16=yes&payload=0&timeout=2.5&enquire_link=15&system_type=VMA")
    assert (vodacom.name, vodacom.window, vodacom.tps, vodacom.carriers) == ("voda", 32, 100.0, ("Vodacom", "Airtel"))
    assert (default.port, default.carriers, default.system_type) == (2775, (), "VMA")
    assert default.profile == AirProfile(packed=True, udh16=True, payload=False)
    assert (default.response_timeout, default.enquire_link_every) == (2.5, 15.0)


@pytest.mark.parametrize(("setting", "says"), [
    ("", "names no smpp:// bind"),
    ("http://a:b@host:1", "is not smpp://system_id:password@host:port"),
    ("smpp://host:2775", "is not smpp://system_id:password@host:port"),
    ("smpp://a:b@host:notaport", "no valid port"),
    ("smpp://a:b@host:1?windw=5", "unknown setting(s) windw"),
    ("smpp://a:b@host:1?window=0", "window must be above 0"),
    ("smpp://a:b@host:1?tps=-1", "tps must be 0 or more"),
    ("smpp://a:b@host:1?packed=maybe", "packed must be 0 or 1"),
    ("smpp://a:b@host:1,smpp://c:d@host:1", "two binds share a name"),
])
def test_a_wrong_setting_is_refused_naming_what_is_wrong(setting: str, says: str) -> None:
    with pytest.raises(ValueError, match="UJUMBE_GATEWAY") as refused:
        parse_binds(setting)
    assert says in str(refused.value)


def test_a_refusal_never_echoes_the_password() -> None:
    with pytest.raises(ValueError) as refused:
        parse_binds("smpp://ujumbe:topsecret@host:1?bogus=1")
    assert "topsecret" not in str(refused.value) and "ujumbe:***@host" in str(refused.value)
