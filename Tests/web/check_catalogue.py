#!/usr/bin/env python3
"""Holds the web client's word catalogues to each other and to the code that uses them.

    python3 Tests/web/check_catalogue.py            # the repository's Public/
    python3 Tests/web/check_catalogue.py --public DIR --openapi FILE

Fails (exit 1), each problem on a line as `path:line: what`, when:

- a catalogue (Public/js/i18n/<language>.js) lacks a key the English one has, or has a
  key English does not;
- an entry's {placeholders} differ from English's (over all its plural forms), or its
  plural forms are not Intl.PluralRules categories with `other` among them;
- Public/js calls t('key') (or t(`prefix${...}`)) with a key (a prefix) English lacks;
- an error code of the server (openapi.json, ErrorCode) has no `error.<code>` entry;
- a view shows a literal string that does not come from the catalogue. A heuristic over
  Public/js, sw.js and index.html: strings and template literals holding letters passed
  to the DOM helpers as children (el, svg, replaceChildren, append, emptyRow, setText,
  say), assigned to textContent, innerText or title, given as aria-label, title,
  placeholder, alt or another property people read (text, label, message...), or thrown
  as an Error's message; in index.html, every text and such attribute must carry a
  `data-i18n` that names its key with the same English words, and <noscript> holds one
  line per language, each its catalogue's `shell.noscript`;
- a catalogue is not imported by js/i18n.js or not offered in its LANGUAGES.

Only the Python 3 standard library; Tests/web/test_check_catalogue.py feeds it bad samples.
"""

import argparse
import html.parser
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PUBLIC = REPO / "Sources" / "oxo" / "Public"
OPENAPI = REPO / "Sources" / "OXOServer" / "Resources" / "openapi.json"

PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
LETTER = re.compile(r"[^\W\d_]")
WORD = re.compile(r"[^\W\d_]+")

# Words a screen may show as they are, in every language, and why.
ALLOWED_WORDS = {
    "OXO": "the product's name, the same in every language",
    "X": "a player's mark",
    "O": "a player's mark",
}
# Whole strings a screen may show as they are, and why.
ALLOWED_STRINGS = {
    "K7QX3M": "an example of a game's share code (the join box's placeholder), not a word",
}
# A cell's name in the notation ("b2", "h8"): the same in every language.
CELL_NAME = re.compile(r"^[a-o](1[0-5]|[1-9])$")

# Properties whose value people read or hear: in el()'s props, and in the objects views
# pass around (a button's `label`, a form's `title` and `intro`, a refusal's `message`).
SHOWN_PROPERTIES = {
    "text", "title", "placeholder", "alt", "aria-label", "aria-description", "aria-roledescription",
    "aria-valuetext", "label", "accessibleLabel", "empty", "note", "help", "intro", "submitLabel", "message",
}
SHOWN_ATTRIBUTES = {"title", "placeholder", "alt", "aria-label", "aria-description", "aria-roledescription",
                    "aria-valuetext", "content"}
# Calls whose arguments from this one on are shown: name -> first shown argument.
SHOWN_ARGUMENTS = {"el": 2, "svg": 2, "emptyRow": 0, "setText": 1, "say": 0, "flash": 0}
# Methods (called with a dot) whose every argument is shown.
SHOWN_METHOD_ARGUMENTS = {"append", "prepend", "replaceChildren", "say"}
SHOWN_ASSIGNMENTS = {"textContent", "innerText", "title", "placeholder", "alt", "ariaLabel"}
# Keywords after which "(" groups rather than calls.
NOT_CALLEES = {"if", "while", "for", "switch", "return", "typeof", "case", "in", "of", "await", "void",
               "delete", "throw", "catch", "else", "do", "yield", "new"}


@dataclass
class Problem:
    path: str
    line: int
    message: str

    def __str__(self):
        return f"{self.path}:{self.line}: {self.message}"


def shown_path(path):
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------------------
# A JavaScript tokenizer: enough of the language for the catalogues and the views.

@dataclass
class Token:
    kind: str  # "name", "string", "template", "number", "punct", "regex"
    value: object  # the text; for a string its value; for a template [(static text, line)] and [expression tokens]
    line: int
    raw: str = ""


