"""axe-core (Deque's accessibility engine, 4.12, the axe.min.js that the PyPI package
axe-playwright-python ships; installed without its dependencies) run in a Selenium page:
the WCAG 2.0, 2.1 and 2.2 rules of levels A and AA, less the rules docs/WEB.md sets aside
with a reason."""

import importlib.util
import re
from pathlib import Path

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
WEB_MD = Path(__file__).resolve().parents[2] / "docs" / "WEB.md"
SET_ASIDE_HEADING = "### axe rules set aside"


def axe_script():
    package = importlib.util.find_spec("axe_playwright_python")
    if package is None:
        raise RuntimeError("axe-playwright-python is missing: Tests/python-env.sh installs "
                           "Tests/browser/requirements-no-deps.txt (run.sh does)")
    return (Path(package.origin).parent / "axe.min.js").read_text(encoding="utf-8")


def set_aside_rules():
    """The rule ids listed under docs/WEB.md's heading, one a bullet: "- `rule-id`: why"."""
    text = WEB_MD.read_text(encoding="utf-8")
    start = text.find(SET_ASIDE_HEADING)
    if start < 0:
        raise AssertionError(f"docs/WEB.md has no heading {SET_ASIDE_HEADING!r}")
    section = text[start + len(SET_ASIDE_HEADING):]
    following = re.search(r"^#{1,3} ", section, re.MULTILINE)
    section = section[:following.start()] if following else section
    return {match.group(1) for match in re.finditer(r"^- `([a-z0-9-]+)`:", section, re.MULTILINE)}


_RUN = """
const done = arguments[arguments.length - 1];
const [tags, skipped] = arguments;
const rules = Object.fromEntries(skipped.map((id) => [id, { enabled: false }]));
window.axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] })
  .then((results) => done(results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }))))
  .catch((error) => done([{ id: 'axe-error', impact: 'critical', help: String(error), url: '', nodes: [] }]));
"""


class Axe:
    def __init__(self):
        self.source = axe_script()
        self.skipped = sorted(set_aside_rules())

    def violations(self, driver, where):
        """One line a violation on the page as it is now, each node's target and what is wrong."""
        driver.set_script_timeout(60)
        # Selenium runs the script as DevTools' own, which the page's policy
        # (script-src 'self') does not govern; once a page, as a reload forgets it.
        if driver.execute_script("return typeof window.axe") == "undefined":
            driver.execute_script(self.source)
        found = driver.execute_async_script(_RUN, TAGS, self.skipped)
        lines = []
        for violation in found:
            lines.append(f"{where}: {violation['id']} ({violation['impact']}) {violation['help']} {violation['url']}")
            for node in violation["nodes"][:8]:
                summary = " ".join(node["summary"].split())[:300]
                lines.append(f"    {node['target']}: {summary}")
        return lines
