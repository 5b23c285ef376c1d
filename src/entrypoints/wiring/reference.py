"""Reference data: the rate card, packages, templates and voucher tiers, read by customers and set
by operators, with the history of their changes."""

from __future__ import annotations

from dependency_injector import providers

from application.reference import (
    FindCountryRate,
    GetVoucherRateCard,
    ListCountryRates,
    ListPackages,
    ListTemplates,
    ReferenceHistory,
    SetCountryRate,
    SetPackage,
    SetTemplate,
    SetVoucherRateCard,
)
from entrypoints.wiring.core import Core

clock, uow = Core.clock, Core.uow


class Reference(Core):
    list_country_rates = providers.Factory(ListCountryRates, uow=uow.provider)
    find_country_rate = providers.Factory(FindCountryRate, uow=uow.provider)
    list_packages = providers.Factory(ListPackages, uow=uow.provider)
    list_templates = providers.Factory(ListTemplates, uow=uow.provider)
    get_voucher_rate_card = providers.Factory(GetVoucherRateCard, uow=uow.provider)
    reference_history = providers.Factory(ReferenceHistory, uow=uow.provider)
    set_package = providers.Factory(SetPackage, uow=uow.provider, clock=clock)
    set_template = providers.Factory(SetTemplate, uow=uow.provider, clock=clock)
    set_country_rate = providers.Factory(SetCountryRate, uow=uow.provider, clock=clock)
    set_voucher_rate_card = providers.Factory(SetVoucherRateCard, uow=uow.provider, clock=clock)
