"""Hatch build hook: compile belote's core with mypyc, or build it pure.

hatchling runs this hook for the wheel target (``pip install .``,
``python -m build``). It compiles the modules listed under ``compiled`` in
``[tool.hatch.build.targets.wheel.hooks.custom]`` of ``pyproject.toml`` (the
one list of the compiled core) with mypyc, from a copy of the sources in a
temporary folder, and adds the extension modules to the wheel beside the
``.py`` files, which stay in it (tracebacks, ``inspect``). Where it cannot
compile (no C compiler, no Python headers, a mypyc error) it says so in one
line and the wheel is the pure one; ``BELOTE_PURE=1`` builds the pure wheel
on purpose, ``BELOTE_REQUIRE_COMPILED=1`` makes a failure to compile fail the
build. An editable install (``pip install -e .``) is always pure: it runs the
files of the work tree.

The wheel records what it holds in ``belote/_core.json`` (the mypyc version
and the compiled modules), which [belote.core][belote.buildinfo.core] reads.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The script run in the temporary folder: mypyc's setuptools front end, then build_ext.
# A subprocess, so that setuptools never reads this project's pyproject.toml and a
# crash of the compiler cannot take the build backend with it.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--build-lib", "out", "--build-temp", "tmp"]
setup(
    name="belote-core",
    ext_modules=mypycify(
        ["--config-file", "mypy.toml", *modules], group_name="belote", opt_level="3"
    ),
)
"""


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


class CompiledCoreHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the mypyc-compiled core to the wheel, or leaves the wheel pure."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the listed modules and add them to the wheel, or say why not."""
        if self.target_name != "wheel" or version == "editable":
            return
        if _flag("BELOTE_PURE"):
            self._say("BELOTE_PURE is set: building the pure-Python core")
            return
        modules = [str(m) for m in self.config.get("compiled", [])]
        try:
            built, mypyc_version = self._compile(modules)
        except _CannotCompile as exc:
            if _flag("BELOTE_REQUIRE_COMPILED"):
                raise RuntimeError(f"belote: mypyc could not compile the core: {exc}") from exc
            self._say(f"cannot compile the core with mypyc ({exc}): building the pure-Python core")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path, target in built.items():
            build_data["force_include"][path] = target
        names = sorted(m.removesuffix(".py").replace("/", ".") for m in modules)
        info = Path(self._workdir) / "_core.json"
        info.write_text(json.dumps({"mypyc": mypyc_version, "modules": names}, indent=1) + "\n")
        build_data["force_include"][str(info)] = "belote/_core.json"
        self._say(f"compiled {len(modules)} modules of the core with mypyc {mypyc_version}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary folder once the wheel is written."""
        workdir = getattr(self, "_workdir", None)
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)

    def _say(self, text: str) -> None:
        print(f"belote: {text}", file=sys.stderr, flush=True)

    def _compile(self, modules: list[str]) -> tuple[dict[str, str], str]:
        """Compile ``modules`` (paths under src/); the built files and their wheel paths."""
        try:
            import mypy.version
        except ImportError as exc:
            raise _CannotCompile("mypy is not installed") from exc
        if not modules:
            raise _CannotCompile("no module is listed")
        include = sysconfig.get_paths()["include"]
        if not (Path(include) / "Python.h").is_file():
            raise _CannotCompile(f"no Python headers in {include}")
        self._workdir = tempfile.mkdtemp(prefix="belote-mypyc-")
        work = Path(self._workdir)
        source = Path(self.root) / "src" / "belote"
        shutil.copytree(source, work / "belote", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(Path(self.root) / "pyproject.toml", work / "mypy.toml")
        (work / "setup.py").write_text(_SETUP)
        self._say(f"compiling {len(modules)} modules with mypyc (BELOTE_PURE=1 skips this)")
        done = subprocess.run(
            [sys.executable, "setup.py", *modules],
            cwd=work, capture_output=True, text=True, check=False,
        )
        if done.returncode != 0:
            log = work / "mypyc.log"
            log.write_text(done.stdout + done.stderr)
            kept = Path(tempfile.gettempdir()) / "belote-mypyc.log"
            shutil.copy(log, kept)
            last = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
            raise _CannotCompile(f"{last[-1] if last else 'mypyc failed'}; log in {kept}")
        built = {}
        for path in (work / "out").rglob("*"):
            if path.suffix in (".so", ".pyd"):
                built[str(path)] = path.relative_to(work / "out").as_posix()
        if not built:
            raise _CannotCompile("mypyc built nothing")
        return built, str(mypy.version.__version__)


class _CannotCompile(Exception):
    """Why the core cannot be compiled here (the build goes on pure)."""
