"""The codec's field objects (`smpp.pdu`) to and from the plain numbers the adapter works in, for
the PDUs the codec reads (`wire` reads the usual ones by hand)."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from smpp.pdu import constants
from smpp.pdu.pdu_encoding import DataCodingEncoder, EsmClassEncoder, PDUEncoder

from adapters.gateways.smpp.wire import DeliverSm

_ESM = EsmClassEncoder()
_DATA_CODING = DataCodingEncoder()


@cache
def esm_class(value: int) -> Any:
    return _ESM.decode(io.BytesIO(bytes([value])))


@cache
def data_coding(value: int) -> Any:
    return _DATA_CODING.decode(io.BytesIO(bytes([value])))


def esm_class_value(field: Any) -> int:
    return _ESM.encode(field)[0] if field is not None else 0


def data_coding_value(field: Any) -> int:
    return _DATA_CODING.encode(field)[0] if field is not None else 0


def number(by_name: dict[str, int], field: Any) -> int | None:
    """An enum field (TON, message_state) as its number in the SMPP tables; None when absent."""
    return by_name.get(field.name) if field is not None else None


def deliver_sm_values(pdu: Any) -> DeliverSm:
    """A deliver_sm the codec read, as `wire` reads one."""
    params = pdu.params
    receipted = params.get("receipted_message_id")
    return DeliverSm(
        sequence=pdu.seqNum or 0,
        source_addr_ton=number(constants.addr_ton_name_map, params.get("source_addr_ton")) or 0,
        source_addr=_text(params.get("source_addr")), destination_addr=_text(params.get("destination_addr")),
        esm_class=esm_class_value(params.get("esm_class")), data_coding=data_coding_value(params.get("data_coding")),
        short_message=params.get("short_message") or b"", message_payload=params.get("message_payload"),
        receipted_message_id=receipted.decode("ascii", "replace") if receipted is not None else None,
        message_state=number(constants.message_state_name_map, params.get("message_state")),
    )


class Codec(PDUEncoder):  # type: ignore[misc]
    """smpp.pdu's PDU encoder, with a `message_payload` TLV sized by its own value: upstream sizes a
    variable-length TLV by the last TLV it decoded, which fails or corrupts the PDU."""

    def encodeOptionalParams(self, optionalParams: Any, params: dict[str, Any]) -> bytes:  # noqa: N802,N803
        payload = params.get("message_payload")
        if payload is not None:
            self.optionEncoder.length = len(payload)
        return bytes(super().encodeOptionalParams(optionalParams, params))


def _text(value: object) -> str:
    return value.decode("latin-1") if isinstance(value, bytes) else str(value or "")