PUNCTUATORS = sorted(["=>", "...", "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--",
                      "+=", "-=", "*=", "/=", "%=", "**", "&&=", "||=", "??=", "<<", ">>", ">>>"],
                     key=len, reverse=True)
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"=>", "&&", "||", "??", "===", "!==", "==", "!=", "return",
                                             "typeof", "case", "of", "in", "delete", "void", "throw", "await", "yield"}


class JsSyntaxError(Exception):
    def __init__(self, line, message):
        super().__init__(message)
        self.line = line


def decode_escape(text, i, line):
    """The character an escape at text[i] (after the backslash) stands for, and where it ends."""
    c = text[i]
    simple = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
    if c in simple:
        return simple[c], i + 1
    if c == "x":
        return chr(int(text[i + 1:i + 3], 16)), i + 3
    if c == "u":
        if text[i + 1] == "{":
            end = text.index("}", i)
            return chr(int(text[i + 2:end], 16)), end + 1
        return chr(int(text[i + 1:i + 5], 16)), i + 5
    if c == "\n":
        return "", i + 1
    return c, i + 1


def tokenize(text, start=0, line=1, until_brace=False):
    """Tokens of `text` from `start`; with `until_brace`, up to the "}" that closes a template's ${.
    Returns (tokens, end, line)."""
    tokens = []
    i = start
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            continue
        if c in " \t\r\ufeff":
            i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise JsSyntaxError(line, "a comment is never closed")
            line += text.count("\n", i, end)
            i = end + 2
            continue
        if c in "'\"":
            value, j, first = [], i + 1, line
            while True:
                if j >= n or text[j] == "\n":
                    raise JsSyntaxError(first, "a string is never closed")
                if text[j] == c:
                    break
                if text[j] == "\\":
                    if text[j + 1] == "\n":
                        line += 1
                    ch, j = decode_escape(text, j + 1, line)
                    value.append(ch)
                else:
                    value.append(text[j])
                    j += 1
            tokens.append(Token("string", "".join(value), first, text[i:j + 1]))
            i = j + 1
            continue
        if c == "`":
            parts, expressions, j, first = [], [], i + 1, line
            piece, piece_line = [], line
            while True:
                if j >= n:
                    raise JsSyntaxError(first, "a template literal is never closed")
                ch = text[j]
                if ch == "`":
                    parts.append(("".join(piece), piece_line))
                    j += 1
                    break
                if ch == "\\":
                    decoded, j = decode_escape(text, j + 1, line)
                    piece.append(decoded)
                    continue
                if text.startswith("${", j):
                    parts.append(("".join(piece), piece_line))
                    inner, j, line = tokenize(text, j + 2, line, until_brace=True)
                    expressions.append(inner)
                    piece, piece_line = [], line
                    continue
                if ch == "\n":
                    line += 1
                piece.append(ch)
                j += 1
            tokens.append(Token("template", (parts, expressions), first, text[i:j]))
            i = j
            continue
        if c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit()):
            m = re.compile(r"0[xXbBoO][0-9a-fA-F_]+|[0-9][0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9]+)?|\.[0-9]+").match(text, i)
            tokens.append(Token("number", m.group(0), line))
            i = m.end()
            continue
        if c.isalpha() or c in "_$":
            m = re.compile(r"[\w$]+").match(text, i)
            tokens.append(Token("name", m.group(0), line))
            i = m.end()
            continue
        if c == "/":
            previous = tokens[-1] if tokens else None
            if previous is None or (previous.kind == "punct" and previous.value in REGEX_AFTER) or \
                    (previous.kind == "name" and previous.value in REGEX_AFTER):
                j, in_class = i + 1, False
                while j < n:
                    if text[j] == "\\":
                        j += 2
                        continue
                    if text[j] == "[":
                        in_class = True
                    elif text[j] == "]":
                        in_class = False
                    elif text[j] == "/" and not in_class:
                        break
                    elif text[j] == "\n":
                        raise JsSyntaxError(line, "a regular expression is never closed")
                    j += 1
                j += 1
                while j < n and (text[j].isalpha()):
                    j += 1
                tokens.append(Token("regex", text[i:j], line))
                i = j
                continue
        if until_brace:
            if c == "{":
                depth += 1
            elif c == "}":
                if depth == 0:
                    return tokens, i + 1, line
                depth -= 1
        for p in PUNCTUATORS:
            if text.startswith(p, i):
                tokens.append(Token("punct", p, line))
                i += len(p)
                break
        else:
            tokens.append(Token("punct", c, line))
            i += 1
    if until_brace:
        raise JsSyntaxError(line, "a template's ${ is never closed")
    return tokens, i, line


