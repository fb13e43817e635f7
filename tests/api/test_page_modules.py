"""The web page's modules (``api/static/js``) in their folders, read from their import statements.

The page is ES modules with no build step: ``app.js`` routes to the pages, one folder each (``play/``,
``games/``, ``table/``, ``designer/``, ``home/``, ``howto/``), and ``shared/`` holds what more than one
page uses (the API client, the DOM and word helpers, the map and the shared panels). Checked here:
every import names a file that is there; a page's modules import only ``shared/`` and their own
folder; only ``app.js`` imports a page; ``shared/`` imports no page; no module imports itself back
through others; and only the API client (``shared/api.js``) calls ``fetch`` (the service worker,
``static/sw.js``, is no module of the page: api/offline.py).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

import api
from api.delivery import Delivery

JS = Path(api.__file__).parent / "static" / "js"
#: Every file the page is served, by its URL path (``/static/js/...``, and the words at ``/static/words``).
SERVED = set(Delivery.read().sources)
#: The one module that imports the pages (the router).
APP = "app.js"
#: The folder of what more than one page uses.
SHARED = "shared"
#: The page's one client of the API: the only module that calls fetch.
CLIENT = "shared/api.js"
#: A static import or re-export (``import ... from "x"``, ``import "x"``, ``export ... from "x"``), or a
#: dynamic ``import("x")``: the name is group 2.
IMPORT = re.compile(r"""(?:^\s*import\s*|^\s*(?:import|export)\b[^"';]*?\bfrom\s*|\bimport\s*\(\s*)"""
                    r"""(["'])([^"'\n]+)\1""", re.MULTILINE)
#: A dynamic import of anything but a written name (which could not be checked here).
COMPUTED_IMPORT = re.compile(r"""\bimport\s*\(\s*[^"'\s]""")
#: A call of fetch (not a method of the same name).
FETCH = re.compile(r"(?<![\w.])fetch\s*\(")

Modules = dict[str, str]


def read_modules(folder: Path = JS) -> Modules:
    """Every module under ``folder`` by its path there (``play/play.js``), with its text."""
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.js"))}


def imports(path: str, text: str) -> list[str]:
    """What the module at ``path`` imports, as paths under the modules' folder (``../words/...``
    for the words the page reads, outside it)."""
    return [posixpath.normpath(posixpath.join(posixpath.dirname(path), m[2])) for m in IMPORT.finditer(text)]


def folder(path: str) -> str:
    """The folder of a module (``""`` for app.js)."""
    return posixpath.dirname(path)


def missing(modules: Modules) -> list[str]:
    """Each import that names no file the page is served, as ``module -> name``."""
    return [f"{path} -> {name}" for path, text in modules.items() for name in imports(path, text)
            if name not in modules and posixpath.normpath(f"/static/js/{name}") not in SERVED]


def computed(modules: Modules) -> list[str]:
    """The modules with a dynamic import of a computed name."""
    return [path for path, text in modules.items() if COMPUTED_IMPORT.search(text)]


def strays(modules: Modules) -> list[str]:
    """Each import of a page's module from outside its folder and shared/ (JS modules only: the words
    the page reads are JSON data)."""
    return [f"{path} -> {name}" for path, text in modules.items() if path != APP and folder(path) != SHARED
            for name in imports(path, text) if name.endswith(".js") and folder(name) not in (folder(path), SHARED)]


def page_importers(modules: Modules) -> list[str]:
    """Each import of a page's module from outside that page but by app.js."""
    return [f"{path} -> {name}" for path, text in modules.items() if path != APP for name in imports(path, text)
            if folder(name) not in ("", SHARED, folder(path)) and name.endswith(".js")]


def shared_on_pages(modules: Modules) -> list[str]:
    """Each import of shared/ that leaves shared/ for a module (a page's, or app.js)."""
    return [f"{path} -> {name}" for path, text in modules.items() if folder(path) == SHARED
            for name in imports(path, text) if name.endswith(".js") and folder(name) != SHARED]


def cycle(modules: Modules) -> list[str]:
    """A chain of imports that comes back to its first module ([] for none)."""
    graph = {path: [name for name in imports(path, text) if name in modules] for path, text in modules.items()}
    done: set[str] = set()

    def walk(path: str, chain: list[str]) -> list[str]:
        if path in chain:
            return [*chain[chain.index(path):], path]
        if path in done:
            return []
        for name in graph[path]:
            found = walk(name, [*chain, path])
            if found:
                return found
        done.add(path)
        return []

    for path in graph:
        found = walk(path, [])
        if found:
            return found
    return []


def fetchers(modules: Modules) -> list[str]:
    """The modules but the API client that call fetch."""
    return [path for path, text in modules.items() if path != CLIENT and FETCH.search(text)]


MODULES = read_modules()


def test_the_page_has_its_folders() -> None:
    assert APP in MODULES and CLIENT in MODULES
    assert {folder(p) for p in MODULES} == {"", SHARED, "play", "games", "table", "designer", "home", "howto"}


def test_every_import_names_a_file() -> None:
    assert missing(MODULES) == []
    assert computed(MODULES) == []


def test_a_page_imports_only_shared_and_its_own_folder() -> None:
    assert strays(MODULES) == []


def test_only_app_imports_a_page() -> None:
    assert page_importers(MODULES) == []
    app = {folder(name) for name in imports(APP, MODULES[APP])} - {SHARED}
    assert app == {"play", "games", "table", "designer", "home", "howto"}


def test_shared_imports_no_page() -> None:
    assert shared_on_pages(MODULES) == []


def test_no_module_imports_itself_back() -> None:
    assert cycle(MODULES) == []


def test_only_the_api_client_calls_fetch() -> None:
    assert fetchers(MODULES) == []


VIOLATIONS = {
    "a missing module": (missing, {"play/play.js": 'import {x} from "./gone.js";'}),
    "a computed import": (computed, {"designer/designer.js": "await import(part.module);"}),
    "a page importing another": (strays, {"play/play.js": 'import {recordGame} from "../games/history.js";'}),
    "a page's module imported by a page": (page_importers, {"home/home.js": 'import {x} from "../play/tutorial.js";'}),
    "shared importing a page": (shared_on_pages, {"shared/where.js": 'import {x} from "../table/table.js";'}),
    "a cycle": (cycle, {"play/a.js": 'import {b} from "./b.js";', "play/b.js": 'import {a} from "./a.js";'}),
    "a page calling fetch": (fetchers, {"designer/cardset.js": 'const r = await fetch("/v1/audit");'}),
}


@pytest.mark.parametrize("name", VIOLATIONS)
def test_each_check_finds_its_violation(name: str) -> None:
    """Each check finds a violation of its rule added to the page's modules (so none passes by reading nothing)."""
    check, added = VIOLATIONS[name]
    assert check(MODULES | added) != []
