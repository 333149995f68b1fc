"""The web client's words, read from its catalogues (Public/js/i18n/<language>.js, the files
the page itself imports), for tests that read a screen in a language:

    words("fr", "lobby.newGame")                  -> "Nouvelle partie"
    words("es", "history.moves", count=3)          -> "3 jugadas"

The catalogues are parsed by Tests/web/check_catalogue.py, which holds them to each other."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from check_catalogue import PUBLIC, load_catalogue  # noqa: E402

# The languages the page speaks, English first.
LANGUAGES = ("en", "es", "fr")

_loaded = {}


def catalogue(language):
    """{key: words or {plural category: words}} of one language."""
    if language not in _loaded:
        problems = []
        entries = load_catalogue(PUBLIC / "js" / "i18n" / f"{language}.js", problems)
        assert entries is not None, problems
        _loaded[language] = {entry.key: entry.value for entry in entries}
    return _loaded[language]


def plural_category(language, count):
    """Intl.PluralRules' category for the small whole numbers tests count."""
    if language == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def words(language, key, count=None, **params):
    """The words of `key` in `language`, placeholders filled in as the page fills them."""
    entry = catalogue(language)[key]
    if isinstance(entry, dict):
        entry = entry.get(plural_category(language, count), entry["other"])
    values = dict(params)
    if count is not None:
        values["count"] = str(count)
    for name, value in values.items():
        entry = entry.replace("{" + name + "}", str(value))
    return entry