# ---------------------------------------------------------------------------
# The catalogues.

@dataclass
class Entry:
    key: str
    value: object  # a string, or {category: string}
    line: int


class CatalogueParser:
    """`export default { 'key': 'words', 'key': { one: '...', other: '...' }, };` and nothing else."""

    def __init__(self, tokens, path):
        self.tokens, self.at, self.path = tokens, 0, path

    def fail(self, message):
        line = self.tokens[min(self.at, len(self.tokens) - 1)].line if self.tokens else 1
        raise JsSyntaxError(line, message)

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, kind=None, value=None):
        token = self.peek()
        if token is None or (kind and token.kind != kind) or (value is not None and token.value != value):
            self.fail(f"expected {value or kind}, found {token.raw or token.value if token else 'the end'}")
        self.at += 1
        return token

    def parse(self):
        self.take("name", "export")
        self.take("name", "default")
        entries = self.object(top=True)
        if self.peek() and self.peek().value == ";":
            self.at += 1
        if self.peek():
            self.fail("nothing may follow the catalogue's object")
        return entries

    def words(self):
        token = self.take()
        if token.kind == "template" and not token.value[1]:
            parts = [token.value[0][0][0]]
        elif token.kind == "string":
            parts = [token.value]
        else:
            self.at -= 1
            self.fail("an entry's words are a string, or strings joined with +")
        while self.peek() and self.peek().value == "+":
            self.at += 1
            token = self.take("string")
            parts.append(token.value)
        return "".join(parts)

    def object(self, top=False):
        self.take("punct", "{")
        entries = []
        while self.peek() and self.peek().value != "}":
            key_token = self.take()
            if key_token.kind not in ("string", "name"):
                self.at -= 1
                self.fail("a key is a quoted string")
            self.take("punct", ":")
            if top and self.peek() and self.peek().value == "{":
                forms = {entry.key: entry.value for entry in self.object()}
                entries.append(Entry(key_token.value, forms, key_token.line))
            else:
                entries.append(Entry(key_token.value, self.words(), key_token.line))
            if self.peek() and self.peek().value == ",":
                self.at += 1
            elif self.peek() and self.peek().value != "}":
                self.fail("entries are separated by commas")
        self.take("punct", "}")
        return entries


def load_catalogue(path, problems):
    """The entries of one catalogue file, in order; a file it cannot read is one problem."""
    try:
        tokens, _, _ = tokenize(Path(path).read_text(encoding="utf-8"))
        return CatalogueParser(tokens, path).parse()
    except JsSyntaxError as error:
        problems.append(Problem(shown_path(path), error.line, f"cannot read the catalogue: {error}"))
        return None


def placeholders(value):
    texts = value.values() if isinstance(value, dict) else [value]
    return set().union(*(set(PLACEHOLDER.findall(text)) for text in texts))


