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
    payer_phone,
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


def test_both_mobile_money_providers_need_the_payers_phone_and_manual_does_not() -> None:
    assert [p for p in PaymentProvider if needs_phone(p)] == [
        PaymentProvider.MOBILEMONEY, PaymentProvider.MOBILEMONEY_SESSION]
    assert payer_phone(PaymentProvider.MANUAL, None) is None


@given(st.sampled_from(list(PaymentProvider)), st.sampled_from(["0712 345 678", "+255712345678", "255712345678"]))
def test_a_payer_phone_given_is_in_e164_whatever_the_provider(provider: PaymentProvider, phone: str) -> None:
    assert payer_phone(provider, phone) == "+255712345678"


@given(st.sampled_from([PaymentProvider.MOBILEMONEY, PaymentProvider.MOBILEMONEY_SESSION]))
def test_a_mobile_money_order_without_a_phone_is_refused_naming_the_field(provider: PaymentProvider) -> None:
    with pytest.raises(ValidationError) as missing:
        payer_phone(provider, None)
    assert missing.value.field == "phone"


@given(st.integers(1, 100_000_000), st.integers(1, 4_000_000))
def test_every_message_names_the_amount_and_the_credits(amount: int, credits: int) -> None:
    for text in (push_message("+255712345678", amount, credits), checkout_message("https://pay/x", amount, credits),
                 manual_message("abc123", amount, credits)):
        assert f"{amount:,} TZS" in text and f"{credits:,} credits" in text
    assert "+255712345678" in push_message("+255712345678", amount, credits)
    assert "abc123" in manual_message("abc123", amount, credits)
