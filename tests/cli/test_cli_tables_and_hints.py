"""Human output: tables (rich on a terminal, plain aligned columns in a pipe), errors that say what
to do next; and `--json`, which none of that touches."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from psycopg.conninfo import make_conninfo

from domain.errors import NotFound
from entrypoints.cli.output import Col, command, emit_table
from tests_support import ujumbe

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture()
def env(clean_database: str, tmp_path: Path) -> dict[str, str]:
    # stdout is a pipe; TTY_COMPATIBLE=0 keeps it one even where the environment forces colour
    return {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path), "TTY_COMPATIBLE": "0"}


def _demo() -> click.Group:
    @click.group()
    def demo() -> None:
        """A group for the table helper alone."""

    @command(demo, "rows")
    @click.option("--none", is_flag=True)
    def rows(none: bool) -> None:
        found = [] if none else [("DUKA", 1500, "delivered"), ("Mama Ntilie", 7, "failed")]
        emit_table([{"sender": s, "credits": c, "status": st} for s, c, st in found],
                   ("sender", Col("credits", right=True), Col("status", status=True)), found, empty="no rows")

    return demo


def test_plain_table_when_stdout_is_not_a_terminal() -> None:
    result = CliRunner().invoke(_demo(), ["rows"], env={"TTY_COMPATIBLE": "0"})
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "sender       credits  status",
        "DUKA            1500  delivered",
        "Mama Ntilie        7  failed",
    ]
    assert CliRunner().invoke(_demo(), ["rows", "--none"], env={"TTY_COMPATIBLE": "0"}).output == "no rows\n"


def test_rich_table_when_stdout_is_a_terminal() -> None:
    result = CliRunner().invoke(_demo(), ["rows"], env={"TTY_COMPATIBLE": "1", "COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "\x1b[" in result.output  # styled for a terminal: bold headers, coloured statuses
    assert "\x1b[32mdelivered" in result.output and "\x1b[31mfailed" in result.output
    lines = [line.rstrip() for line in ANSI.sub("", result.output).splitlines()]
    assert lines[0].split() == ["sender", "credits", "status"]
    assert lines[1].split() == ["DUKA", "1500", "delivered"] and lines[2].split() == ["Mama", "Ntilie", "7", "failed"]
    assert lines[1].index("1500") + 4 == lines[2].index("7") + 1  # numbers right-aligned


def test_cells_stay_on_one_line_in_a_pipe_and_are_never_rich_markup() -> None:
    @click.group()
    def demo() -> None:
        """A group for the table helper alone."""

    @command(demo, "odd")
    def odd() -> None:
        emit_table([], ("text",), [("Habari\nMama",), ("[bold]DUKA[/bold]",)], title="[red]title[/red]")

    plain = CliRunner().invoke(demo, ["odd"], env={"TTY_COMPATIBLE": "0"}).output
    assert plain.splitlines() == ["[red]title[/red]", "text", "Habari\\nMama", "[bold]DUKA[/bold]"]
    rich = ANSI.sub("", CliRunner().invoke(demo, ["odd"], env={"TTY_COMPATIBLE": "1", "COLUMNS": "80"}).output)
    assert "[red]title[/red]" in rich and "[bold]DUKA[/bold]" in rich and "Habari" in rich


def test_json_skips_the_table() -> None:
    result = CliRunner().invoke(_demo(), ["rows", "--json"], env={"TTY_COMPATIBLE": "1"})
    assert result.output == ('[{"sender": "DUKA", "credits": 1500, "status": "delivered"}, '
                             '{"sender": "Mama Ntilie", "credits": 7, "status": "failed"}]\n')


def test_listing_commands_print_tables(env: dict[str, str]) -> None:
    for email in ("a@example.com", "b@example.com"):
        assert ujumbe("accounts", "create", "--email", email, "--password", "s3cret-pass", env=env).returncode == 0
    plain = ujumbe("accounts", "list", env=env)
    assert plain.returncode == 0, plain.stderr
    header, *rows = plain.stdout.splitlines()
    assert header.split() == ["id", "email", "plan", "phone", "phone", "verified", "business", "created"]
    assert "\x1b" not in plain.stdout
    assert [row[header.index("email"):].split()[0] for row in rows] == ["a@example.com", "b@example.com"]

    shown = ujumbe("accounts", "show", "a@example.com", env=env).stdout.splitlines()
    assert [line.split("  ")[0] for line in shown] == ["id", "email", "plan", "phone", "business",
                                                       "email verified", "live sessions", "created"]

    tty = ujumbe("packages", "list", env={**env, "TTY_COMPATIBLE": "1", "COLUMNS": "120"})
    assert tty.returncode == 0, tty.stderr
    assert "\x1b[" in tty.stdout
    text = ANSI.sub("", tty.stdout)
    assert text.splitlines()[0].split() == ["id", "name", "credits", "price", "per", "credit", "status"]
    assert "Starter" in text and "35.00 TZS/credit" in text

    card = ujumbe("vouchers", "list", env=env).stdout.splitlines()
    assert card[0] == "smallest top-up: 1,000 TZS" and card[-1].split() == ["1,000,000", "and", "up", "20.00", "TZS"]


def test_json_output_is_unchanged(env: dict[str, str]) -> None:
    """Byte for byte what scripts parsed before the tables (json.dumps, its separators, key order)."""
    assert ujumbe("vouchers", "list", "--json", env=env).stdout == (
        '{"min_amount_tzs": 1000, "tiers": [{"max_amount_tzs": 9999, "rate_tzs_per_credit": 35.0}, '
        '{"max_amount_tzs": 49999, "rate_tzs_per_credit": 30.0}, {"max_amount_tzs": 199999, "rate_tzs_per_credit": '
        '27.0}, {"max_amount_tzs": 999999, "rate_tzs_per_credit": 24.0}, {"max_amount_tzs": null, '
        '"rate_tzs_per_credit": 20.0}]}\n')
    packages = ujumbe("packages", "list", "--json", env={**env, "TTY_COMPATIBLE": "1"}).stdout
    assert packages.startswith('[{"id": 1, "name": "Starter", "credits": 100, "price_tzs": 3500, '
                               '"price_per_credit": 35.0, "active": true}, {"id": 2, ')
    assert ujumbe("accounts", "create", "--email", "a@example.com", "--password", "s3cret-pass",
                  env=env).returncode == 0
    listed = ujumbe("accounts", "list", "--json", env={**env, "TTY_COMPATIBLE": "1"}).stdout
    [account] = json.loads(listed)
    assert list(account) == ["id", "email", "business_name", "plan", "email_verified", "phone_verified", "phone",
                             "created_at"]
    assert listed == json.dumps([account]) + "\n"
    assert ujumbe("jobs", "status", "--json", env=env).stdout.startswith('{"queues": {')
    assert ujumbe("senders", "list", "a@example.com", "--json", env=env).stdout == (
        f'{{"account_id": "{account["id"]}", "default_sender": "UJUMBE", "sender_ids": []}}\n')


def test_errors_say_what_to_do_next(env: dict[str, str]) -> None:
    missing = ujumbe("accounts", "show", "shop@x.com", env=env)
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr == "error: no account shop@x.com (not_found) — ujumbe accounts list\n"
    grant = ujumbe("credits", "grant", "shop@x.com", "5", env=env)
    assert grant.stderr == "error: no account shop@x.com (not_found) — ujumbe accounts list\n"
    order = ujumbe("payments", "confirm", "0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f", env=env)
    assert order.stderr == ("error: no payment order 0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f (not_found)"
                            " — ujumbe payments list\n")
    campaign = ujumbe("campaigns", "show", "0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f", env=env)
    assert campaign.stderr.endswith("(not_found) — ujumbe campaigns list\n")
    assert ujumbe("accounts", "create", "--email", "shop@x.com", "--password", "s3cret-pass", env=env).returncode == 0
    taken = ujumbe("accounts", "create", "--email", "shop@x.com", "--password", "s3cret-pass", env=env)
    assert taken.stderr == "error: an account shop@x.com already exists (email_taken) — ujumbe accounts show shop@x.com\n"
    sender = ujumbe("senders", "remove", "shop@x.com", "DUKA", env=env)
    assert sender.stderr.endswith("(not_found) — ujumbe senders list shop@x.com\n")

    # --json errors stay {"error": {"code", "message"}}, the domain's message untouched
    as_json = ujumbe("accounts", "show", "shop@y.com", "--json", env=env)
    assert json.loads(as_json.stderr) == {"error": {"code": "not_found",
                                                    "message": "No account with email shop@y.com."}}


def test_a_hint_follows_the_errors_code_command_and_field_never_its_wording() -> None:
    """The domain may reword a message: the hint still shows, where it showed before."""

    @click.group()
    def ujumbe() -> None:
        """A program with the commands the hints name."""

    @ujumbe.group()
    def campaigns() -> None:
        """Campaigns."""

    @ujumbe.group()
    def senders() -> None:
        """Sender IDs."""

    @command(campaigns, "show")
    @click.argument("campaign_id")
    def show(campaign_id: str) -> None:
        raise NotFound("Reworded: that campaign is not here.")

    @command(senders, "remove")
    @click.argument("email")
    @click.argument("sender")
    @click.option("--account-gone", is_flag=True)
    def remove(email: str, sender: str, account_gone: bool) -> None:
        raise NotFound("Reworded: nobody uses that email.", field="email") if account_gone else NotFound(
            "Reworded: not one of its senders.", field="sender_id")

    def stderr(*args: str) -> str:
        result = CliRunner().invoke(ujumbe, list(args), env={"TTY_COMPATIBLE": "0"})
        assert result.exit_code == 1
        return result.stderr

    assert stderr("campaigns", "show", "c-1") == "error: no campaign c-1 (not_found) — ujumbe campaigns list\n"
    assert stderr("senders", "remove", "shop@x.com", "DUKA") == (
        "error: Reworded: not one of its senders. (not_found) — ujumbe senders list shop@x.com\n")
    assert stderr("senders", "remove", "shop@x.com", "DUKA", "--account-gone") == (
        "error: no account shop@x.com (not_found) — ujumbe accounts list\n")
    assert json.loads(CliRunner().invoke(ujumbe, ["campaigns", "show", "c-1", "--json"]).stderr) == {
        "error": {"code": "not_found", "message": "Reworded: that campaign is not here."}}


def test_an_unmigrated_database_points_to_migrate(clean_database: str, tmp_path: Path) -> None:
    # A schema with no tables in it is a database nobody migrated yet.
    unmigrated = make_conninfo(clean_database, options="-csearch_path=nowhere")
    env = {"UJUMBE_DATABASE_URL": unmigrated, "UJUMBE_DATA_DIR": str(tmp_path), "TTY_COMPATIBLE": "0"}
    result = ujumbe("accounts", "list", env=env)
    assert result.returncode == 1 and result.stdout == ""
    assert "— the database is not migrated: run this from the project folder" in result.stderr
    assert result.stderr.strip().endswith("or ujumbe migrate for a new one")
    assert len(result.stderr.strip().splitlines()) == 1
    as_json = json.loads(ujumbe("accounts", "list", "--json", env=env).stderr)
    assert as_json["error"]["code"] == "error" and "does not exist" in as_json["error"]["message"]
