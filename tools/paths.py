"""The project's root and paths as messages show them: the lowest room of the tools, imported
by the error helpers (:mod:`tools.oserrors`, :mod:`tools.yamlsrc`) and the scenario model alike."""

from __future__ import annotations

from pathlib import Path

__all__ = ["ROOT", "rel_path"]

ROOT = Path(__file__).resolve().parent.parent


def rel_path(path: Path | str) -> str:
    """``path`` relative to the project when it lies inside it (messages never show absolute paths).

    >>> rel_path(ROOT / "scenarios" / "nimet.yaml"), rel_path("/elsewhere/x.yaml")
    ('scenarios/nimet.yaml', '/elsewhere/x.yaml')
    """
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except (ValueError, OSError, RuntimeError):
        return str(path)
