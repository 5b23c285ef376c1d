"""/v1/payments and /v1/vouchers: buying credits. A package order (USSD push), a voucher order
(push, hosted checkout or manual), the payer phones an account verifies first, and the
account's orders read back. Another account's order is 404 `not_found`."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Annotated, Any, ClassVar

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from application.idempotency import IdempotencyGate
from application.payments.orders import (
    GetPaymentOrder,
    ListPaymentOrders,
    OrderPackage,
    OrderVoucher,
    PackageOrderRequest,
    VoucherOrderRequest,
)
from application.accounts.phone_verification import OTP_PATTERN, SendPayerOtp, VerifyPayerPhone
from domain.errors import InvalidOtp, InvalidPhoneNumber, NotFound, OtpThrottled, PhoneNotVerified
from domain.ids import lookup_id
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from domain.payment_orders import PROVIDERS_OF, OrderSource, needs_phone
from domain.payments import PaymentOrder, PaymentStatus
from domain.vouchers import MAX_VOUCHER_TZS
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.controllers.auth import OtpSentBody, PhoneOtpRequest
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.idempotency import IDEMPOTENCY_PARAMETERS, REPLAY_RESPONSE_HEADERS, idempotent
from entrypoints.http.openapi_components import Variant, Variants
from entrypoints.http.ratelimit import client_ip
from entrypoints.http.validation import Number, RequestBody, documented, page_parameters

PAGE, PER_PAGE = page_parameters(MAX_PER_PAGE)
STATUS = QueryParameter(description="Only orders in this status; empty for any.",
                        schema_extra={"enum": ["", *(status.value for status in PaymentStatus)]})
PACKAGE_ORDER_ERRORS = (InvalidPhoneNumber, NotFound, PhoneNotVerified)
VOUCHER_ORDER_ERRORS = (InvalidPhoneNumber, PhoneNotVerified)


def _providers(source: OrderSource) -> list[str]:
    return [provider.value for provider in PROVIDERS_OF[source]]


def _providers_needing_phone(needed: bool) -> tuple[str, ...]:
    """The voucher providers that need the payer's phone, or those that do not."""
    return tuple(provider.value for provider in PROVIDERS_OF[OrderSource.VOUCHER] if needs_phone(provider) == needed)


PayerNumber = Annotated[str, documented(description=(
    "The payer's Tanzanian mobile number, verified for the account first: the account's own verified phone, "
    "or one verified with POST /v1/vouchers/otp/send and /otp/verify (else 409 phone_not_verified)."))]


VoucherPayerNumber = Annotated[str, documented(description=(
    "Required for mobilemoney and mobilemoney-session (else 400 validation_error, field phone); optional for "
    "manual. The payer's Tanzanian mobile number, verified for the account first, as for a package (else 409 "
    "phone_not_verified)."))]


class PackageOrderRequestBody(RequestBody, kw_only=True):
    package_id: Annotated[int, documented(description="A package on sale (GET /v1/packages); another is 404.")]
    provider: Annotated[str, documented(enum=_providers(OrderSource.PACKAGE))]
    phone: PayerNumber


class VoucherOrderRequestBody(RequestBody, kw_only=True):
    amount: Annotated[int, documented(minimum=1, maximum=MAX_VOUCHER_TZS, description=(
        "TZS, at least the rate card's min_amount_tzs (GET /v1/vouchers/rate); below it, 400 validation_error."))]
    provider: Annotated[str, documented(enum=_providers(OrderSource.VOUCHER), description=(
        "mobilemoney: a USSD prompt to `phone`; mobilemoney-session: a hosted checkout page for `phone`, its link "
        "in checkout_message and checkout_url; manual: paid by hand, quoting the reference, and confirmed by an "
        "operator."))]
    phone: VoucherPayerNumber | None = None

    # The document's statement of the rule `payer_phone` enforces (a null phone is an absent one).
    document_variants: ClassVar[Variants] = Variants("provider", (
        Variant("MobileMoneyVoucherOrderRequest", _providers_needing_phone(True), required=("phone",)),
        Variant("ManualVoucherOrderRequest", _providers_needing_phone(False)),
    ), description="By provider: either mobile-money provider takes the payer's phone (required, a string); "
                   "manual takes it or not.")


class PayerOtpVerifyRequest(RequestBody, kw_only=True):
    phone: Number
    otp: Annotated[str, documented(pattern=OTP_PATTERN, description="The 6-digit code sent to the phone.")]


class PaymentOrderBody(ResponseBody, kw_only=True):
    id: str
    reference: str  # the order at the provider, and what a manual payment quotes
    status: PaymentStatus
    source: str
    provider: str
    amount: int
    currency: str
    credit_amount: int
    rate_tzs_per_credit: float | None  # the voucher tier's rate the order was priced at
    leftover_tzs: int  # TZS of the amount that buy no whole credit (not refunded)
    checkout_message: str
    checkout_url: str | None
    package_id: int | None
    payer_phone: str | None = msgspec.field(name="phone")
    failure_reason: str | None
    created_at: datetime
    confirmed_at: datetime | None
    failed_at: datetime | None


class PaymentOrderPageBody(ResponseBody, kw_only=True):
    orders: list[PaymentOrderBody]
    page: int
    per_page: int
    total: int


class PayerPhoneBody(ResponseBody, kw_only=True):
    phone: str
    verified: bool
    verified_at: datetime


def _failed(body: PaymentOrderBody) -> bool:
    """An order the provider refused is answered, not kept under its Idempotency-Key: nothing
    was pushed, so a retry is a new order."""
    return body.status is PaymentStatus.FAILED


