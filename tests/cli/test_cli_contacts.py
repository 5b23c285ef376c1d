"""`ujumbe contacts import E LIST_ID FILE` as an operator runs it: the API's report (`--json`), a
progress bar on stderr, errors on stderr with exit code 1."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from pathlib import Path

import psycopg

from domain.contacts import MAX_IMPORT_BYTES
from hostile_workbooks import far_corner, without_workbook, zip_bomb
from tests_support import ujumbe


def a_list(database_url: str, email: str) -> str:
    list_id = str(uuid.uuid4())
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("INSERT INTO contact_lists (account_id, id, name, created_at, updated_at)"
                     " SELECT id, %s, 'Wateja', %s, %s FROM accounts WHERE email = %s",
                     (list_id, datetime.now(UTC), datetime.now(UTC), email))
    return list_id


def phones_in(database_url: str, list_id: str) -> list[str]:
    with psycopg.connect(database_url) as conn:
        return [row[0] for row in conn.execute("SELECT phone FROM contacts WHERE list_id = %s ORDER BY created_at, id",
                                               (list_id,))]


def test_a_file_is_imported_with_a_progress_bar_and_the_apis_report(clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    assert ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "secret-pass",
                  env=env).returncode == 0
    list_id = a_list(clean_database, "duka@example.com")
    file = tmp_path / "wateja.csv"
    file.write_text("simu;jina\n0712345678;Amina\n12345;Bad\n+255712345678;Again\n" +
                    "".join(f"07130{n:05d};Mteja\n" for n in range(3000)))

    done = ujumbe("contacts", "import", "duka@example.com", list_id, str(file), "--json",
                  env={**env, "TTY_COMPATIBLE": "1", "COLUMNS": "100"})

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"imported": 3001, "skipped": 2, "errors": [
        {"row": 3, "error": "invalid_phone_number"}, {"row": 4, "error": "duplicate_contact"}]}
    assert "importing wateja.csv" in done.stderr  # the progress bar, on stderr only
    assert phones_in(clean_database, list_id)[:2] == ["+255712345678", "+255713000000"]

    text = ujumbe("contacts", "import", "duka@example.com", list_id, str(file), env=env)
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[:2] == ["imported 0, skipped 3003", "row 2: duplicate_contact"]


def test_errors_go_to_stderr_with_exit_code_1(clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    assert ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "secret-pass",
                  env=env).returncode == 0
    assert ujumbe("accounts", "create", "--email", "other@example.com", "--password", "secret-pass",
                  env=env).returncode == 0
    others = a_list(clean_database, "other@example.com")
    file = tmp_path / "wateja.csv"
    file.write_text("phone\n0712345678\n")
    big = tmp_path / "big.csv"
    big.write_bytes(b"phone\n" + b"0712345678\n" * (MAX_IMPORT_BYTES // 11 + 1))

    for args, code in [(("duka@example.com", others, str(file)), "not_found"),
                       (("nobody@example.com", others, str(file)), "not_found"),
                       (("duka@example.com", others, str(big)), "payload_too_large")]:
        failed = ujumbe("contacts", "import", *args, "--json", env=env)
        assert failed.returncode == 1, failed.stdout
        assert failed.stdout == ""
        assert json.loads(failed.stderr.strip().splitlines()[-1])["error"]["code"] == code

    mine = a_list(clean_database, "duka@example.com")
    for content, code, why in [(far_corner(), "payload_too_large", "an import reads at most 100,001"),
                               (zip_bomb(), "payload_too_large", "an import unpacks at most 268,435,456"),
                               (without_workbook(), "validation_error", "not a readable .xlsx workbook")]:
        hostile = tmp_path / "hostile.xlsx"
        hostile.write_bytes(content)
        failed = ujumbe("contacts", "import", "duka@example.com", mine, str(hostile), "--json", env=env)
        assert failed.returncode == 1, failed.stdout
        error = json.loads(failed.stderr.strip().splitlines()[-1])["error"]
        assert error["code"] == code and why in error["message"]
        human = ujumbe("contacts", "import", "duka@example.com", mine, str(hostile), env=env)
        assert human.returncode == 1 and why in human.stderr

    missing = ujumbe("contacts", "import", "duka@example.com", others, str(tmp_path / "nope.csv"), env=env)
    assert missing.returncode == 1 and "does not exist" in missing.stderr
    assert phones_in(clean_database, others) == []
