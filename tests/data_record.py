"""Which tests can give another outcome when only the project's data changes (a pytest plugin,
registered by tests/conftest.py for every session).

A club's copy of the project (tests/test_club_site.py) has the same code, the same tests and the
same fixtures as the project; only its data differs: its rule files, the scenarios generated for
them, the generated pages in ``docs/``, the accepted page snapshots, ``mkdocs.yml``, the templates
a club may add, the built site and whatever lies outside the project (``../shared``). :data:`CODE`
names what is the same in both (the copy is checked to be byte for byte the project's there). A
test's outcome can differ in the copy only if something it runs reads data, so this plugin
records, per test, every such read:

* an audit event (``sys.addaudithook``) that opens, lists or globs a path that is not :data:`CODE`
  (a relative path from the working folder, a link by where it leads);
* any child process (``subprocess.Popen``, ``os.exec``, ``os.posix_spawn``, ``os.system``,
  ``os.fork``): what a child reads is not seen here, so a test that starts one counts as reading;
* a read made while a fixture was being set up counts for every test that uses the fixture, and one
  made while a test module was imported for every test of that module;
* a value kept in memory from an earlier test's read (``functools.lru_cache``, a module's dict of
  loaded files): a function of ``tools/`` or of a helper module of ``tests/`` that was running
  when data was read and can keep state (:meth:`Recorder.keeps_state`) is replaced, in every
  module that names it and in its class, by one that counts a call as a read, so a later test
  that gets the kept value counts as reading too;
* a module of ``engine/`` or ``tools/`` that reads data while it is being imported would make a
  later test's reads invisible: then every test counts as reading (:attr:`Recorder.at_import`).

A test with none of these ran the same code on the same inputs as it would in the copy, so its
outcome there is the project's; the rest (:meth:`Recorder.selected`) is what the copy must run.
``ROMMIKIRJA_DATA_TESTS_OUT=FILE`` writes that list at the end of a session, one test id a line,
the form ``pytest @FILE`` reads. Not seen: a data path only checked for existence (``os.stat``
has no audit event); a kept value reached through a closure, a callback list or a nested dict
filled under a key that was there before; state a tools function hands the engine after a read
(``set_club_names``: the engine's functions are never replaced, it does no I/O of its own).
"""

from __future__ import annotations

import dis
import enum
import functools
import os
import re
import sys
import threading
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The paths (relative to the project root) that a club's copy has exactly as the project has them;
#: everything else is data. A folder ends with ``/``; :data:`NOT_CODE` are the exceptions inside.
CODE = (
    "engine/",
    "tools/",
    "tests/",
    ".vscode/",
    "docs/assets/",
    "node_modules/",
    ".venv/",
    "pyproject.toml",
    "README.md",
    "dev",
)
#: (``tools/__pycache__/kept.pickle``, the tools' store of kept results, is not data: each entry's key
#: is made from everything its value depends on, the exact source included, so a lookup answers as
#: doing the work again would, in the copy too; tools/cache.py, tests/test_yaml_cache.py.)
NOT_CODE = ("tests/snapshots/",)
#: Audit events that start another process.
SPAWN = frozenset({"subprocess.Popen", "os.exec", "os.posix_spawn", "os.spawn", "os.system", "os.fork", "os.forkpty"})
#: Audit events that read a folder or a file (the path is their first argument).
READ = frozenset({"open", "os.listdir", "os.scandir", "glob.glob", "shutil.copytree"})
OUT = "ROMMIKIRJA_DATA_TESTS_OUT"

#: Values that hold no state.
_CONSTANT = (str, bytes, int, float, complex, bool, type(None), tuple, frozenset, range, enum.Enum)
_STORES = frozenset({dis.opmap["STORE_GLOBAL"], dis.opmap["DELETE_GLOBAL"]})
_HOOKED: list[Recorder] = []  # the one audit hook (it cannot be removed) calls the latest recorder


def _audit(event: str, args: tuple) -> None:
    if _HOOKED:
        _HOOKED[-1].event(event, args)


def _absolute(path) -> str:
    """``path`` as a normalised absolute path (a relative one from the working folder)."""
    p = os.fsdecode(os.fspath(path))
    return os.path.normpath(p if os.path.isabs(p) else os.path.join(os.getcwd(), p))


def _sizes(globals_: dict, code: types.CodeType) -> dict[str, int]:
    """The sizes of the dicts, lists and sets among the globals ``code`` names (with those one level in)."""
    out = {}
    for name in code.co_names:
        value = globals_.get(name)
        if type(value) in (dict, list, set):
            inner = (value.values() if isinstance(value, dict) else value) if len(value) < 256 else ()
            out[name] = len(value) + sum(len(v) for v in inner if type(v) in (dict, list, set))
    return out