def check_catalogues(folder, problems):
    """Returns {language: {key: Entry}} with English first, after checking them against it."""
    files = sorted(Path(folder).glob("*.js"))
    catalogues = {}
    for path in files:
        entries = load_catalogue(path, problems)
        if entries is None:
            continue
        table = {}
        for entry in entries:
            if entry.key in table:
                problems.append(Problem(shown_path(path), entry.line, f"'{entry.key}' is there twice (first on line {table[entry.key].line})"))
            table[entry.key] = entry
            if isinstance(entry.value, dict):
                forms = set(entry.value)
                if not forms <= PLURAL_CATEGORIES:
                    problems.append(Problem(shown_path(path), entry.line,
                                            f"'{entry.key}': {', '.join(sorted(forms - PLURAL_CATEGORIES))} is not a plural category "
                                            f"({', '.join(sorted(PLURAL_CATEGORIES))})"))
                if "other" not in forms:
                    problems.append(Problem(shown_path(path), entry.line, f"'{entry.key}' has plural forms without 'other'"))
            for text in (entry.value.values() if isinstance(entry.value, dict) else [entry.value]):
                if not text.strip():
                    problems.append(Problem(shown_path(path), entry.line, f"'{entry.key}' has no words"))
        catalogues[path.stem] = (path, table)
    if "en" not in catalogues:
        problems.append(Problem(shown_path(folder), 1, "there is no English catalogue, en.js"))
        return {}
    en_path, english = catalogues["en"]
    for language, (path, table) in catalogues.items():
        if language == "en":
            continue
        for key, entry in english.items():
            if key not in table:
                problems.append(Problem(shown_path(path), 1, f"lacks '{key}' (en.js line {entry.line})"))
        for key, entry in table.items():
            if key not in english:
                problems.append(Problem(shown_path(path), entry.line, f"has '{key}', which en.js does not"))
                continue
            want, have = placeholders(english[key].value), placeholders(entry.value)
            if want != have:
                problems.append(Problem(shown_path(path), entry.line,
                                        f"'{key}' has the placeholders {{{', '.join(sorted(have)) or ''}}}, "
                                        f"en.js {{{', '.join(sorted(want))}}}"))
    return {language: table for language, (_, table) in catalogues.items()}


# ---------------------------------------------------------------------------
# The code: keys used, and literal words shown.

def js_files(public):
    folder = Path(public) / "js"
    catalogues = folder / "i18n"
    files = [path for path in sorted(folder.rglob("*.js")) if catalogues not in path.parents]
    worker = Path(public) / "sw.js"
    return files + ([worker] if worker.exists() else [])


def flatten(tokens):
    """Every token, a template's expressions' tokens included."""
    for token in tokens:
        yield token
        if token.kind == "template":
            for expression in token.value[1]:
                yield from flatten(expression)


def keys_used(tokens):
    """[(key or prefix, is a prefix, line)] of every t('...') and t(`prefix${...}`)."""
    found = []
    tokens = list(tokens)
    for index, token in enumerate(tokens):
        if token.kind == "template":
            for expression in token.value[1]:
                found += keys_used(expression)
        if token.kind != "name" or token.value != "t" or index + 2 >= len(tokens):
            continue
        if index > 0 and tokens[index - 1].value in (".", "function"):
            continue
        if tokens[index + 1].value != "(":
            continue
        argument = tokens[index + 2]
        if argument.kind == "string":
            found.append((argument.value, False, argument.line))
        elif argument.kind == "template":
            parts, expressions = argument.value
            if not expressions:
                found.append((parts[0][0], False, argument.line))
            else:
                found.append((parts[0][0], True, argument.line))
    return found


def allowed(text):
    """Whether `text` may be shown as it is: no letters, or only words every language writes alike."""
    stripped = text.strip()
    if not LETTER.search(text) or stripped in ALLOWED_STRINGS or CELL_NAME.match(stripped):
        return True
    return all(word in ALLOWED_WORDS for word in WORD.findall(text))


OPENERS = {"(": ")", "[": "]", "{": "}"}


COMPARISONS = {"===", "!==", "==", "!=", "<", ">", "<=", ">=", "in"}
# A literal that reads as words rather than as a name in the code ("online", "en"): a capital, two words, or a stop.
READS_AS_WORDS = re.compile(r"^\s*[^\W\d_]*[A-Z]|[^\W\d_]\s+[^\W\d_]|[^\W\d_][.!?…]\s*$")


