"""YAML loading that remembers line numbers, so every error can name file and line.

>>> doc = loads("a: 1\\nb:\\n  - x\\n  - y\\n", "t.yaml")
>>> doc["b"], doc.line_of("b"), doc["b"].line_of(1)
(['x', 'y'], 2, 4)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

__all__ = ["SourceError", "LDict", "LList", "loads", "load", "line_of"]


class SourceError(Exception):
    """An error in an input file: ``path:line: message``."""

    def __init__(self, path: str | Path, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}")


class LDict(dict):
    """A dict that knows the line of itself and of each key."""

    line: int = 0
    lines: dict

    def line_of(self, key: Any) -> int:
        return self.lines.get(key, self.line)


class LList(list):
    """A list that knows the line of itself and of each item."""

    line: int = 0
    lines: list

    def line_of(self, index: int) -> int:
        return self.lines[index] if 0 <= index < len(self.lines) else self.line


def line_of(value: Any, default: int = 0) -> int:
    return getattr(value, "line", default) or default


def _convert(loader: yaml.SafeLoader, node: yaml.Node, path: str) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = LDict()
        out.line, out.lines = line, {}
        for key_node, value_node in node.value:
            key = _convert(loader, key_node, path)
            try:
                hash(key)
            except TypeError:
                raise SourceError(path, key_node.start_mark.line + 1, "avaimen on oltava yksinkertainen arvo")
            if key in out:
                raise SourceError(path, key_node.start_mark.line + 1, f"avain ”{key}” toistuu")
            out[key] = _convert(loader, value_node, path)
            out.lines[key] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        out_l = LList(_convert(loader, item, path) for item in node.value)
        out_l.line, out_l.lines = line, [item.start_mark.line + 1 for item in node.value]
        return out_l
    return loader.construct_object(node, deep=True)


def loads(text: str, path: str | Path = "<text>") -> Any:
    """Parse one YAML document; syntax errors become :class:`SourceError` with the line."""
    path = str(path)
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise SourceError(path, 1, "tiedosto on tyhjä")
        return _convert(loader, node, path)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise SourceError(path, line, f"YAML-virhe: {err.problem or err}") from None
    except yaml.YAMLError as err:
        raise SourceError(path, None, f"YAML-virhe: {err}") from None
    finally:
        loader.dispose()


def load(path: str | Path) -> Any:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SourceError(p, None, f"tiedostoa ei voi lukea: {err}") from None
    return loads(text, p)
