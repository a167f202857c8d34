"""The borders between layers and apps (docs/design.md, "Layers" and "Borders"), checked on every run.

The import contracts are in pyproject.toml ([tool.importlinter]), the apps' layers among them; a
module-level import cycle anywhere in the project fails here too, and so does a pair of apps that
import each other (imports inside functions count: grimp, which import-linter uses, sees them).
The layers and that count are printed at the end of the run (tests/conftest.py).
"""

import subprocess
import sys
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
IMPORTLINTER = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
APPS = tuple(IMPORTLINTER["root_packages"])
LAYERS = next(contract["layers"] for contract in IMPORTLINTER["contracts"] if contract["type"] == "layers")


@cache
def project_graph() -> grimp.ImportGraph:
    return grimp.build_graph(*APPS)


def test_the_import_contracts_are_kept():
    linter = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(linter)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def strongly_connected(graph: grimp.ImportGraph) -> list[list[str]]:
    """Tarjan's algorithm over the module graph: every group of modules importing each other."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []
    counter = [0]

    def visit(module: str) -> None:
        # Iterative depth-first search (the graph is deep enough to hit Python's recursion limit).
        work = [(module, iter(sorted(graph.find_modules_directly_imported_by(module))))]
        index[module] = low[module] = counter[0]
        counter[0] += 1
        stack.append(module)
        on_stack.add(module)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return groups


def test_no_module_imports_itself_through_others():
    assert strongly_connected(project_graph()) == []


def app_imports(graph: grimp.ImportGraph, apps=APPS) -> Counter:
    """{(importing app, imported app): how many of its modules' imports}, between two of `apps`."""
    counts = Counter()
    for module in graph.modules:
        importer = module.partition(".")[0]
        for imported in graph.find_modules_directly_imported_by(module):
            app = imported.partition(".")[0]
            if app != importer and app in apps:
                counts[importer, app] += 1
    return counts


def two_way(counts: Counter) -> list[tuple[str, str]]:
    """The pairs of apps that import each other."""
    return sorted((a, b) for a, b in counts if a < b and (b, a) in counts)


def test_the_apps_depend_on_each_other_one_way_only(record_property):
    pairs = two_way(app_imports(project_graph()))
    record_property("layers", " > ".join(LAYERS))
    record_property("two-way dependencies between apps", f"{len(pairs)} {pairs}" if pairs else "0")
    assert pairs == [], f"apps importing each other: {pairs}"


def test_the_two_way_count_sees_a_pair():
    graph = grimp.ImportGraph()
    for name in ("a", "a.x", "b", "b.y", "c"):
        graph.add_module(name)
    graph.add_import(importer="a.x", imported="b.y")
    graph.add_import(importer="b.y", imported="a")  # b imports a lazily or not: the graph has it
    graph.add_import(importer="c", imported="a")
    assert app_imports(graph, ("a", "b", "c")) == {("a", "b"): 1, ("b", "a"): 1, ("c", "a"): 1}
    assert two_way(app_imports(graph, ("a", "b", "c"))) == [("a", "b")]


def test_an_import_inside_a_function_counts(tmp_path, monkeypatch):
    for name, text in (("lower", "def hand_over():\n    import upper  # noqa\n"), ("upper", "")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("lower", "upper", cache_dir=None)
    assert app_imports(graph, ("lower", "upper")) == {("lower", "upper"): 1}


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for name in ("a", "b", "c", "d"):
        graph.add_module(name)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    graph.add_import(importer="c", imported="d")
    assert strongly_connected(graph) == [["a", "b", "c"]]