def literal_words(tokens, start, end):
    """[(line, text)] of the string and template literals shown by the expression tokens[start:end]:
    not those inside a call's arguments (t('key') is not shown; `a ? 'x' : 'y'` is), nor inside an
    object literal (whose shown properties are checked one by one), nor compared (`mode === 'online'`)."""
    found = []
    stack = []  # for each open bracket: whether what is inside it is not shown as it is
    for index in range(start, end):
        token = tokens[index]
        if token.kind == "punct" and token.value in OPENERS:
            previous = tokens[index - 1] if index > start else None
            call = token.value == "(" and previous is not None and (
                (previous.kind == "name" and previous.value not in NOT_CALLEES) or previous.value in (")", "]")
                or previous.kind == "template")
            stack.append(call or token.value == "{")
            continue
        if token.kind == "punct" and token.value in (")", "]", "}"):
            if stack:
                stack.pop()
            continue
        if any(stack):
            continue
        neighbours = [tokens[at].value for at in (index - 1, index + 1) if 0 <= at < len(tokens) and tokens[at].kind != "string"]
        if token.kind in ("string", "template") and COMPARISONS.intersection(neighbours):
            continue
        if token.kind == "string" and not allowed(token.value):
            found.append((token.line, token.value))
        elif token.kind == "template":
            parts, expressions = token.value
            for text, line in parts:
                if not allowed(text):
                    found.append((line, text))
            for expression in expressions:
                found += literal_words(expression, 0, len(expression))
    return found


def expression_end(tokens, start, stops=(",", ")", "]", "}", ";")):
    """Where the expression starting at tokens[start] ends: the first stop at its own depth."""
    depth = 0
    index = start
    while index < len(tokens):
        token = tokens[index]
        if token.kind == "punct":
            if token.value in OPENERS:
                depth += 1
            elif token.value in (")", "]", "}"):
                if depth == 0:
                    return index
                depth -= 1
            elif depth == 0 and token.value in stops:
                return index
        index += 1
    return index


def call_arguments(tokens, open_index):
    """[(start, end)] of the arguments of the call whose "(" is tokens[open_index]."""
    arguments = []
    index = open_index + 1
    if index < len(tokens) and tokens[index].value == ")":
        return arguments
    while index < len(tokens):
        end = expression_end(tokens, index, stops=(",",))
        arguments.append((index, end))
        if end >= len(tokens) or tokens[end].value != ",":
            break
        index = end + 1
        if index < len(tokens) and tokens[index].value == ")":
            break
    return arguments


def shown_literals(tokens):
    """[(line, text, where)] of literal words the code shows, by the heuristic the module's doc says."""
    found = []

    def note(start, end, where):
        found.extend((line, text, where) for line, text in literal_words(tokens, start, end))

    for index, token in enumerate(tokens):
        if token.kind == "template":
            for expression in token.value[1]:
                found.extend(shown_literals(expression))
        previous = tokens[index - 1] if index > 0 else None
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        # Calls: el('p', {...}, children), setText(node, words), emptyRow(words), node.append(...), new Error(words).
        if token.kind == "name" and following is not None and following.value == "(":
            method = previous is not None and previous.value in (".", "?.")
            first = None
            if method and token.value in SHOWN_METHOD_ARGUMENTS:
                first = 0
            elif not method and token.value == "replaceChildren":
                first = 1
            elif token.value in SHOWN_ARGUMENTS and (not method or token.value in ("say", "flash")):
                first = SHOWN_ARGUMENTS[token.value]
            elif token.value == "Error" and previous is not None and previous.value == "new":
                first = 0
            arguments = call_arguments(tokens, index + 1)
            if first is not None:
                for start, end in arguments[first:]:
                    note(start, end, f"{token.value}()")
            # setAttr(node, 'aria-label', words) and node.setAttribute('title', words).
            attribute_at = {"setAttr": 1, "setAttribute": 0}.get(token.value)
            if attribute_at is not None and len(arguments) > attribute_at + 1:
                name_start, _ = arguments[attribute_at]
                if tokens[name_start].kind == "string" and tokens[name_start].value in SHOWN_ATTRIBUTES:
                    note(*arguments[attribute_at + 1], f"the {tokens[name_start].value} attribute")
        # Properties: { text: words }, { 'aria-label': words }, and defaults { label = words }.
        if token.kind in ("name", "string") and token.value in SHOWN_PROPERTIES and previous is not None \
                and previous.value in ("{", ",") and following is not None and following.value in (":", "="):
            if following.value == "=" and index + 2 < len(tokens) and tokens[index + 2].value in ("=", ">"):
                continue
            start = index + 2
            note(start, expression_end(tokens, start), f"'{token.value}'")
        # Words a function gives back (`return 'Waiting…'`, `() => 'Your turn'`), which is how describe.js and
        # spoken.js hand words to the views: only literals that read as words (a capital, a space, a full stop).
        if token.value in ("return", "=>") and token.kind in ("name", "punct") and following is not None and following.value != "{":
            start = index + 1
            for line, text in literal_words(tokens, start, expression_end(tokens, start)):
                if READS_AS_WORDS.search(text):
                    found.append((line, text, "a function's words"))
        # Assignments: node.textContent = words.
        if token.kind == "name" and token.value in SHOWN_ASSIGNMENTS and previous is not None and previous.value == "." \
                and following is not None and following.value == "=":
            start = index + 2
            note(start, expression_end(tokens, start), f".{token.value} =")
    return found