async def _order_package(order_package: OrderPackage, principal: Principal, data: PackageOrderRequestBody,
                         order_id: str | None) -> PaymentOrderBody:
    placed = await order_package(PackageOrderRequest(account_id=principal.account_id, package_id=data.package_id,
                                                     provider=data.provider, phone=data.phone, order_id=order_id))
    return body_of(placed, PaymentOrderBody)


async def _order_voucher(order_voucher: OrderVoucher, principal: Principal, data: VoucherOrderRequestBody,
                         order_id: str | None) -> PaymentOrderBody:
    placed = await order_voucher(VoucherOrderRequest(account_id=principal.account_id, amount=data.amount,
                                                     provider=data.provider, phone=data.phone, order_id=order_id))
    return body_of(placed, PaymentOrderBody)


def order_body(order: PaymentOrder) -> PaymentOrderBody:
    return body_of(order, PaymentOrderBody)


_ORDERING = {"principal": authenticated(JWT, API_KEY), "idempotency": provide(Container.idempotency)}


class PaymentsController(Controller):
    path = "/v1/payments"
    tags = ["payments"]

    @post("/", operation_id="createPackageOrder", status_code=201, opt={"errors": PACKAGE_ORDER_ERRORS},
          parameters=IDEMPOTENCY_PARAMETERS, response_headers=REPLAY_RESPONSE_HEADERS,
          dependencies={**_ORDERING, "order_package": provide(Container.order_package)})
    async def create(self, request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                     data: JSONBody[PackageOrderRequestBody], order_package: NamedDependency[OrderPackage],
                     idempotency: NamedDependency[IdempotencyGate]) -> Response[Envelope[PaymentOrderBody]]:
        """Buy a package: a USSD prompt goes to the verified payer phone; the order is `pending`
        until the payer approves (or `failed` at once, with the provider's reason, if it refused)."""
        return await idempotent(request, principal, idempotency,
                                partial(_order_package, order_package, principal, data), status_code=201,
                                failed=_failed)

    @get("/", operation_id="listPaymentOrders", dependencies={
        "principal": authenticated(JWT, API_KEY), "list_payment_orders": provide(Container.list_payment_orders)})
    async def list_orders(self, principal: NamedDependency[Principal],
                          list_payment_orders: NamedDependency[ListPaymentOrders], page: Annotated[int, PAGE] = 1,
                          per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE,
                          status: Annotated[str | None, STATUS] = None) -> Envelope[PaymentOrderPageBody]:
        """The account's payment orders, newest first, optionally of one status."""
        found = await list_payment_orders(principal.account_id, page, per_page, status)
        return ok(PaymentOrderPageBody(orders=[order_body(o) for o in found.orders], page=found.page,
                                       per_page=found.per_page, total=found.total))

    @get("/{order_id:str}", operation_id="getPaymentOrder", opt={"errors": (NotFound,)}, dependencies={
        "principal": authenticated(JWT, API_KEY), "get_payment_order": provide(Container.get_payment_order)})
    async def get_order(self, principal: NamedDependency[Principal], order_id: FromPath[str],
                        get_payment_order: NamedDependency[GetPaymentOrder]) -> Envelope[PaymentOrderBody]:
        """One payment order of the account, as it stands now."""
        return ok(order_body(await get_payment_order(principal.account_id, lookup_id(order_id))))


class VouchersController(Controller):
    path = "/v1/vouchers"
    tags = ["payments"]

    @post("/", operation_id="createVoucherOrder", status_code=201, opt={"errors": VOUCHER_ORDER_ERRORS},
          parameters=IDEMPOTENCY_PARAMETERS, response_headers=REPLAY_RESPONSE_HEADERS,
          dependencies={**_ORDERING, "order_voucher": provide(Container.order_voucher)})
    async def create(self, request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                     data: JSONBody[VoucherOrderRequestBody], order_voucher: NamedDependency[OrderVoucher],
                     idempotency: NamedDependency[IdempotencyGate]) -> Response[Envelope[PaymentOrderBody]]:
        """Buy credits for any amount from the rate card's minimum: credits by the tier holding
        the amount (integer division); `leftover_tzs` says what buys nothing."""
        return await idempotent(request, principal, idempotency,
                                partial(_order_voucher, order_voucher, principal, data), status_code=201,
                                failed=_failed)

    @post("/otp/send", operation_id="sendPayerOtp", status_code=200,
          opt={"errors": (InvalidPhoneNumber, OtpThrottled)},
          dependencies={"principal": authenticated(JWT, API_KEY), "send_payer_otp": provide(Container.send_payer_otp)})
    async def send_otp(self, request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                       data: JSONBody[PhoneOtpRequest],
                       send_payer_otp: NamedDependency[SendPayerOtp]) -> Envelope[OtpSentBody]:
        """Text a 6-digit code (valid 5 minutes) to a phone the account wants to pay from; not charged.
        Capped as the account's own phone codes are, counted together with them (429 `otp_throttled`)."""
        sent = await send_payer_otp(principal.account_id, data.phone, client_ip(request.scope))
        return ok(body_of(sent, OtpSentBody))

    @post("/otp/verify", operation_id="verifyPayerPhone", status_code=200,
          opt={"errors": (InvalidPhoneNumber, InvalidOtp)},
          dependencies={"principal": authenticated(JWT, API_KEY),
                        "verify_payer_phone": provide(Container.verify_payer_phone)})
    async def verify_otp(self, principal: NamedDependency[Principal], data: JSONBody[PayerOtpVerifyRequest],
                         verify_payer_phone: NamedDependency[VerifyPayerPhone]) -> Envelope[PayerPhoneBody]:
        """Check the code: the phone may pay the account's orders (its own phone is unchanged)."""
        return ok(body_of(await verify_payer_phone(principal.account_id, data.phone, data.otp), PayerPhoneBody))
