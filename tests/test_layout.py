"""Dependencies run one way: the core at the bottom, readers on it, front ends on top.

Two packages: ``deduce`` (the library and the ``deduce`` command) and ``api`` (the HTTP service
and the web page it serves), which builds on ``deduce``. Every module gets a layer, and may
import only from its own layer or the ones below (imports inside functions count too):

0. the foundation: ``deduce.errors``, ``deduce.findings``, ``deduce.executor``, ``deduce.text.*``;
1. ``deduce.document``, the helpers every reader shares;
2. the core: ``deduce.who.*``, ``deduce.where.*``, ``deduce.game.*``, less the readers;
3. the readers: ``deduce.who.cardfile``, ``deduce.who.brieffile``, ``deduce.where.boardfile``,
   ``deduce.where.stealthfile``, ``deduce.game.fogfile`` and ``deduce.game.store``;
4. ``deduce.shipped``, the shipped data;
5. ``deduce`` itself, the public surface;
6. the renderers, ``deduce.render.*``;
7. the command, ``deduce.cli.*`` (and ``deduce.__main__``);
8. the HTTP service and its web page, ``api.*``.

Besides: WHO's core never imports WHERE or the game, WHERE's core never imports WHO or the
game; the HTTP API never imports the CLI, and nothing in ``deduce`` imports ``api`` but
``deduce serve`` starting it (``deduce.cli.serve``, inside the function that starts the
server). The core does no I/O: it imports no I/O or front-end library, opens and prints
nothing, and leaves ``sys.stdout`` alone. No module imports another that imports it back,
however indirectly, whether the imports run when a module loads, inside a function or only for
the type checker.

This is a plain AST reading of the source, so nothing is imported to check it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("deduce", "api")

FOUNDATION, DOCUMENT, CORE, READER, SHIPPED, PUBLIC, RENDERER, COMMAND, SERVICE = range(9)
LAYER_NAMES = ("foundation", "document helpers", "core", "reader", "shipped data", "public surface", "renderer",
               "command", "HTTP service")
READERS = {"deduce.who.cardfile", "deduce.who.brieffile", "deduce.where.boardfile", "deduce.where.stealthfile",
           "deduce.game.fogfile", "deduce.game.store"}
PILLARS = ("deduce.who", "deduce.where", "deduce.game")
#: What each pillar's core may not import: WHO and WHERE stand alone, the game builds on both.
APART = {"deduce.who": ("deduce.where", "deduce.game"), "deduce.where": ("deduce.who", "deduce.game")}
#: The one place the CLI imports the API: ``deduce serve`` makes the app (with its quotas) and starts it.
SERVE = ("deduce.cli.serve", ("api.app", "api.quotas"))
#: Libraries that do I/O or belong to a front end, which the core never imports.
#: (pydantic is neither: the core's documents are defined with it, :mod:`deduce.schema`.)
IO_LIBRARIES = ("sqlite3", "socket", "subprocess", "argparse", "fastapi", "starlette", "uvicorn", "rich", "http")
IO_CALLS = {"open", "print", "input"}
IO_METHODS = {"read_text", "write_text", "read_bytes", "write_bytes"}
STANDARD_STREAMS = {"stdout", "stderr", "stdin"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


SOURCES: dict[str, Path] = {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}
TREES: dict[str, ast.Module] = {m: ast.parse(p.read_text(encoding="utf-8"), str(p)) for m, p in SOURCES.items()}


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def layer(module: str) -> int | None:
    """The layer of one of the package's modules (None: not placed, which is itself a failure)."""
    if module == "deduce":
        return PUBLIC
    if module in ("deduce.errors", "deduce.findings", "deduce.executor") or within(module, "deduce.text"):
        return FOUNDATION
    if module in ("deduce.document", "deduce.schema"):
        return DOCUMENT
    if module in READERS:
        return READER
    if any(within(module, pillar) for pillar in PILLARS):
        return CORE
    if module == "deduce.shipped":
        return SHIPPED
    if within(module, "deduce.render"):
        return RENDERER
    if module == "deduce.__main__" or within(module, "deduce.cli"):
        return COMMAND
    if within(module, "api"):
        return SERVICE
    return None


@dataclass(frozen=True)
class Import:
    """One import statement's target, where it is, and when it runs."""

    module: str  # the importing module
    target: str  # a module of deduce or api, or a top-level library
    line: int
    at_load: bool  # at module level (not in a function, not under TYPE_CHECKING)
    typing_only: bool  # under ``if TYPE_CHECKING``: read by the type checker, never run

    def where(self) -> str:
        return f"{SOURCES[self.module].relative_to(ROOT)}:{self.line}"


def runs_later(node: ast.AST) -> bool:
    """Whether the imports under ``node`` do not run when the module loads: a function body, or ``if TYPE_CHECKING``."""
    return isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) or for_typing(node)


