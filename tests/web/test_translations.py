"""Every string of the dashboard is in Swahili: Babel extracts the msgids of every template and of
`_()` in src/entrypoints/web (with locales/babel.cfg, as `make translations` does), and each must
have a non-empty, non-fuzzy translation in sw/messages.po, with the same placeholders. A template
holds no text outside `{% trans %}` and `_()`."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from entrypoints.web import i18n
from entrypoints.web.messages import ERROR_MESSAGES, FIELD_MESSAGES, message_of

WEB = Path(i18n.__file__).parent
TEMPLATES = sorted((WEB / "templates").glob("*.html"))
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@cache
def msgids() -> frozenset[str | tuple[str, str]]:
    """What Babel extracts from the package: a msgid, or (singular, plural)."""
    with (WEB / "locales" / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = extract_from_dir(str(WEB), method_map, options_map)
    return frozenset(message for _file, _line, message, _comments, _context in found)


def catalog(language: str) -> Catalog:
    with i18n.catalog_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def test_the_extractor_finds_the_templates_and_the_python() -> None:
    ids = msgids()
    assert "Log in" in ids and ("credit", "credits") in ids  # templates: _() and {% trans %} with a plural
    assert "Please log in again." in ids and "Free" in ids  # messages.py and pages/home.py
    assert len(ids) > 50


def test_every_string_has_a_swahili_translation() -> None:
    swahili = catalog("sw")
    missing = []
    for msgid in sorted(msgids(), key=str):
        entry = swahili.get(msgid[0] if isinstance(msgid, tuple) else msgid)
        strings = entry.string if entry is not None else ""
        texts = list(strings) if isinstance(strings, tuple) else [strings]
        if entry is None or entry.fuzzy or not all(text.strip() for text in texts):
            missing.append(msgid)
    assert missing == [], f"no Swahili (run `make translations`, then translate): {missing}"


@pytest.mark.parametrize("language", ["sw", "en"])
def test_a_catalog_has_every_string_and_nothing_fuzzy(language: str) -> None:
    entries = [entry for entry in catalog(language) if entry.id]
    assert not [entry.id for entry in entries if entry.fuzzy]
    ids = {entry.id if not isinstance(entry.id, tuple) else tuple(entry.id) for entry in entries}
    assert msgids() <= ids, "run `make translations`"


def test_a_translation_keeps_the_placeholders_of_its_msgid() -> None:
    for entry in catalog("sw"):
        if not entry.id:
            continue
        source = " ".join(entry.id) if isinstance(entry.id, tuple) else entry.id
        target = " ".join(entry.string) if isinstance(entry.string, tuple) else entry.string
        assert set(PLACEHOLDER.findall(source)) == set(PLACEHOLDER.findall(target)), entry.id


def test_the_translations_loaded_at_start_up_are_the_catalogs() -> None:
    assert i18n.translations()["sw"].gettext("Log in") == "Ingia"
    assert i18n.translations()["sw"].ngettext("credit", "credits", 2) == "krediti"
    assert i18n.translations()["en"].gettext("Log in") == "Log in"


# Text a template may hold outside `{% trans %}` and `_()`: names, not words.
UNTRANSLATED = {"ujumbe", "EAT"}


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_a_template_holds_no_text_outside_the_catalog(template: Path) -> None:
    source = template.read_text()
    without_trans = re.sub(r"\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}", " ", source, flags=re.S)
    without_jinja = re.sub(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", " ", without_trans, flags=re.S)
    for attribute in ("title", "aria-label", "placeholder", "alt"):
        literal = re.findall(rf'\s{attribute}="([^"]*[A-Za-z][^"]*)"', without_jinja)
        assert literal == [], f"{template.name}: a literal {attribute}"
    text = re.sub(r"<[^>]*>", " ", without_jinja)
    words = set(re.findall(r"[A-Za-z][A-Za-z']+", text)) - UNTRANSLATED
    assert words == set(), f"{template.name}: text outside {{% trans %}} and _(): {sorted(words)}"


def test_every_error_code_has_a_message() -> None:
    from domain.errors import ERROR_CODES
    from entrypoints.http.errors import STATUS_BY_CODE

    assert set(ERROR_CODES) | set(STATUS_BY_CODE) <= set(ERROR_MESSAGES)
    assert message_of("validation_error", "email") == FIELD_MESSAGES[("validation_error", "email")]
    assert message_of("validation_error", "nickname") == ERROR_MESSAGES["validation_error"]
    assert message_of("no_such_code") == ERROR_MESSAGES["internal_error"]
