from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.payment_orders import (
    OrderSource,
    PaymentProvider,
    checkout_message,
    manual_message,
    needs_phone,
    provider_for,
    push_message,
)


def test_a_package_is_paid_by_push_only_and_a_voucher_by_any_provider() -> None:
    assert provider_for(OrderSource.PACKAGE, "mobilemoney") is PaymentProvider.MOBILEMONEY
    assert [provider_for(OrderSource.VOUCHER, p.value) for p in PaymentProvider] == list(PaymentProvider)
    for refused in ("manual", "mobilemoney-session"):
        with pytest.raises(ValidationError) as error:
            provider_for(OrderSource.PACKAGE, refused)
        assert error.value.field == "provider" and "mobilemoney" in error.value.message


@given(st.text(max_size=30), st.sampled_from(list(OrderSource)))
def test_a_provider_outside_the_list_is_refused_naming_the_field(value: str, source: OrderSource) -> None:
    try:
        provider = provider_for(source, value)
    except ValidationError as error:
        assert error.field == "provider"
    else:
        assert provider.value == value


def test_only_a_push_needs_the_payers_phone() -> None:
    assert [p for p in PaymentProvider if needs_phone(p)] == [PaymentProvider.MOBILEMONEY]


@given(st.integers(1, 100_000_000), st.integers(1, 4_000_000))
def test_every_message_names_the_amount_and_the_credits(amount: int, credits: int) -> None:
    for text in (push_message("+255712345678", amount, credits), checkout_message("https://pay/x", amount, credits),
                 manual_message("abc123", amount, credits)):
        assert f"{amount:,} TZS" in text and f"{credits:,} credits" in text
    assert "+255712345678" in push_message("+255712345678", amount, credits)
    assert "abc123" in manual_message("abc123", amount, credits)
