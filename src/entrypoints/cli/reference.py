"""`ujumbe packages|templates list | set | history`: the operator's side of the public reference
data, with what every reference command shares (`--by`, the change log). Every change is recorded
with who (`--by`, the OS user by default) and when; an order already created keeps the price it
was sold at. The rate cards' commands are in `entrypoints.cli.rate_cards`."""

from __future__ import annotations

import getpass
from typing import Any

import click

from application.ports import ReferenceChange, ReferenceKind, Template
from application.reference import PackageChange, TemplateChange
from domain.pricing import CreditPackage
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import Col, busy, command, emit_table


def _operator() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a bare container)
        return "operator"


by_option = click.option("--by", "changed_by", default=_operator, show_default="the OS user",
                         help="Who made the change, for the change log.")
limit_option = click.option("--limit", default=50, show_default=True, type=int, help="How many changes to show.")


def _package(package: CreditPackage) -> dict[str, Any]:
    return {"id": package.id, "name": package.name, "credits": package.credits, "price_tzs": package.price_tzs,
            "price_per_credit": package.price_per_credit, "active": package.active}


def _template(template: Template) -> dict[str, Any]:
    return {"id": template.id, "name": template.name, "category": template.category, "body": template.body,
            "placeholders": list(template.placeholders), "encoding": template.encoding, "parts": template.parts,
            "active": template.active}


def _on_sale(active: bool) -> str:
    return "on sale" if active else "retired"


def _packages(data: Any, found: list[CreditPackage]) -> None:
    emit_table(data, (Col("id", right=True), "name", Col("credits", right=True), Col("price", right=True),
                      Col("per credit", right=True), Col("status", status=True)),
               [(p.id, p.name, f"{p.credits:,}", f"{p.price_tzs:,} TZS", f"{p.price_per_credit} TZS/credit",
                 _on_sale(p.active)) for p in found], empty="no packages")


def _templates(data: Any, found: list[Template]) -> None:
    emit_table(data, ("id", "category", "encoding", Col("parts", right=True), "name", Col("status", status=True)),
               [(t.id, t.category, t.encoding, t.parts, t.name, "active" if t.active else "retired")
                for t in found], empty="no templates")


def _history(changes: list[ReferenceChange]) -> None:
    emit_table([{"kind": c.kind, "key": c.key, "before": c.before, "after": c.after, "changed_by": c.changed_by,
                 "changed_at": c.changed_at} for c in changes],
               ("changed (UTC)", "what", "by", "change"),
               [(c.changed_at, f"{c.kind} {c.key}", c.changed_by, _difference(c.before, c.after)) for c in changes],
               empty="no changes")


def _difference(before: dict[str, object] | None, after: dict[str, object] | None) -> str:
    if before is None:
        return f"created {after}"
    if after is None:
        return "removed"
    return ", ".join(f"{name} {before.get(name)!r} -> {value!r}" for name, value in after.items()
                     if before.get(name) != value)


def history_command(group: click.Group, kind: ReferenceKind) -> None:
    @command(group, "history", epilog=f"\b\nExamples:\n  ujumbe {group.name} history\n"
                                      f"  ujumbe {group.name} history --limit 5 --json")
    @limit_option
    async def history(limit: int) -> None:
        """The changes, newest first: who, when, before and after."""
        with busy("reading the changes"):
            async with services() as c:
                changes = await c.reference_history()(kind, limit)
        _history(changes)


def _active(retire: bool, restore: bool) -> bool | None:
    if retire and restore:
        raise click.UsageError("--retire and --restore exclude each other.")
    return False if retire else True if restore else None


@cli.group()
def packages() -> None:
    """The credit packages on sale (GET /v1/packages).

    \b
    Examples:
      ujumbe packages list
      ujumbe packages set 1 --price 3000 --by asha
    """


@command(packages, "list")
@click.option("--all", "include_retired", is_flag=True, help="Retired packages too.")
async def list_packages(include_retired: bool) -> None:
    """The packages, cheapest first.

    \b
    Examples:
      ujumbe packages list
      ujumbe packages list --all
    """
    async with services() as c:
        found = await c.list_packages()(include_retired)
    _packages([_package(p) for p in found], found)


@command(packages, "set")
@click.argument("package_id", metavar="ID", type=int)
@click.option("--name", default=None)
@click.option("--credits", type=int, default=None)
@click.option("--price", "price_tzs", type=int, default=None, help="Price in TZS.")
@click.option("--retire", is_flag=True, help="No longer sold (orders that name it keep it).")
@click.option("--restore", is_flag=True, help="On sale again.")
@by_option
async def set_package(package_id: int, name: str | None, credits: int | None, price_tzs: int | None,
                      retire: bool, restore: bool, changed_by: str) -> None:
    """Create package ID (--name, --credits and --price) or change what is given.

    \b
    Examples:
      ujumbe packages set 5 --name Biashara --credits 20000 --price 500000
      ujumbe packages set 1 --price 3000 --by asha
      ujumbe packages set 5 --retire
    """
    change = PackageChange(package_id, changed_by, name, credits, price_tzs, _active(retire, restore))
    async with services() as c:
        package = await c.set_package()(change)
    _packages(_package(package), [package])


history_command(packages, "package")


@cli.group()
def templates() -> None:
    """The compose templates (GET /v1/templates).

    \b
    Examples:
      ujumbe templates list
    """


@command(templates, "list")
@click.option("--all", "include_retired", is_flag=True, help="Retired templates too.")
async def list_templates(include_retired: bool) -> None:
    """The templates, by category then name.

    \b
    Examples:
      ujumbe templates list
      ujumbe templates list --all --json
    """
    async with services() as c:
        found = await c.list_templates()(include_retired)
    _templates([_template(t) for t in found], found)


@command(templates, "set")
@click.argument("template_id", metavar="ID")
@click.option("--name", default=None)
@click.option("--category", default=None, help="otp, reminder, payment, marketing, greeting, ...")
@click.option("--body", default=None, help="The text, with {placeholders} such as {first_name}.")
@click.option("--retire", is_flag=True, help="No longer offered.")
@click.option("--restore", is_flag=True, help="Offered again.")
@by_option
async def set_template(template_id: str, name: str | None, category: str | None, body: str | None,
                       retire: bool, restore: bool, changed_by: str) -> None:
    """Create template ID, a slug (--name, --category and --body), or change what is given.

    \b
    Examples:
      ujumbe templates set payment-reminder --name "Payment reminder" --category reminder \\
          --body "Habari {first_name}, malipo yako yanasubiriwa."
      ujumbe templates set payment-reminder --retire
    """
    change = TemplateChange(template_id, changed_by, name, category, body, _active(retire, restore))
    async with services() as c:
        template = await c.set_template()(change)
    _templates(_template(template), [template])


history_command(templates, "template")
