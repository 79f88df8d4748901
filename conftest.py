"""Collect the optional modules' doctests (adapters, web app) only when their extras are installed."""

import importlib.util

collect_ignore = []
if importlib.util.find_spec("numpy") is None:
    collect_ignore.append("src/belote/adapters/tensor.py")
    collect_ignore.append("src/belote/adapters/tensor_v4.py")
    collect_ignore.append("src/belote/adapters/tensor_v5.py")
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore.append("src/belote/adapters/env.py")
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/belote/adapters/openspiel.py")
if importlib.util.find_spec("starlette") is None:
    collect_ignore.append("src/belote/web/app.py")
    collect_ignore.append("src/belote/web/answers.py")
if importlib.util.find_spec("uvicorn") is None:
    collect_ignore.append("src/belote/web/server.py")

# No test writes in the user's data directory (belote serve keeps its games there by default).
import os  # noqa: E402
import tempfile  # noqa: E402

os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="belote-tests-data-")
