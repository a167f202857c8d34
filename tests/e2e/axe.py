"""axe-core in the pages under test: inject it (tests/e2e/node_modules, from the npm registry by
scripts/lib.sh's node_deps) and list the violations of a given impact.

    from tests.e2e.axe import assert_no_serious_violations
    assert_no_serious_violations(page, "the timeline")
"""

from pathlib import Path

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def violations(page, impacts=SERIOUS, *, include: str | None = None) -> list[dict]:
    """axe's violations of these impacts on the page as it stands (WCAG 2.x A and AA rules and
    axe's best practices), each {id, impact, help, nodes: [target selectors and summaries]}."""
    if not AXE.exists():
        raise RuntimeError(f"{AXE} is missing: run `make test` (it installs tests/e2e's npm packages)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the browser's protocol, not as a <script> the page's CSP would block
        # (the back office runs no inline script).
        page.evaluate(AXE.read_text())
    found = page.evaluate(
        """async (include) => {
            const result = await axe.run(include ? document.querySelector(include) : document,
                                         {resultTypes: ['violations']});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))
            }));
        }""",
        include,
    )
    return [v for v in found if v["impact"] in impacts]


def describe(found: list[dict]) -> str:
    lines = []
    for violation in found:
        lines.append(f"{violation['impact']} {violation['id']}: {violation['help']}")
        lines += [f"    {node['target']}: {node['summary']}" for node in violation["nodes"][:8]]
    return "\n".join(lines)


def assert_no_serious_violations(page, where: str, *, include: str | None = None) -> None:
    found = violations(page, include=include)
    assert not found, f"axe-core on {where}:\n{describe(found)}"
