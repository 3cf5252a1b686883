"""The shape of games/ (issue 20): imports run one way, from faces down to the rules.

Read from the source with `ast`, every import counts, at module level or inside a function
(a lazy import that carries a dependency upward is the same dependency, hidden); only
imports under `if TYPE_CHECKING:` are left out, as they never run. Checked:
- no import cycle among the modules of games/;
- no rules module (engine, rules, legal, state, model, data, determinize, cards ...) imports
  a face (text, present, render, bot, designer): the faces import the rules, and each game's
  `__init__.py` wires the two into its `Game`;
- no face, no bot seat and no caller in bot/ or bench/ reaches into an engine's private
  helpers (`engine._x`, `from games.<g>.engine import _X`): what they need has a public name.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FACES = {"text", "present", "render", "bot", "designer"}
WIRING = {"__init__", "registry", "game", "playout"}  # bundles and their users: neither rules nor face


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _typing_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every import node in `tree`, at any depth, except those under `if TYPE_CHECKING:`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _typing_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def import_graph(package: Path) -> dict[str, set[str]]:
    """module -> the modules of `package` it imports (by name, resolved as Python would)."""
    root = package.parent
    paths = {module_name(p, root): p for p in package.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        here = name if is_package else name.rpartition(".")[0]
        found: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = here.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                # `from pkg import mod` names the submodule; `from mod import name` the module
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names]
            for target in targets:
                while target and target not in paths:  # `import games.x.y` of a name inside a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def kind(module: str) -> str:
    last = module.rpartition(".")[2]
    if last in FACES:
        return "face"
    if last in WIRING or module.count(".") < 2 and module != "games.core":
        return "wiring"  # games/<key>/__init__.py, games/registry.py
    return "rules"


def rules_importing_faces(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{m} imports {t}" for m, targets in graph.items() if kind(m) == "rules"
                  for t in targets if kind(t) == "face")


def test_games_have_no_import_cycle():
    found = [sorted(c) for c in cycles(import_graph(ROOT / "games"))]
    assert not found, f"import cycles in games/: {found}"


def test_no_rules_module_imports_a_face():
    assert rules_importing_faces(import_graph(ROOT / "games")) == []


def test_the_checks_see_function_level_imports_and_cycles(tmp_path):
    """The two checks above fail on the shape games/ had before issue 20: an engine that
    imports its text inside a method, and a text module that imports the engine back."""
    game = tmp_path / "games" / "toy"
    game.mkdir(parents=True)
    (tmp_path / "games" / "__init__.py").write_text("")
    (game / "__init__.py").write_text("from games.toy.engine import ToyEngine\nENGINE = ToyEngine()\n")
    (game / "engine.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from games.toy.bot import choose\n"  # typing only: not an edge
        "class ToyEngine:\n"
        "    def describe_action(self):\n"
        "        from .text import describe\n"
        "        return describe(self)\n")
    (game / "text.py").write_text("from games.toy.engine import ToyEngine\ndef describe(e): return ''\n")
    (game / "bot.py").write_text("from games.toy import engine\n")
    graph = import_graph(tmp_path / "games")
    assert graph["games.toy.engine"] == {"games.toy.text"}
    assert graph["games.toy.bot"] == {"games.toy.engine"}
    assert cycles(graph) == [{"games.toy.engine", "games.toy.text"}]
    assert rules_importing_faces(graph) == ["games.toy.engine imports games.toy.text"]


# --- reach-through: private helpers of an engine, used from outside it ------------------------

def private_reaches(paths: list[Path], root: Path = ROOT) -> list[str]:
    """`<engine>._name` (an attribute of anything called engine) and `from games... import _name`."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if re.search(r"engine", ast.unparse(node.value), re.IGNORECASE):
                    found.append(f"{path.relative_to(root)}:{node.lineno} {ast.unparse(node)}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games"):
                found += [f"{path.relative_to(root)}:{node.lineno} from {node.module} import {a.name}"
                          for a in node.names if a.name.startswith("_")]
    return found


def outside_callers() -> list[Path]:
    """The faces and bot seats of every game (and their determinization, which a search bot
    runs), and the platform's callers in bot/ and bench/."""
    faces = [p for p in (ROOT / "games").rglob("*.py") if p.stem in FACES | {"determinize"}]
    return faces + sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "bench").rglob("*.py"))


def test_faces_and_callers_use_no_private_engine_helper():
    assert private_reaches(outside_callers()) == []


def test_reach_through_check_finds_engine_privates(tmp_path):
    face = tmp_path / "bot.py"
    face.write_text("from games.toy.engine import _PRESETS\n"
                    "def choose(engine, state):\n"
                    "    return engine._mech(state), self.engine._unit(state), engine.public(state), state._x\n")
    found = sorted(line.split(" ", 1)[1] for line in private_reaches([face], tmp_path))
    assert found == ["engine._mech", "from games.toy.engine import _PRESETS", "self.engine._unit"]