def check_code(public, english, problems):
    files = js_files(public)
    used = 0
    for path in files:
        try:
            tokens, _, _ = tokenize(path.read_text(encoding="utf-8"))
        except JsSyntaxError as error:
            problems.append(Problem(shown_path(path), error.line, f"cannot read the script: {error}"))
            continue
        for key, prefix, line in keys_used(tokens):
            used += 1
            if prefix:
                if not any(name.startswith(key) for name in english):
                    problems.append(Problem(shown_path(path), line, f"t(`{key}${{…}}`): no key of en.js starts with '{key}'"))
            elif key not in english:
                problems.append(Problem(shown_path(path), line, f"t('{key}'): en.js has no '{key}'"))
        seen = set()
        for line, text, where in shown_literals(tokens):
            if (line, text) in seen:
                continue
            seen.add((line, text))
            problems.append(Problem(shown_path(path), line,
                                    f"{where} shows {json.dumps(text, ensure_ascii=False)}, which is not from the catalogue: use t()"))
    return len(files), used


# ---------------------------------------------------------------------------
# index.html, the server's error codes, the list of languages.

class ShellParser(html.parser.HTMLParser):
    """Texts and shown attributes of index.html, each with the element's data-i18n and lang."""

    VOID = {"meta", "link", "img", "input", "br", "hr", "source", "area", "base", "col", "embed", "param", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, attributes)
        self.found = []  # (line, kind "text" | attribute, words, data-i18n, lang, inside noscript, tag)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        line = self.getpos()[0]
        mapping = attributes.get("data-i18n")
        shown = [name for name in attributes if name in SHOWN_ATTRIBUTES]
        if tag == "meta" and attributes.get("name") != "description":
            shown = [name for name in shown if name != "content"]
        for name in shown:
            self.found.append((line, name, attributes[name] or "", mapping, self.language(attributes), self.in_noscript(), tag))
        if tag not in self.VOID:
            self.stack.append((tag, attributes))

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                break

    def handle_data(self, data):
        if not data.strip() or not self.stack or self.stack[-1][0] in ("script", "style"):
            return
        tag, attributes = self.stack[-1]
        self.found.append((self.getpos()[0], "text", data.strip(), attributes.get("data-i18n"), self.language(attributes),
                           self.in_noscript(), tag))

    def language(self, attributes):
        if "lang" in attributes:
            return attributes["lang"]
        for _, outer in reversed(self.stack):
            if "lang" in outer and outer is not self.stack[0][1]:
                return outer["lang"]
        return None

    def in_noscript(self):
        return any(tag == "noscript" for tag, _ in self.stack)


def words_of(entry):
    return entry.value if isinstance(entry.value, str) else entry.value.get("other", "")