class Recorder:
    """The reads of one pytest session: ``reads[key]`` is the first thing read for a test id, a
    ``fixture:NAME`` or a ``module:NODEID``."""

    def __init__(self, root: Path = ROOT):
        self.root = str(root)
        self.prefix = self.root + os.sep
        self.code_dirs = tuple(c for c in CODE if c.endswith("/"))
        self.code_files = frozenset(c for c in CODE if not c.endswith("/"))
        self.outside = tuple(
            str(Path(p).resolve()) + os.sep for p in {sys.prefix, sys.base_prefix, sys.exec_prefix} if p
        )
        node = Path(root, "node_modules")
        self.node = str(node.resolve()) + os.sep if node.exists() else None
        self.tools = (self.prefix + "tools" + os.sep, self.prefix + "tests" + os.sep)
        self.module_roots = (self.prefix + "engine" + os.sep, self.prefix + "tools" + os.sep)
        self.current: str | None = None
        self.reads: dict[str, str] = {}
        self.copies: dict[str, str] = {}
        self.at_import: str | None = None
        self.pending: dict[types.CodeType, dict[str, int]] = {}
        self.done: set[types.CodeType] = set()
        self.lock = threading.Lock()
        self.busy = threading.local()

    # -- what counts as data ----------------------------------------------------------------
    def is_data(self, path) -> bool:
        """Whether ``path`` is the project's data (not :data:`CODE`, not a file of Python's own)."""
        try:
            p = _absolute(path)
        except TypeError:
            return False  # a file descriptor: its opening was seen
        if p == self.root or p.startswith(self.prefix):
            rel = p[len(self.prefix) :].replace(os.sep, "/")
            if f"{rel}/".startswith(NOT_CODE):
                return True
            if rel in self.code_files or f"{rel}/" in self.code_dirs or rel.startswith(self.code_dirs):
                return os.path.islink(p) and self.is_data(os.path.realpath(p))
            return True
        if p.startswith(self.outside) or (self.node and p.startswith(self.node)):
            return False
        real = os.path.realpath(p)
        if real != p:
            return self.is_data(real)
        return p.startswith(str(Path(self.root).parent) + os.sep)  # ../shared and its kin

    def inside(self, path) -> bool:
        """Whether ``path`` is in the project's folder (its data or its code)."""
        p = _absolute(path)
        return p == self.root or p.startswith(self.prefix)

    # -- recording -------------------------------------------------------------------------
    def event(self, event: str, args: tuple) -> None:
        if event not in READ and event not in SPAWN:
            return
        if getattr(self.busy, "on", False):
            return
        self.busy.on = True
        try:
            if event in SPAWN:
                what = f"{event} {args[0] if args else ''}"
            elif args and args[0] is not None and self.is_data(args[0]):
                what = f"{event} {os.fsdecode(os.fspath(args[0]))}"
                if event == "shutil.copytree" and self.inside(args[0]) and self.current is not None:
                    with self.lock:
                        self.copies.setdefault(self.current, what)
            elif event in ("os.listdir", "os.scandir") and args and args[0] is None and self.is_data("."):
                what = f"{event} ."
            else:
                return
            self.read(what, sys._getframe(2))
        finally:
            self.busy.on = False

    def read(self, what: str, frame) -> None:
        with self.lock:
            if self.current is not None:
                self.reads.setdefault(self.current, what)
            while frame is not None:
                code = frame.f_code
                name = code.co_filename
                if name.startswith(self.module_roots) and code.co_name == "<module>" and self.at_import is None:
                    self.at_import = f"{what} ({name})"
                if name.startswith(self.tools) and code not in self.done and code not in self.pending:
                    if code.co_name != "<module>":
                        self.pending[code] = _sizes(frame.f_globals, code)
                frame = frame.f_back

    def kept(self, where: str) -> None:
        """A call of a function that once read data: it may return what it kept from then."""
        current = self.current
        if current is not None and current not in self.reads:
            with self.lock:
                self.reads.setdefault(current, f"kept: {where}")

    def wrap_pending(self) -> None:
        """Replace each function that was running during a read (see the module doc)."""
        with self.lock:
            codes, self.pending = self.pending, {}
        if not codes:
            return
        for module in list(sys.modules.values()):
            file = getattr(module, "__file__", None) or ""
            if not file.startswith(self.prefix) or file.startswith(self.prefix + "engine"):
                continue
            for owner in [module, *(v for v in vars(module).values() if isinstance(v, type))]:
                if isinstance(owner, type) and owner.__module__ != module.__name__:
                    continue
                for name, value in list(vars(owner).items()):
                    new = self._wrapped(value, codes)
                    if new is not None:
                        setattr(owner, name, new)

    def _wrapped(self, value, codes):
        if isinstance(value, (staticmethod, classmethod)):
            inner = self._wrapped(value.__func__, codes)
            return None if inner is None else type(value)(inner)
        fn = value
        while hasattr(fn, "__wrapped__") and not isinstance(fn, types.FunctionType):
            fn = fn.__wrapped__  # functools.lru_cache and its kin
        if not isinstance(fn, types.FunctionType) or fn.__code__ not in codes or getattr(value, "_kept", False):
            return None
        if fn is value and not self.keeps_state(fn, codes[fn.__code__]):
            return None  # may be on the stack again at a later read, and looked at again
        self.done.add(fn.__code__)
        where = f"{fn.__module__}.{fn.__qualname__}"
        recorder = self

        def counted(*args, **kwargs):
            recorder.kept(where)
            return value(*args, **kwargs)

        # the function's own globals, so that ``f.__globals__`` is still its module's (a test may patch them)
        counted = types.FunctionType(counted.__code__, fn.__globals__, fn.__name__, None, counted.__closure__)
        functools.update_wrapper(counted, value)
        for attr in ("cache_clear", "cache_info", "cache_parameters"):
            if hasattr(value, attr):
                setattr(counted, attr, getattr(value, attr))
        counted._kept = True
        return counted

    def keeps_state(self, fn: types.FunctionType, before: dict[str, int]) -> bool:
        """Whether ``fn`` can hand a later call something an earlier one read: it rebinds a global,
        has a mutable default, or names a global that holds state: a dict, list or set that grew
        since the read (``before``: their sizes then; one that did not is a table, not a store),
        anything else but a module, a function, a class without mutable class attributes or an
        immutable value. What it gets from a function it calls is that function's own matter (it
        too was running during the read)."""
        code = fn.__code__
        raw = code.co_code
        if any(raw[i] in _STORES for i in range(0, len(raw), 2)):
            return True
        if any(self._state(d) for d in (*(fn.__defaults__ or ()), *(fn.__kwdefaults__ or {}).values())):
            return True
        now = _sizes(fn.__globals__, code)
        for name in code.co_names:
            if name in now:
                if now[name] != before.get(name):
                    return True
            elif name in fn.__globals__ and self._state(fn.__globals__[name]):
                return True
        return False

    def _state(self, value) -> bool:
        if isinstance(value, (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, Path, re.Pattern)):
            return False  # a function's own state is its own matter (see above)
        if isinstance(value, _CONSTANT):
            return False
        if isinstance(value, types.MethodType):
            return self._state(value.__self__)
        if isinstance(value, type):
            return any(
                isinstance(v, (dict, list, set)) and not n.startswith("__")
                for k in value.__mro__
                if k.__module__ != "builtins"
                for n, v in vars(k).items()
            )
        return True  # a container, an instance, a cached or wrapped callable

    # -- the answer ------------------------------------------------------------------------
    def why(self, item) -> str | None:
        """What made ``item`` read data, or None when nothing it ran did."""
        if self.at_import:
            return f"import: {self.at_import}"
        for key in self._keys(item):
            if key in self.reads:
                return self.reads[key]
        return None

    def _keys(self, item) -> tuple[str, ...]:
        module = item.nodeid.split("::", 1)[0]
        return (item.nodeid, f"module:{module}", *(f"fixture:{f}" for f in getattr(item, "fixturenames", ())))

    def copied(self, item) -> str | None:
        """What part of the project ``item`` (or a fixture it uses) copied to a folder of its own
        (``shutil.copytree``), or None: such a test runs the tools on its own edit of a copy."""
        return next((self.copies[k] for k in self._keys(item) if k in self.copies), None)

    def selected(self, items) -> list[str]:
        """The ids of the tests among ``items`` that read data (see the module doc). A parametrized
        test goes by its function's id: the copy runs all its cases, those its data adds too (a
        case for each scenario file, say)."""
        ids: dict[str, None] = {}
        for item in items:
            if self.why(item) is not None:
                name = getattr(item, "originalname", None)
                ids[f"{item.parent.nodeid}::{name}" if name and "[" in item.nodeid else item.nodeid] = None
        return list(ids)

    # -- pytest hooks ----------------------------------------------------------------------
    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(self, collector):
        if not isinstance(collector, pytest.Module):
            return (yield)
        before, self.current = self.current, f"module:{collector.nodeid}"
        try:
            return (yield)
        finally:
            self.current = before
            self.wrap_pending()

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        before, self.current = self.current, f"fixture:{fixturedef.argname}"
        try:
            return (yield)
        finally:
            self.current = before

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.current = item.nodeid
        try:
            return (yield)
        finally:
            self.current = None
            self.wrap_pending()

    def pytest_sessionfinish(self, session):
        out = os.environ.get(OUT)
        if out:
            Path(out).write_text("".join(f"{i}\n" for i in self.selected(session.items)), encoding="utf-8")


def register(config, root: Path = ROOT) -> Recorder:
    """Start recording for this session (tests/conftest.py's ``pytest_configure``)."""
    if not _HOOKED:
        sys.addaudithook(_audit)
    recorder = Recorder(root)
    _HOOKED.append(recorder)
    config.pluginmanager.register(recorder, "data_record")
    config.stash[KEY] = recorder
    return recorder


def unregister(config) -> None:
    recorder = config.stash.get(KEY, None)
    if recorder in _HOOKED:
        _HOOKED.remove(recorder)


KEY = pytest.StashKey[Recorder]()
