"""No private name crosses a module boundary (issue 18: public, fast, trusted steps).

Every name one module of the package takes from another is public: a module
never imports another module's underscore name (``from belote.x import _y``)
nor reads one through the module (``x._y``), and nothing outside
``belote.deal`` reads an underscore attribute of a deal. A faster step that
another module needs is made public, documented and tested instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "belote"


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path)
    found = []
    aliases: dict[str, str] = {}  # local name -> belote module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("belote"):
            for alias in node.names:
                if _private(alias.name) and node.module != here:
                    found.append(f"{here}: imports {node.module}.{alias.name}")
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("belote"):
                    if any(_private(part) for part in alias.name.split(".")):
                        found.append(f"{here}: imports {alias.name}")
                    aliases[alias.asname or alias.name.split(".")[0]] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and aliases[node.value.id] != here
        ):
            found.append(f"{here}: reads {aliases[node.value.id]}.{node.attr}")
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and not here.startswith("belote.deal")
            and isinstance(node.value, ast.Name | ast.Attribute)
            and (node.value.id if isinstance(node.value, ast.Name) else node.value.attr)
            in {"deal", "sample", "child", "copy", "fresh"}
        ):
            found.append(f"{here}: reads a deal's {node.attr}")
    return found


def test_no_private_name_crosses_a_module_boundary() -> None:
    """Issue 18: grep finds no private name crossing a module boundary."""
    found = [line for path in _modules() for line in _violations(path)]
    assert found == []


def test_the_checker_sees_a_crossing() -> None:
    """The check itself finds what it looks for (a test that can fail)."""
    source = "from belote.deal.dealing import _layout\nimport belote.scoring as s\ns._x\ndeal._hands\n"
    probe = SRC / "_probe_boundaries.py"
    probe.write_text(source, encoding="utf-8")
    try:
        found = _violations(probe)
    finally:
        probe.unlink()
    assert len(found) == 3


MAX_LINES = 700
"""No module of the package is a room this big (the game-model issue)."""


def test_no_module_is_over_700_lines() -> None:
    """Each module does one job: none passes 700 lines."""
    big = {
        str(path.relative_to(SRC)): count
        for path in sorted(SRC.rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not big, big
