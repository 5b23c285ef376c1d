"""Buying credits: the packages on sale and the voucher calculator (what an amount buys by the
rate card's tiers, shown as it is typed), a purchase paid by USSD push to a verified payer phone
or on the provider's checkout page, each order's page (live until the payer has answered), and
the account's orders.

The figures are the use cases' that the REST API calls: the calculator asks `QuoteVoucher`,
which prices an amount exactly as `OrderVoucher` will; an order is `OrderPackage` or
`OrderVoucher` with the API's rules (a verified payer phone, else `phone_not_verified`); and an
order is read back with `GetPaymentOrder`, scoped to the signed-in account, so another
account's order id is the not-found page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery
from litestar.response import Redirect, Template

from application.payments.orders import PackageOrderRequest, VoucherOrderRequest
from domain.errors import DomainError, NotFound
from domain.ids import form_operation_id
from domain.payment_orders import PROVIDERS_OF, OrderSource, PaymentProvider
from domain.payments import PaymentStatus
from domain.pricing import CreditPackage
from domain.vouchers import VoucherPrice
from entrypoints.web.i18n import _
from entrypoints.web.messages import message_of
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.statuses import PAYMENT_METHODS
from entrypoints.web.templating import page

ORDERS_PER_PAGE = 10
# What the page offers: paying by hand (an operator confirms it) is ordered through the API.
OFFERED = (PaymentProvider.MOBILEMONEY, PaymentProvider.MOBILEMONEY_SESSION)
ORDER_STATUSES = {
    PaymentStatus.PENDING.value: _("Waiting for payment"),
    PaymentStatus.CONFIRMED.value: _("Paid"),
    PaymentStatus.FAILED.value: _("Failed"),
}
SOURCES = {OrderSource.PACKAGE.value: _("Package"), OrderSource.VOUCHER.value: _("Any amount")}
_AMOUNT = re.compile(r"[0-9]{1,12}")
_GROUPING = re.compile(r"[\s,]")  # `5,000` or `5 000`: thousands as people write them


@dataclass(frozen=True, slots=True)
class Purchase:
    """What the buyer chose: a package, or a voucher for an amount (priced as its order will be)."""

    amount: int  # TZS
    credits: int
    package: CreditPackage | None = None
    price: VoucherPrice | None = None

    @property
    def methods(self) -> dict[str, str]:
        """The ways this kind of order may be paid, as the page offers them."""
        source = OrderSource.PACKAGE if self.package else OrderSource.VOUCHER
        return {p.value: PAYMENT_METHODS[p.value] for p in PROVIDERS_OF[source] if p in OFFERED}

    @property
    def query(self) -> str:
        """The buy page's query for this purchase."""
        return f"package={self.package.id}" if self.package else f"amount={self.amount}"


def _order_id(viewer: Viewer, form_key: str, purchase: Purchase, provider: str, phone: str,
              attempt: int) -> str | None:
    """The id of the order a buy form places at its `attempt`-th payment: the same for every post
    of one form (a double click, a reload, the back button), so the use case finds that order
    rather than placing and prompting another; another once the form changed (another way to pay,
    another phone) or its payment failed (the next attempt); made from the account too, so no form
    names another account's order."""
    return form_operation_id(form_key, viewer.account_id, purchase.query, provider, phone, str(attempt))


