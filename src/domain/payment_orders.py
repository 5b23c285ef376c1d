"""What an order may be paid with, and what the payer is told to do (decision: payment orders).

A package is paid by USSD push only (`mobilemoney`). A voucher may also be paid on a hosted
checkout page (`mobilemoney-session`, the hosted-checkout variant of mobile money) or by hand
(`manual`: the payer pays the operator, quoting the order's reference, and an operator confirms).
Both mobile-money providers need the payer's phone: a push prompts it, and the checkout page is
opened for it. A manual order needs none.
"""

from __future__ import annotations

from enum import StrEnum

from domain.accounts import phone_of
from domain.errors import ValidationError


class OrderSource(StrEnum):
    PACKAGE = "package"
    VOUCHER = "voucher"


class PaymentProvider(StrEnum):
    MOBILEMONEY = "mobilemoney"  # a USSD prompt pushed to the payer's phone
    MOBILEMONEY_SESSION = "mobilemoney-session"  # a hosted checkout page
    MANUAL = "manual"  # paid outside the platform, confirmed by an operator


PROVIDERS_OF: dict[OrderSource, tuple[PaymentProvider, ...]] = {
    OrderSource.PACKAGE: (PaymentProvider.MOBILEMONEY,),
    OrderSource.VOUCHER: tuple(PaymentProvider),
}


def provider_for(source: OrderSource, value: str) -> PaymentProvider:
    """The provider `value` names, if an order of `source` may be paid with it."""
    allowed = PROVIDERS_OF[source]
    if value not in {p.value for p in allowed}:
        names = ", ".join(p.value for p in allowed)
        raise ValidationError(f"A {source} order is paid with provider {names}.", field="provider")
    return PaymentProvider(value)


def needs_phone(provider: PaymentProvider) -> bool:
    """Whether the payer's phone is required: for either mobile-money provider, not by hand."""
    return provider is not PaymentProvider.MANUAL


def payer_phone(provider: PaymentProvider, phone: str | None) -> str | None:
    """The order's payer phone in E.164, `phone` as given; raises ValidationError (field `phone`)
    when the provider needs one and none is given, InvalidPhoneNumber when it is no number."""
    if phone is None:
        if needs_phone(provider):
            raise ValidationError(f"A {provider} order is paid from the payer's phone: phone is required.",
                                  field="phone")
        return None
    return phone_of(phone)


def push_message(phone: str, amount: int, credits: int) -> str:
    return (f"Check your phone {phone} and enter your mobile-money PIN to pay {amount:,} TZS for "
            f"{credits:,} credits. The prompt expires in a few minutes; if it does not appear, dial your "
            f"mobile-money menu and check pending approvals.")


def checkout_message(url: str, amount: int, credits: int) -> str:
    return f"Open {url} to pay {amount:,} TZS for {credits:,} credits with mobile money."


def checkout_pending_message(amount: int, credits: int) -> str:
    """Before the provider gave the checkout link (it could not be reached yet)."""
    return (f"Your order of {amount:,} TZS for {credits:,} credits is waiting for its checkout link; "
            f"check this order again in a minute.")


def manual_message(reference: str, amount: int, credits: int) -> str:
    return (f"Pay {amount:,} TZS by bank transfer or to the ujumbe M-Pesa till, quoting reference {reference}. "
            f"{credits:,} credits are added once an operator confirms the payment.")
