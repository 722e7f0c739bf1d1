"""Compiled scenario texts kept between runs: an entry of :mod:`tools.cache` per scenario file
(``text-code:…``), under :func:`text_key`."""

from __future__ import annotations

import marshal
from pathlib import Path
from types import CodeType
from typing import Any

import jinja2
from jinja2 import nodes

from . import cache
from .template_env import text_env

#: The tools a scenario text's compiled code and checks depend on (the environment's options, the
#: bounds, the checks and their messages): a change to any of them makes every key new.
TEXT_TOOLS = (
    "sandbox.py",
    "template_env.py",
    "textcache.py",
    "textcheck.py",
    "markup.py",
    "textbounds.py",
    "textfold.py",
    "text_messages.py",
)


def compile_text(sc: Any, tree: nodes.Template | None = None) -> jinja2.Template:
    """A scenario text compiled once (cached on the scenario; from ``tree`` when already parsed).

    The compiled code is also kept between runs (:mod:`tools.cache`, under :func:`text_key`),
    like Python's own ``.pyc`` files: only the Jinja2 code generation and Python compilation are
    skipped; the text is still rendered in the sandbox on every run (and parsed and checked
    unless its key is marked clean, :func:`tools.textcheck.check_template`).
    """
    tpl = getattr(sc, "compiled", None)
    if tpl is None:
        env = text_env()

        def compiled() -> CodeType:
            return compile(env.compile(tree if tree is not None else sc.text, raw=True), "<template>", "exec")

        code = cache.cached(
            f"text-code:{getattr(sc, 'path', '')}", text_key(sc), compiled, encode=marshal.dumps, decode=_code_of
        )
        tpl = env.template_class.from_code(env, code, env.make_globals(None))
        sc.compiled = tpl
    return tpl


def text_key(sc: Any) -> bytes | None:
    """The key under which what is known about ``sc``'s text is kept (:func:`tools.cache.key`).

    Of the exact text, the scenario's path, the tools' sources (:data:`TEXT_TOOLS`), the Jinja2
    version and the Python: a changed text (or tool) never meets an old entry, and a copy of a
    scenario elsewhere does not share one. None when ``ROMMIKIRJA_TEMPLATE_CACHE=0``.
    """
    if not cache.enabled("template") or not isinstance(sc.text, str):
        return None
    here = Path(__file__).parent
    salt = cache.salt(*(here / name for name in TEXT_TOOLS), jinja2.__version__)
    return cache.key(salt, str(getattr(sc, "path", "")).encode("utf-8", "replace"), sc.text)


def _code_of(payload: bytes) -> CodeType | None:
    """The code object in a kept payload (``marshal`` bytes), or None."""
    try:
        code = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None