class AmountRefused(Exception):
    """The calculator's amount buys nothing: `message` (a msgid) says why, `status` as the API's."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def _amount_of(text: str) -> int:
    """The amount typed, in whole shillings, thousands grouped or not."""
    digits = _GROUPING.sub("", text)
    if not _AMOUNT.fullmatch(digits):
        raise AmountRefused(400, message_of("validation_error", "amount"))
    return int(digits)


async def _quote(request: Request[Any, Any, Any], text: str) -> VoucherPrice:
    try:
        return await use_cases(request).quote_voucher()(_amount_of(text))  # type: ignore[no-any-return]
    except DomainError as exc:
        raise AmountRefused(*refusal(exc)) from exc


async def _package(request: Request[Any, Any, Any], package_id: str) -> CreditPackage:
    """A package on sale, else the not-found page (as the API's 404 for an order naming another)."""
    for package in await use_cases(request).list_packages()():
        if str(package.id) == package_id.strip():
            return package  # type: ignore[no-any-return]
    raise NotFound("No such package is on sale.", field="package_id")


async def _purchase(request: Request[Any, Any, Any], package_id: str | None, amount: str) -> Purchase:
    if package_id:
        package = await _package(request, package_id)
        return Purchase(amount=package.price_tzs, credits=package.credits, package=package)
    price = await _quote(request, amount)
    return Purchase(amount=price.amount_tzs, credits=price.credits, price=price)


class CreditPages(Controller):
    path = "/credits"

    async def _catalogue(self, request: Request[Any, Any, Any], viewer: Viewer, *, page_number: int = 1,
                         amount: str = "", status_code: int = 200, error: str | None = None) -> Template:
        """The credits page: balance, packages, rate card and calculator, payer phones, orders."""
        container = use_cases(request)
        orders = await container.list_payment_orders()(viewer.account_id, page_number, ORDERS_PER_PAGE)
        return page(
            request, "credits.html", status_code=status_code, viewer=viewer,
            balance=(await container.get_balance()(viewer.account_id)).balance,
            packages=await container.list_packages()(), card=await container.get_voucher_rate_card()(),
            phones=await container.list_payer_phones()(viewer.account_id), orders=orders,
            amount=amount, quote=None, error=error,
            statuses=ORDER_STATUSES, sources=SOURCES)

    @get("/")
    async def credits(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                      page: FromQuery[int] = 1) -> Template:
        return await self._catalogue(request, viewer, page_number=page)

    @get("/quote")
    async def quote(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                    amount: FromQuery[str] = "") -> Template:
        """The calculator's answer as the amount is typed (htmx swaps it in below the field). A
        refused amount is an answer too (200), so htmx shows it."""
        quote, error = None, None
        if amount.strip():
            try:
                quote = await _quote(request, amount)
            except AmountRefused as refused:
                error = refused.message
        return page(request, "_voucher_quote.html", quote=quote, error=error)

    async def _buy_page(self, request: Request[Any, Any, Any], viewer: Viewer, purchase: Purchase, *,
                        status_code: int = 200, provider: str = PaymentProvider.MOBILEMONEY.value,
                        phone: str | None = None, form_key: str | None = None, error: str | None = None,
                        error_field: str | None = None) -> Template:
        container = use_cases(request)
        phones = await container.list_payer_phones()(viewer.account_id)
        chosen = phone if phone is not None else next(iter(phones), "")
        return page(request, "buy.html", status_code=status_code, viewer=viewer, purchase=purchase, phones=phones,
                    provider=provider, phone=chosen, form_key=form_key or container.ids().new_id(), error=error,
                    error_field=error_field)

    @get("/buy")
    async def buy_form(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                       package: FromQuery[str | None] = None, amount: FromQuery[str] = "") -> Template:
        """How to pay for a package or an amount; an amount that buys nothing goes back to the
        calculator, saying why."""
        try:
            purchase = await _purchase(request, package, amount)
        except AmountRefused as refused:
            return await self._catalogue(request, viewer, amount=amount, status_code=refused.status,
                                         error=refused.message)
        return await self._buy_page(request, viewer, purchase)

    @post("/buy")
    async def buy(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        """The order, as the API places it; then its page, which follows the payment."""
        form = await form_of(request)
        try:
            purchase = await _purchase(request, form.get("package"), form.get("amount", ""))
        except AmountRefused as refused:
            return await self._catalogue(request, viewer, amount=form.get("amount", ""),
                                         status_code=refused.status, error=refused.message)
        provider, phone, form_key = form.get("provider", ""), form.get("phone", ""), form.get("form_key", "")
        if provider not in purchase.methods:
            return await self._buy_page(request, viewer, purchase, status_code=400, provider=provider, phone=phone,
                                        form_key=form_key, error=message_of("validation_error", "provider"),
                                        error_field="provider")
        attempt = 0  # paying again after a failed payment (back, then Pay): the next order, a new prompt
        order_id = _order_id(viewer, form_key, purchase, provider, phone, attempt)
        while order_id is not None and await self._did_not_go_through(request, viewer, order_id):
            attempt += 1
            order_id = _order_id(viewer, form_key, purchase, provider, phone, attempt)
        try:
            order = await self._order(request, viewer, purchase, provider, phone, order_id)
        except DomainError as exc:
            status, message = refusal(exc)
            return await self._buy_page(request, viewer, purchase, status_code=status, provider=provider,
                                        phone=phone, form_key=form_key, error=message, error_field=exc.field)
        return Redirect(path=f"/credits/orders/{order.id}", status_code=303)

    @staticmethod
    async def _did_not_go_through(request: Request[Any, Any, Any], viewer: Viewer, order_id: str) -> bool:
        """Whether the form's order was placed and its payment failed."""
        try:
            order = await use_cases(request).get_payment_order()(viewer.account_id, order_id)
        except NotFound:
            return False
        return order.status is PaymentStatus.FAILED

    @staticmethod
    async def _order(request: Request[Any, Any, Any], viewer: Viewer, purchase: Purchase, provider: str,
                     phone: str, order_id: str | None) -> Any:
        container = use_cases(request)
        if purchase.package is not None:
            return await container.order_package()(PackageOrderRequest(
                account_id=viewer.account_id, package_id=purchase.package.id, provider=provider, phone=phone,
                order_id=order_id))
        return await container.order_voucher()(VoucherOrderRequest(
            account_id=viewer.account_id, amount=purchase.amount, provider=provider, phone=phone or None,
            order_id=order_id))

    @get("/orders/{order_id:uuid}")
    async def order(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                    order_id: FromPath[UUID]) -> Template:
        """One order of the account as it stands; htmx asks again for its status part every few
        seconds until the order is paid or has failed."""
        container = use_cases(request)
        order = await container.get_payment_order()(viewer.account_id, str(order_id))
        balance = None
        if order.status is PaymentStatus.CONFIRMED:
            balance = (await container.get_balance()(viewer.account_id)).balance
        name = "_order.html" if request.headers.get("hx-request") else "order.html"
        return page(request, name, viewer=viewer, order=order, balance=balance, statuses=ORDER_STATUSES,
                    sources=SOURCES, methods=PAYMENT_METHODS)
