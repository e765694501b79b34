"""The package's modules import one another without a circle, and none reaches into another's
private names: every import is counted, at the top, under `TYPE_CHECKING` or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Optional

import agent_interaction_kit

PACKAGE = "agent_interaction_kit"
ROOT = Path(agent_interaction_kit.__file__).parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def resolve(importer: str, is_package: bool, level: int, module: Optional[str]) -> str:
    """The absolute name of a relative import (`from ..x import y` in `importer`)."""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, *([module] if module else [])])


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that the module at `path` imports, by name."""
    importer = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = resolve(importer, path.name == "__init__.py", node.level, node.module) if node.level else (node.module or "")
            # `from . import x` imports the submodule x when there is one.
            names = [f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules else target for alias in node.names]
        found.update(name for name in names if name in modules and name != importer)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    return {module_name(path): imports_of(path, modules) for path in paths}


def find_cycle(graph: dict[str, set[str]]) -> Optional[list[str]]:
    """One circle of imports, as the modules along it, or None."""
    state: dict[str, str] = {}
    trail: list[str] = []

    def visit(name: str) -> Optional[list[str]]:
        state[name] = "open"
        trail.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == "open":
                return [*trail[trail.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        trail.pop()
        state[name] = "done"
        return None

    for name in sorted(graph):
        if name not in state:
            cycle = visit(name)
            if cycle:
                return cycle
    return None


def test_the_graph_is_read_from_every_module() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.server" in graph and f"{PACKAGE}.asgi" in graph[f"{PACKAGE}.server"]
    assert f"{PACKAGE}.session" in graph[f"{PACKAGE}.sockets"]


def test_the_package_has_no_import_circle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_a_circle_is_found_where_there_is_one() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def private_reaches(path: Path) -> list[str]:
    """`x._name` where `x` is not `self`, `cls` nor `super()`: a reach into another object's private name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    reaches: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super":
            continue
        reaches.append(f"{path.name}:{node.lineno} .{node.attr}")
    return reaches


def test_the_server_and_its_asgi_app_use_only_public_names_of_each_other_and_of_a_session() -> None:
    for name in ("server.py", "asgi.py"):
        assert private_reaches(ROOT / name) == [], name