def for_typing(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:``, whose imports only the type checker reads."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def resolve(module: str, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names, relative imports included."""
    if not node.level:
        return node.module or ""
    package = module if SOURCES[module].name == "__init__.py" else module.rpartition(".")[0]
    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports(module: str) -> Iterator[Import]:
    """Every import of ``module``; ``from deduce.x import y`` is read as ``deduce.x.y`` when that is a module."""

    def visit(node: ast.AST, at_load: bool, typing_only: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield Import(module, alias.name, child.lineno, at_load, typing_only)
            elif isinstance(child, ast.ImportFrom):
                source = resolve(module, child)
                for alias in child.names:
                    name = f"{source}.{alias.name}"
                    yield Import(module, name if name in SOURCES else source, child.lineno, at_load, typing_only)
            else:
                yield from visit(child, at_load and not runs_later(child), typing_only or for_typing(child))

    yield from visit(TREES[module], True, False)


def own_imports(module: str) -> Iterator[Import]:
    """The imports of ``module`` that name another module of the package."""
    for imp in imports(module):
        if any(within(imp.target, package) for package in PACKAGES) and imp.target != module:
            yield imp


def fail(title: str, problems: list[str]) -> None:
    assert not problems, f"{title}:\n  " + "\n  ".join(problems)


def describe(module: str) -> str:
    rank = layer(module)
    return f"{module} ({'no layer' if rank is None else LAYER_NAMES[rank]})"


def test_every_module_has_a_layer() -> None:
    fail("modules without a layer (add them to tests/test_layout.py's layer())",
         [m for m in SOURCES if layer(m) is None])


def test_imports_go_down_the_layers() -> None:
    problems = []
    for module in SOURCES:
        rank = layer(module)
        for imp in own_imports(module):
            target = layer(imp.target)
            if rank is not None and target is not None and target > rank and not serves(imp):
                problems.append(f"{imp.where()}: {describe(module)} imports {describe(imp.target)}, a layer above it")
    fail("imports that go up the layers", problems)


def test_who_and_where_stand_apart_in_the_core() -> None:
    problems = [f"{imp.where()}: {module} ({pillar} core) imports {imp.target}"
                for module in SOURCES if layer(module) == CORE
                for pillar, others in APART.items() if within(module, pillar)
                for imp in own_imports(module) if any(within(imp.target, other) for other in others)]
    fail("WHO's core and WHERE's core must not import each other or the game", problems)


def test_the_cli_and_the_api_stand_apart() -> None:
    problems = []
    for module in SOURCES:
        for imp in own_imports(module):
            if within(module, "api") and within(imp.target, "deduce.cli"):
                problems.append(f"{imp.where()}: {module} imports {imp.target}: the API never uses the CLI")
            if within(module, "deduce") and within(imp.target, "api") and not serves(imp):
                problems.append(f"{imp.where()}: {module} imports {imp.target}: only {SERVE[0]} may import "
                                f"{' and '.join(SERVE[1])}, inside the function that starts the server")
    fail("the CLI and the HTTP API must not depend on each other", problems)


def serves(imp: Import) -> bool:
    """Whether ``imp`` is ``deduce serve`` starting the HTTP service, the one import from deduce into api."""
    return imp.module == SERVE[0] and imp.target in SERVE[1] and not imp.at_load


def io_uses(module: str) -> Iterator[str]:
    """What in ``module`` does I/O or belongs to a front end, each with its line."""
    for imp in imports(module):
        if imp.target.split(".")[0] in IO_LIBRARIES:
            yield f"{imp.where()}: imports {imp.target}"
    path = SOURCES[module].relative_to(ROOT)
    for node in ast.walk(TREES[module]):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in IO_CALLS:
                yield f"{path}:{node.lineno}: calls {func.id}()"
            elif isinstance(func, ast.Attribute) and func.attr in IO_METHODS:
                yield f"{path}:{node.lineno}: calls .{func.attr}()"
        elif (isinstance(node, ast.Attribute) and node.attr in STANDARD_STREAMS
              and isinstance(node.value, ast.Name) and node.value.id == "sys"):
            yield f"{path}:{node.lineno}: uses sys.{node.attr}"


def test_the_core_does_no_io() -> None:
    problems = [f"{use} in {module}, a core module" for module in SOURCES if layer(module) == CORE
                for use in io_uses(module)]
    fail("the core does no I/O (readers, renderers and front ends do)", problems)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as a closed path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                connect(succ)
                low[node] = min(low[node], low[succ])
            elif succ in stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = pop_component(stack, node)
            if len(component) > 1:
                found.append(closed_path(graph, component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def pop_component(stack: list[str], root: str) -> set[str]:
    """Tarjan's step: the modules on the stack down to ``root``, which make one component."""
    component = {stack.pop()}
    while root not in component:
        component.add(stack.pop())
    return component


def closed_path(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """One cycle through a strongly connected component, found by breadth-first search."""
    start = min(component)
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        step = []
        for node in frontier:
            for succ in sorted(graph[node] & component):
                if succ == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if succ not in parents:
                    parents[succ] = node
                    step.append(succ)
        frontier = step
    raise AssertionError(f"no cycle through {start}")


def test_no_import_cycles() -> None:
    """No cycle of imports, at load, in a function (a lazy import hides a cycle, it does not break it) or for the
    type checker alone (a module that names another's type for its annotations still depends on it)."""
    graph = {m: {imp.target for imp in own_imports(m) if imp.target in SOURCES} for m in SOURCES}
    fail("import cycles", [" -> ".join(cycle) for cycle in cycles(graph)])


def test_the_checks_see_imports() -> None:
    """The checks above read what they should: a known import and a known layer of each kind."""
    targets = {imp.target for imp in own_imports("deduce.cli.serve")}
    assert "api.app" in targets
    known = ("deduce.errors", "deduce.document", "deduce.who.cards", "deduce.who.cardfile", "deduce.shipped", "deduce",
             "deduce.render.who", "deduce.cli", "api.app")
    assert [layer(m) for m in known] == list(range(9))
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_the_game_package_lists_its_modules() -> None:
    """``deduce.game``'s docstring names every module of the package, so a reader finds each one there."""
    package = ROOT / "deduce" / "game"
    doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text())) or ""
    missing = [path.stem for path in sorted(package.glob("*.py"))
               if path.stem != "__init__" and f":mod:`~deduce.game.{path.stem}`" not in doc]
    fail("modules missing from deduce.game's docstring", missing)
