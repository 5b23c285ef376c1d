"""`ujumbe packages|templates|rates|vouchers list | set | history` as an operator runs them: every
change recorded with who and when, bad input refused on stderr with exit code 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests_support import ujumbe


@pytest.fixture()
def env(clean_database: str, tmp_path: Path) -> dict[str, str]:
    return {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path), "TTY_COMPATIBLE": "0"}


def run_json(*args: str, env: dict[str, str]) -> Any:
    done = ujumbe(*args, "--json", env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def refused(*args: str, env: dict[str, str]) -> dict[str, str]:
    done = ujumbe(*args, "--json", env=env)
    assert done.returncode == 1 and done.stdout == "", (done.stdout, done.stderr)
    error: dict[str, str] = json.loads(done.stderr.strip())["error"]
    return error


def test_packages_are_changed_created_retired_and_restored_each_change_recorded(env: dict[str, str]) -> None:
    listed = run_json("packages", "list", env=env)
    assert [p["id"] for p in listed] == [1, 2, 3, 4, 5, 6]
    assert listed[0] == {"id": 1, "name": "Starter", "credits": 100, "price_tzs": 3500,
                         "price_per_credit": 35.0, "active": True}

    changed = run_json("packages", "set", "1", "--price", "3000", "--by", "asha", env=env)
    assert (changed["price_tzs"], changed["credits"], changed["price_per_credit"]) == (3000, 100, 30.0)
    created = run_json("packages", "set", "7", "--name", "Mega", "--credits", "500000", "--price", "8000000",
                       "--by", "asha", env=env)
    assert created == {"id": 7, "name": "Mega", "credits": 500000, "price_tzs": 8000000,
                       "price_per_credit": 16.0, "active": True}
    assert run_json("packages", "set", "2", "--retire", "--by", "baraka", env=env)["active"] is False
    assert 2 not in [p["id"] for p in run_json("packages", "list", env=env)]
    assert 2 in [p["id"] for p in run_json("packages", "list", "--all", env=env)]
    run_json("packages", "set", "2", "--restore", "--by", "baraka", env=env)
    run_json("packages", "set", "2", "--restore", "--by", "baraka", env=env)  # changes nothing: not recorded

    history = run_json("packages", "history", "--limit", "4", env=env)
    assert [(h["key"], h["changed_by"]) for h in history] == [("2", "baraka"), ("2", "baraka"), ("7", "asha"),
                                                              ("1", "asha")]
    assert history[0]["before"]["active"] is False and history[0]["after"]["active"] is True
    assert history[2]["before"] is None and history[2]["after"]["price_tzs"] == 8000000
    assert (history[3]["before"]["price_tzs"], history[3]["after"]["price_tzs"]) == (3500, 3000)
    assert all(h["kind"] == "package" and h["changed_at"].endswith("Z") for h in history)
    assert len(run_json("packages", "history", env=env)) == 4  # (the shipped file's rows are not in a test's log)


def test_a_package_change_is_checked(env: dict[str, str]) -> None:
    assert refused("packages", "set", "8", "--name", "Half", env=env) == {
        "code": "validation_error", "message": "A new package needs its credits, price_tzs."}
    assert refused("packages", "set", "1", "--credits", "0", env=env)["code"] == "validation_error"
    assert refused("packages", "set", "1", "--retire", "--restore", env=env)["code"] == "usage_error"
    assert refused("packages", "set", "1", "--name", "  ", env=env)["code"] == "validation_error"
    assert run_json("packages", "history", env=env) == []  # nothing refused was written


def test_templates_are_listed_and_changed_with_their_encoding_and_parts(env: dict[str, str]) -> None:
    listed = {t["id"]: t for t in run_json("templates", "list", env=env)}
    assert listed["otp-code-sw"]["placeholders"] == ["business_name", "code", "minutes"]
    body = "Karibu {first_name}! Akaunti yako iko tayari ✅"
    created = run_json("templates", "set", "welcome-sw", "--name", "Karibu", "--category", "greeting",
                       "--body", body, "--by", "neema", env=env)
    assert created == {"id": "welcome-sw", "name": "Karibu", "category": "greeting", "body": body,
                       "placeholders": ["first_name"], "encoding": "UCS-2", "parts": 1, "active": True}
    assert run_json("templates", "set", "weekend-offer", "--retire", "--by", "neema", env=env)["active"] is False
    assert "weekend-offer" not in [t["id"] for t in run_json("templates", "list", env=env)]
    assert [h["key"] for h in run_json("templates", "history", "--limit", "2", env=env)] == [
        "weekend-offer", "welcome-sw"]
    assert refused("templates", "set", "Not A Slug", "--name", "x", "--category", "y", "--body", "z",
                   env=env)["code"] == "validation_error"
    assert refused("templates", "set", "otp-code", "--body", "x" * 1601, env=env)["code"] == "validation_error"


def test_country_rates_are_changed_to_the_cent(env: dict[str, str]) -> None:
    rates = run_json("rates", "list", env=env)
    assert len(rates) == 27 and {"iso2": "KE", "name": "Kenya", "dial_code": "+254", "rate_tzs": 70.0} in rates
    assert run_json("rates", "set", "ke", "--rate", "75", "--by", "ops", env=env)["rate_tzs"] == 75.0
    added = run_json("rates", "set", "SC", "--name", "Seychelles", "--dial-code", "+248", "--rate", "140.50",
                     env=env)
    assert added == {"iso2": "SC", "name": "Seychelles", "dial_code": "+248", "rate_tzs": 140.5}
    history = run_json("rates", "history", env=env)
    assert [h["key"] for h in history] == ["SC", "KE"]
    assert (history[1]["before"]["rate_tzs"], history[1]["after"]["rate_tzs"]) == ("70.00", "75.00")
    assert refused("rates", "set", "KE", "--rate", "1.234", env=env)["code"] == "validation_error"
    assert refused("rates", "set", "KE", "--rate", "lots", env=env)["code"] == "validation_error"
    assert refused("rates", "set", "XY", "--rate", "10", env=env) == {
        "code": "validation_error", "message": "A new country needs its name, dial_code."}


def test_the_voucher_card_is_replaced_whole_and_a_bad_card_is_refused(env: dict[str, str]) -> None:
    card = run_json("vouchers", "list", env=env)
    assert card["min_amount_tzs"] == 1000 and card["tiers"][-1]["max_amount_tzs"] is None

    new = run_json("vouchers", "set", "--min", "2000", "--tier", "19999:32", "--tier", "-:26.5", "--by", "ops",
                   env=env)
    assert new == {"min_amount_tzs": 2000, "tiers": [{"max_amount_tzs": 19999, "rate_tzs_per_credit": 32.0},
                                                     {"max_amount_tzs": None, "rate_tzs_per_credit": 26.5}]}
    assert run_json("vouchers", "list", env=env) == new
    change = run_json("vouchers", "history", "--limit", "1", env=env)[0]
    assert (change["key"], change["changed_by"], change["before"]["min_amount_tzs"]) == ("card", "ops", 1000)
    assert change["after"]["tiers"][1] == {"max_amount_tzs": None, "rate_tzs_per_credit": "26.50"}

    for tiers, message in (
        (["19999:32", "-:40"], "Each tier must sell credits cheaper than the one before."),
        (["19999:32", "9999:30", "-:20"], "Tier bounds must rise, the first at or above the minimum."),
        (["-:32", "19999:30"], "The last tier has no upper bound (max_amount_tzs null)."),
        (["19999:32"], "The last tier has no upper bound (max_amount_tzs null)."),
    ):
        error = refused("vouchers", "set", "--min", "2000", *(f"--tier={t}" for t in tiers), env=env)
        assert error == {"code": "validation_error", "message": message}, tiers
    assert refused("vouchers", "set", "--min", "2000", "--tier", "lots", env=env)["code"] == "validation_error"
    assert run_json("vouchers", "list", env=env) == new  # nothing refused was written


def test_text_output_for_a_person(env: dict[str, str]) -> None:
    listed = ujumbe("packages", "list", env=env)
    assert listed.returncode == 0 and "Starter" in listed.stdout and "35.00 TZS/credit" in listed.stdout
    card = ujumbe("vouchers", "list", env=env)
    assert "smallest top-up: 1,000 TZS" in card.stdout and "and up" in card.stdout
    ujumbe("packages", "set", "1", "--price", "3000", "--by", "asha", env=env)
    history = ujumbe("packages", "history", "--limit", "1", env=env)
    header, change = history.stdout.splitlines()  # a plain table when stdout is not a terminal
    assert header.split() == ["changed", "(UTC)", "what", "by", "change"]
    assert change.endswith("  package 1  asha  price_tzs 3500 -> 3000")
    bad = ujumbe("vouchers", "set", "--min", "1000", "--tier", "-:40", "--tier", "-:30", env=env)
    assert bad.returncode == 1 and "validation_error" in bad.stderr
