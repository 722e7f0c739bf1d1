"""The Pelaa page's entry point, kept under its old name for the worker (``docs/assets/rommi-worker.js``)
and the README: :func:`rommikirja.app.api.handle` for the ``"pelaa"`` wing (the game itself is in
:mod:`rommikirja.app.pelaa`)."""

from .app.api import pelaa_handle as handle

__all__ = ["handle"]
