"""GET /simulator/checkout/{reference}: the hosted checkout page of the mobile-money simulator.

A `mobilemoney-session` order's `checkout_url` points here when `UJUMBE_MOBILE_MONEY=simulator`
(mounted only then, and not part of the API document: a real aggregator hosts its own page). The
simulated payer pays by themself after `UJUMBE_SIMULATOR_PAYMENT_DELAY` seconds; the page says
where the payment stands.
"""

from __future__ import annotations

from html import escape

from litestar import Controller, MediaType, Response, get
from litestar.datastructures import State
from litestar.params import FromPath

from application.ports import ProviderState

_SAYS = {
    ProviderState.WAITING: "Waiting for the simulated payer: it is paid (or declined) in a few seconds.",
    ProviderState.PAID: "Paid. The order is confirmed and its credits granted.",
    ProviderState.FAILED: "Declined by the simulated payer",
    ProviderState.UNKNOWN: "No checkout with this reference.",
}


class SimulatorCheckoutController(Controller):
    path = "/simulator/checkout"
    include_in_schema = False

    @get("/{reference:str}", media_type=MediaType.HTML)
    async def checkout(self, state: State, reference: FromPath[str]) -> Response[str]:
        """The simulated checkout page of one order."""
        result = await state.container.mobile_money_simulator().status(reference)
        says = _SAYS[result.state] + (f": {result.reason}." if result.state is ProviderState.FAILED else "")
        amount = f"<p>{result.amount:,} {escape(result.currency or '')}</p>" if result.amount else ""
        page = (f"<!doctype html><title>ujumbe checkout (simulator)</title><h1>Mobile-money checkout"
                f" (simulator)</h1><p>Order {escape(reference)}</p>{amount}<p>{escape(says)}</p>")
        return Response(page, status_code=404 if result.state is ProviderState.UNKNOWN else 200)