def check_shell(public, catalogues, problems):
    path = Path(public) / "index.html"
    if not path.exists():
        return
    parser = ShellParser()
    parser.feed(path.read_text(encoding="utf-8"))
    english = catalogues.get("en", {})
    noscript_languages = set()
    for line, kind, words, mapping, language, noscript, tag in parser.found:
        where = shown_path(path)
        if noscript:
            if not language:
                problems.append(Problem(where, line, f"<noscript> text {json.dumps(words)} says no lang=\"…\""))
                continue
            noscript_languages.add(language)
            entry = catalogues.get(language, {}).get("shell.noscript")
            if entry is None:
                problems.append(Problem(where, line, f"<noscript> has a line in '{language}', which has no catalogue"))
            elif words_of(entry) != words:
                problems.append(Problem(where, line, f"<noscript> says {json.dumps(words, ensure_ascii=False)} in '{language}'; "
                                                     f"its catalogue's shell.noscript says {json.dumps(words_of(entry), ensure_ascii=False)}"))
            continue
        if allowed(words):
            continue
        pairs = dict(pair.split(":", 1) for pair in (mapping or "").split(";") if ":" in pair)
        pairs = {name.strip(): key.strip() for name, key in pairs.items()}
        key = pairs.get(kind)
        if key is None:
            problems.append(Problem(where, line, f"<{tag}> shows {json.dumps(words)} ({kind}) with no data-i18n=\"{kind}:key\""))
        elif key not in english:
            problems.append(Problem(where, line, f"data-i18n names '{key}', which en.js does not have"))
        elif words_of(english[key]) != words:
            problems.append(Problem(where, line, f"<{tag}> says {json.dumps(words)} but en.js's '{key}' says "
                                                 f"{json.dumps(words_of(english[key]))}"))
    for language in catalogues:
        if language not in noscript_languages:
            problems.append(Problem(shown_path(path), 1, f"<noscript> has no line in '{language}' (<p lang=\"{language}\">)"))


def check_error_codes(openapi, english, problems):
    try:
        document = json.loads(Path(openapi).read_text(encoding="utf-8"))
        codes = document["components"]["schemas"]["ErrorCode"]["enum"]
    except (OSError, KeyError, ValueError) as error:
        problems.append(Problem(shown_path(openapi), 1, f"cannot read the error codes: {error}"))
        return 0
    for code in codes:
        if f"error.{code}" not in english:
            problems.append(Problem(shown_path(openapi), 1, f"the error code '{code}' has no 'error.{code}' in en.js"))
    return len(codes)


def check_language_list(public, catalogues, problems):
    path = Path(public) / "js" / "i18n.js"
    if not path.exists():
        problems.append(Problem(shown_path(path), 1, "js/i18n.js is missing"))
        return
    text = path.read_text(encoding="utf-8")
    for language in catalogues:
        if not re.search(rf"import\s+\w+\s+from\s+['\"]\./i18n/{re.escape(language)}\.js['\"]", text):
            problems.append(Problem(shown_path(path), 1, f"does not import the catalogue i18n/{language}.js"))
        if not re.search(rf"code:\s*['\"]{re.escape(language)}['\"]", text):
            problems.append(Problem(shown_path(path), 1, f"LANGUAGES does not offer '{language}'"))


def check(public=PUBLIC, openapi=OPENAPI):
    """Every problem found, and a summary of what was checked."""
    problems = []
    catalogues = check_catalogues(Path(public) / "js" / "i18n", problems)
    english = catalogues.get("en", {})
    files, used = check_code(public, english, problems)
    check_shell(public, catalogues, problems)
    codes = check_error_codes(openapi, english, problems)
    check_language_list(public, catalogues, problems)
    summary = (f"{len(catalogues)} catalogues ({', '.join(catalogues)}), {len(english)} keys in English, "
               f"{used} t() calls in {files} scripts, {codes} error codes")
    return problems, summary


def main(argv=None):
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--public", default=str(PUBLIC), help="the web client's folder (Public/)")
    options.add_argument("--openapi", default=str(OPENAPI), help="the server's OpenAPI document")
    arguments = options.parse_args(argv)
    problems, summary = check(arguments.public, arguments.openapi)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_catalogue: {len(problems)} problem{'s' if len(problems) != 1 else ''} ({summary})", file=sys.stderr)
        return 1
    print(f"check_catalogue: OK: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
