"""What to do next, for an operator who hit an error.

The domain's messages are shared with the HTTP API, so the CLI does not edit them: this table
turns an error into a line that names the thing the operator typed and the command that helps,
e.g. `error: no account shop@x.com (not_found) — ujumbe accounts list`. A rule is keyed by the
error's `code`, the command it was raised under, and, where one command may not find two things,
the `field` the error names: never by the message's wording, which may change. Only human output
carries a hint; `--json` errors stay `{"error": {"code", "message"}}`.
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from domain.errors import DomainError


@dataclass(frozen=True)
class Hint:
    code: str
    hint: str  # the next step; {param} is the value the operator gave for that argument
    commands: tuple[str, ...] = ()  # only under these commands, e.g. "payments confirm" (() for any)
    fields: tuple[str | None, ...] = ()  # only for errors naming one of these fields (() for any)
    message: str = ""  # the error said the operator's way; "" keeps the domain's message


# The first rule that fits wins; a rule naming an argument the command lacks does not fit.
HINTS: tuple[Hint, ...] = (
    # Every command that takes an EMAIL looks its account up first (`email` names that refusal).
    Hint("not_found", "ujumbe accounts list", fields=("email",), message="no account {email}"),
    Hint("not_found", "ujumbe campaigns list", commands=("campaigns show", "campaigns watch", "campaigns cancel"),
         message="no campaign {campaign_id}"),
    Hint("not_found", "ujumbe payments list", commands=("payments show", "payments confirm", "payments fail"),
         message="no payment order {order_id}"),
    Hint("not_found", "the account's lists: GET /v1/contact-lists", commands=("contacts import",),
         message="{email} has no contact list {list_id}"),
    Hint("not_found", "ujumbe senders list {email}", fields=("sender_id",)),
    Hint("not_found", "ujumbe packages list", fields=("package_id",)),
    # Anything else an EMAIL command does not find is that account, gone since it was looked up.
    Hint("not_found", "ujumbe accounts list", fields=(None,), message="no account {email}"),
    Hint("email_taken", "ujumbe accounts show {email}", message="an account {email} already exists"),
    Hint("insufficient_credits", "ujumbe credits grant {email} AMOUNT"),
    Hint("insufficient_credits", "ujumbe credits grant EMAIL AMOUNT"),
    Hint("illegal_transition", "ujumbe payments show {order_id}", commands=("payments confirm", "payments fail")),
    Hint("campaign_not_cancellable", "ujumbe campaigns show {campaign_id}"),
    Hint("invalid_phone_number", "a Tanzanian mobile number: 07.., 06.., +255.. or 255.."),
    Hint("payload_too_large", "split the file into smaller ones and import each"),
)


def hint_for(ctx: click.Context, error: DomainError) -> tuple[str, str | None]:
    """The message to show and the hint, for a domain error raised under the command of `ctx`."""
    path = " ".join(ctx.command_path.split()[1:])  # "accounts show", without the program's name
    params = {name: value for name, value in ctx.params.items() if value is not None}
    for rule in HINTS:
        if rule.code != error.code or (rule.fields and error.field not in rule.fields):
            continue
        if rule.commands and path not in rule.commands:
            continue
        try:
            hint = rule.hint.format(**params)
            shown = rule.message.format(**params) if rule.message else error.message
        except (KeyError, IndexError):  # this command has not the argument the rule names
            continue
        return shown, hint
    return error.message, None


def hint_for_exception(exc: BaseException) -> str | None:
    """The next step for a failure outside the domain: the database missing, unreachable or not
    migrated. A library's wrapper (procrastinate's ConnectorException) is looked through to its cause."""
    seen: BaseException | None = exc
    while seen is not None:
        kind, text = type(seen).__name__, str(seen)
        if kind in ("UndefinedTable", "UndefinedColumn", "UndefinedFunction", "UndefinedObject") or (
                "relation" in text and "does not exist" in text):
            return ("the database is not migrated: run this from the project folder (or with the server's "
                    "UJUMBE_DATA_DIR / UJUMBE_DATABASE_URL), or ujumbe migrate for a new one")
        if kind in ("OperationalError", "PoolTimeout", "ConnectionTimeout"):
            return "is PostgreSQL running and UJUMBE_DATABASE_URL right? then: ujumbe migrate"
        seen = seen.__cause__ or seen.__context__
    return None
