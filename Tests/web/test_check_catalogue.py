"""The catalogue checker fed small samples, good and bad, so that each of its checks is seen
to fail when it should (and the repository's own Public/ to pass).

    python3 -m unittest discover -s Tests/web        # the standard library alone
    python3 -m pytest Tests/web                       # or pytest
"""

import json
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import check_catalogue  # noqa: E402

ENGLISH = """\
export default {
  // The shell.
  'shell.noscript': 'OXO needs JavaScript to play.',
  'shell.tabbar': 'Main',
  'greeting': 'Hello, {name}!',
  'moves': { one: '{count} move', other: '{count} moves' },
  'place.0': 'top left',
  'error.not_your_turn': 'It is not your turn.',
  'error.unknown': 'Something went wrong.',
};
"""

SPANISH = """\
export default {
  'shell.noscript': 'OXO necesita JavaScript para jugar.',
  'shell.tabbar': 'Principal',
  'greeting': '¡Hola, {name}!',
  'moves': { one: '{count} jugada', many: '{count} de jugadas', other: '{count} jugadas' },
  'place.0': 'arriba a la izquierda',
  'error.not_your_turn': 'No es tu turno.',
  'error.unknown': 'Algo salió mal.',
};
"""

I18N = """\
import en from './i18n/en.js';
import es from './i18n/es.js';
export const LANGUAGES = [{ code: 'en', name: 'English' }, { code: 'es', name: 'Español' }];
export function t(key) { return key; }
"""

VIEW = """\
import { el, setText } from '../dom.js';
import { t } from '../i18n.js';

export function view(name, cell, mode) {
  const title = el('h1', { class: 'title', id: 'title', text: t('greeting', { name }) });
  const place = t(`place.${cell}`);
  const brand = el('span', { 'aria-hidden': 'true', text: 'OXO' });
  const where = el('p', {}, mode === 'online' ? t('moves', { count: 2 }) : 'b2', ' · ');
  setText(title, t('shell.tabbar'));
  return el('div', { 'aria-label': t('greeting', { name }) }, title, place, brand, where);
}
"""

SHELL = """\
<!doctype html>
<html lang="en">
<head><title>OXO</title></head>
<body>
  <nav id="tabbar" aria-label="Main" data-i18n="aria-label:shell.tabbar"></nav>
  <noscript>
    <p lang="en">OXO needs JavaScript to play.</p>
    <p lang="es">OXO necesita JavaScript para jugar.</p>
  </noscript>
</body>
</html>
"""

OPENAPI = {"components": {"schemas": {"ErrorCode": {"type": "string", "enum": ["not_your_turn"]}}}}


class Sample:
    """A small Public/ folder and OpenAPI document, good until a test spoils a part of it."""

    def __init__(self, folder):
        self.root = Path(folder)
        self.public = self.root / "Public"
        self.write("js/i18n/en.js", ENGLISH)
        self.write("js/i18n/es.js", SPANISH)
        self.write("js/i18n.js", I18N)
        self.write("js/views/view.js", VIEW)
        self.write("index.html", SHELL)
        self.openapi = self.root / "openapi.json"
        self.openapi.write_text(json.dumps(OPENAPI), encoding="utf-8")

    def write(self, relative, text):
        path = self.public / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def replace(self, relative, old, new):
        path = self.public / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {relative}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    def problems(self):
        found, _ = check_catalogue.check(self.public, self.openapi)
        return [str(problem) for problem in found]


class CatalogueCheckTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.sample = Sample(self.folder.name)

    def tearDown(self):
        self.folder.cleanup()

    def assertFound(self, needle, where=None):
        problems = self.sample.problems()
        matching = [problem for problem in problems if needle in problem and (where is None or where in problem)]
        self.assertTrue(matching, f"no problem says {needle!r}{f' at {where}' if where else ''}; found: {problems}")
        return matching

    # The good sample

    def test_a_good_sample_has_no_problem(self):
        self.assertEqual(self.sample.problems(), [])

    # The catalogues against English

    def test_a_missing_key_is_named_with_the_line_english_has_it_on(self):
        self.sample.replace("js/i18n/es.js", "  'place.0': 'arriba a la izquierda',\n", "")
        self.assertFound("lacks 'place.0' (en.js line 7)", "es.js:1:")

    def test_an_extra_key_is_named_where_it_is(self):
        self.sample.replace("js/i18n/es.js", "  'place.0'", "  'place.9': 'sobra',\n  'place.0'")
        self.assertFound("has 'place.9', which en.js does not", "es.js:6:")

    def test_a_placeholder_that_differs_is_found(self):
        self.sample.replace("js/i18n/es.js", "¡Hola, {name}!", "¡Hola, {nombre}!")
        self.assertFound("'greeting' has the placeholders {nombre}, en.js {name}", "es.js:4:")

    def test_a_placeholder_missing_from_one_plural_form_only_is_fine_but_from_all_is_not(self):
        self.sample.replace("js/i18n/es.js", "one: '{count} jugada'", "one: 'una jugada'")
        self.assertEqual(self.sample.problems(), [])
        self.sample.replace("js/i18n/es.js", "many: '{count} de jugadas', other: '{count} jugadas'", "other: 'jugadas'")
        self.assertFound("'moves' has the placeholders {}, en.js {count}")

    def test_plural_forms_need_other_and_real_categories(self):
        self.sample.replace("js/i18n/es.js", "other: '{count} jugadas'", "plenty: '{count} jugadas'")
        self.assertFound("plenty is not a plural category")
        self.assertFound("'moves' has plural forms without 'other'")

    def test_a_key_twice_is_found(self):
        self.sample.replace("js/i18n/es.js", "  'place.0'", "  'greeting': '¡Hola!',\n  'place.0'")
        self.assertFound("'greeting' is there twice (first on line 4)", "es.js:6:")

    def test_a_catalogue_that_is_not_a_plain_object_is_refused(self):
        self.sample.write("js/i18n/es.js", "export default { 'greeting': hello() };\n")
        self.assertFound("cannot read the catalogue", "es.js:1:")

    def test_a_catalogue_not_imported_or_not_offered_is_found(self):
        self.sample.write("js/i18n/fr.js", SPANISH.replace("Principal", "Principale"))
        self.assertFound("does not import the catalogue i18n/fr.js")
        self.assertFound("LANGUAGES does not offer 'fr'")
        self.assertFound("<noscript> has no line in 'fr'")

    # The code against the catalogue

    def test_a_key_used_in_the_code_that_english_lacks_is_found_with_its_line(self):
        self.sample.replace("js/views/view.js", "setText(title, t('shell.tabbar'));", "setText(title, t('shell.tabbar.missing'));")
        self.assertFound("t('shell.tabbar.missing'): en.js has no 'shell.tabbar.missing'", "view.js:9:")

    def test_a_key_prefix_nobody_has_is_found(self):
        self.sample.replace("js/views/view.js", "t(`place.${cell}`)", "t(`spot.${cell}`)")
        self.assertFound("no key of en.js starts with 'spot.'", "view.js:6:")

    def test_an_error_code_without_words_is_found(self):
        document = {"components": {"schemas": {"ErrorCode": {"enum": ["not_your_turn", "cell_occupied"]}}}}
        self.sample.openapi.write_text(json.dumps(document), encoding="utf-8")
        self.assertFound("the error code 'cell_occupied' has no 'error.cell_occupied' in en.js")

    # Literal words shown by the views

    def literal(self, line):
        """Adds `line` to the view, before its return, and gives the problems found on it."""
        self.sample.replace("js/views/view.js", "  return el('div'", f"  {line}\n  return el('div'")
        return [problem for problem in self.sample.problems() if "view.js:10:" in problem]

    def test_words_given_to_the_dom_helpers_are_found(self):
        for line in ["el('p', {}, 'Hello there');", "el('p', { class: 'x' }, t('greeting'), `Hello ${name}`);",
                     "el('button', { type: 'button', text: 'Save' });", "el('a', { 'aria-label': `Open ${name}` });",
                     "el('input', { placeholder: 'Write a message' });", "el('img', { alt: 'A photo' });",
                     "el('abbr', { title: mode ? 'Online' : 'Offline' });", "setText(title, 'Saved.');",
                     "title.textContent = 'Saved.';", "title.setAttribute('aria-label', 'Board');",
                     "setAttr(title, 'title', `Rules of ${name}`);", "throw new Error('Type your password.');",
                     "title.append(' and more');", "replaceChildren(title, 'Loading…');",
                     "const label = () => 'Waiting for a player';"]:
            with self.subTest(line=line):
                self.sample = Sample(tempfile.mkdtemp(dir=self.folder.name))
                found = self.literal(line)
                self.assertTrue(found, f"nothing found in {line}")
                for problem in found:
                    self.assertIn("which is not from the catalogue: use t()", problem)

    def test_what_is_not_shown_words_is_not_found(self):
        for line in ["el('span', { class: 'brand-o', 'aria-hidden': 'true', text: 'O' });",
                     "el('span', { text: 'OXO' });", "el('p', {}, 'b2', ' · ', '+');",
                     "el('p', { text: mode === 'pass_and_play' ? t('greeting') : t('shell.tabbar') });",
                     "el('p', { id: 'game-status', class: 'status is-result', dataset: { phase: 'live' } });",
                     "el('input', { placeholder: 'K7QX3M' });", "setText(title, `${name} (X)`);",
                     "console.warn('Not shown: the console is for developers');",
                     "return 'serviceWorker' in navigator;"]:
            with self.subTest(line=line):
                self.sample = Sample(tempfile.mkdtemp(dir=self.folder.name))
                self.assertEqual(self.literal(line), [])

    def test_the_service_worker_is_read_too(self):
        self.sample.write("sw.js", "self.registration.showNotification('OXO', { title: 'New message' });\n")
        self.assertFound("'title' shows \"New message\"", "sw.js:1:")

    # The page's shell

    def test_a_shell_text_without_its_key_is_found(self):
        self.sample.replace("index.html", '<nav id="tabbar" aria-label="Main" data-i18n="aria-label:shell.tabbar"></nav>',
                            '<nav id="tabbar" aria-label="Main"></nav>\n  <p>Welcome</p>')
        self.assertFound('<nav> shows "Main" (aria-label) with no data-i18n="aria-label:key"', "index.html:5:")
        self.assertFound('<p> shows "Welcome" (text)', "index.html:6:")

    def test_a_shell_text_that_differs_from_its_key_is_found(self):
        self.sample.replace("index.html", 'aria-label="Main"', 'aria-label="Navigation"')
        self.assertFound('says "Navigation" but en.js\'s \'shell.tabbar\' says "Main"')

    def test_noscript_must_say_each_catalogues_words(self):
        self.sample.replace("index.html", "OXO necesita JavaScript para jugar.", "OXO necesita JavaScript.")
        self.assertFound("<noscript> says \"OXO necesita JavaScript.\" in 'es'")

    # The command line

    def test_the_command_line_fails_with_a_line_a_problem(self):
        self.sample.replace("js/i18n/es.js", "  'place.0': 'arriba a la izquierda',\n", "")
        run = subprocess.run([sys.executable, str(HERE / "check_catalogue.py"), "--public", str(self.sample.public),
                              "--openapi", str(self.sample.openapi)], capture_output=True, text=True)
        self.assertEqual(run.returncode, 1)
        self.assertRegex(run.stdout, r"es\.js:1: lacks 'place\.0'")
        self.assertIn("check_catalogue: 1 problem", run.stderr)

    def test_the_repositorys_own_web_client_passes(self):
        run = subprocess.run([sys.executable, str(HERE / "check_catalogue.py")], capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("check_catalogue: OK", run.stdout)


if __name__ == "__main__":
    unittest.main()
