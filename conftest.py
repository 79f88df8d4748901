"""Collect the optional modules' doctests (adapters, web app) only when their extras are installed."""

import importlib.util

collect_ignore = []
if importlib.util.find_spec("numpy") is None:
    collect_ignore.append("src/belote/adapters/tensor.py")
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore.append("src/belote/adapters/env.py")
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/belote/adapters/openspiel.py")
if importlib.util.find_spec("starlette") is None:
    collect_ignore.append("src/belote/web/app.py")
if importlib.util.find_spec("uvicorn") is None:
    collect_ignore.append("src/belote/web/server.py")
