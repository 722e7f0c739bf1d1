"""YAML loading that remembers line numbers, so every error can name file and line.

Scenario and rule files are untrusted input, so loading is bounded: file size, nesting
depth, number of values (alias bombs), integer size; anything else (a FIFO, a directory,
a symlink loop, a NUL byte, broken UTF-8) is refused with a Finnish ``file:line`` message.
The C parser (``yaml.CSafeLoader``) is used when PyYAML has it, the pure one otherwise;
both give the same data and lines. :func:`load` keeps what a file parses to
(:mod:`tools.kept`) and parses it again only when its text (or this module, PyYAML, the
limits or Python) changed; PyYAML is imported only when something is parsed.

>>> doc = loads("a: 1\\nb:\\n  - x\\n  - y\\n", "t.yaml")
>>> doc["b"], doc.line_of("b"), doc["b"].line_of(1)
(['x', 'y'], 2, 4)
"""

from __future__ import annotations

import errno
import os
import re
import stat
import unicodedata
from pathlib import Path
from typing import Any

from . import cache


__all__ = ["SourceError", "LDict", "LList", "loads", "load", "line_of", "read_text", "LIMITS", "yaml_loader"]

#: Bounds on one input file (a rule editor's scenario is a few kilobytes).
LIMITS = {
    "file_bytes": 256 * 1024,  # file size
    "depth": 32,  # nesting of lists and mappings
    "values": 20_000,  # values after expanding aliases (an alias bomb expands to billions)
    "int_digits": 9,  # digits in an integer
}

_INT_TAG = "tag:yaml.org,2002:int"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_STR_TAG = "tag:yaml.org,2002:str"
_FLOAT_TAG = "tag:yaml.org,2002:float"
#: An explicit tag (``!!timestamp``, ``!x``) where a scalar starts, after an anchor if it has one.
_TAG_AT = re.compile(r"(?:&[^\s]+\s+)?(![^\s]*)")
_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
_SCALAR_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "bool", "null", "float")}


def _yaml() -> Any:
    """PyYAML, imported when a file is first parsed (a run that finds every file in the cache of
    parsed files, :func:`load`, never imports it), with this module's loader classes."""
    global yaml, _FAST_LOADER, _PureLoader
    if yaml is not None:
        return yaml
    import yaml as module

    class PureLoader(module.SafeLoader):
        """The pure-Python loader, with a nesting bound (its composer recurses per level)."""

        _depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            self._depth += 1
            try:
                if self._depth > LIMITS["depth"] + 1:
                    raise module.composer.ComposerError(None, None, "too deep", self.peek_event().start_mark)
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1

    fast: type | None = None
    if hasattr(module, "CSafeLoader"):  # PyYAML built with libyaml

        class CLoader(module.CSafeLoader):  # type: ignore[name-defined,misc]
            """The C loader, with PyYAML's tag resolution written for the common case.

            The C composer asks :meth:`resolve` for every node's tag; this gives the same tags
            as :meth:`yaml.resolver.BaseResolver.resolve` (a plain scalar: the first implicit
            resolver for its first character that matches, else ``str``) without its general
            path-resolver machinery, which the safe loader never has.
            """

            def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
                resolvers = self.yaml_implicit_resolvers
                if kind is not module.ScalarNode or self.yaml_path_resolvers or None in resolvers:
                    return super().resolve(kind, value, implicit)
                if implicit[0]:
                    for tag, regexp in resolvers.get(value[:1], ()):  # value[:1] is "" for ""
                        if regexp.match(value):
                            return tag
                return self.DEFAULT_SCALAR_TAG

        fast = CLoader
    _PureLoader, _FAST_LOADER, yaml = PureLoader, fast, module
    return module


yaml: Any = None  # PyYAML once :func:`_yaml` has imported it
_PureLoader: Any = None
_FAST_LOADER: type | None = None


def yaml_loader(fast: bool = True) -> type:
    """The loader class used: ``yaml.CSafeLoader`` when available (and ``fast``), else ``yaml.SafeLoader``."""
    _yaml()
    return _FAST_LOADER if fast and _FAST_LOADER is not None else _PureLoader


class SourceError(Exception):
    """An error in an input file: ``path:line: message``."""

    def __init__(self, path: str | Path, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}")


class SourceErrors(SourceError):
    """Several independent errors of one file, in line order; as a :class:`SourceError` it is
    the first of them (for callers that show one)."""

    def __init__(self, errors: list[SourceError]) -> None:
        first = errors[0]
        super().__init__(first.path, first.line, first.message)
        self.errors = list(errors)


def each_error(err: SourceError) -> list[SourceError]:
    """The errors ``err`` stands for: all of a :class:`SourceErrors`, else ``err`` itself."""
    return list(getattr(err, "errors", [err]))


class LDict(dict):
    """A dict that knows the line of itself and of each key."""

    line: int = 0
    lines: dict

    def line_of(self, key: Any) -> int:
        try:
            return self.lines.get(key, self.line)
        except TypeError:  # an unhashable key asked for
            return self.line


class LList(list):
    """A list that knows the line of itself and of each item."""

    line: int = 0
    lines: list

    def line_of(self, index: int) -> int:
        return self.lines[index] if 0 <= index < len(self.lines) else self.line


def _written(value: Any) -> str:
    from rommikirja.chars import written

    return written(value)


def line_of(value: Any, default: int = 0) -> int:
    return getattr(value, "line", default) or default


class _Lines:
    """Line numbers as an editor shows them: counted by line feeds (``\\n``) only.

    PyYAML (and libyaml) also break lines at a lone ``\\r``, NEL (U+0085) and the Unicode line
    and paragraph separators (U+2028, U+2029), so after such a character in a comment its
    marks are a line ahead of what git, grep and most editors show. When the text has any of
    them, a mark's line is worked out from its character index instead."""

    _OTHER_BREAKS = ("\r", "\x85", "\u2028", "\u2029")

    def __init__(self, text: str) -> None:
        self.feeds: list[int] | None = None
        if not text.isascii() or "\r" in text:
            if any(b in text for b in self._OTHER_BREAKS):
                self.feeds = [i for i, ch in enumerate(text) if ch == "\n"]

    def of(self, mark: Any) -> int:
        if self.feeds is None:
            return mark.line + 1
        import bisect

        return bisect.bisect_left(self.feeds, mark.index) + 1


class _Converter:
    """Nodes → LDict/LList/scalars, counting values and depth as it goes."""

    def __init__(
        self,
        loader: Any,
        path: str,
        lines: _Lines | None = None,
        values: int | None = None,
        aliases: bool = True,
        text: str = "",
    ) -> None:
        self.loader, self.path, self.values = loader, path, 0
        self.tagged = text if "!" in text else ""  # the text, when it may hold an explicit tag
        self.lines = lines or _Lines("")
        self.max_values = LIMITS["values"] if values is None else values
        self.aliases = aliases

    def err(self, node: yaml.Node, message: str) -> SourceError:
        return SourceError(self.path, self.lines.of(node.start_mark), message)

    def convert(self, node: yaml.Node, depth: int = 0) -> Any:
        self.values += 1
        if self.values > self.max_values:
            why = "; YAML-viittaukset (& ja *) voivat moninkertaistaa tiedoston" if self.aliases else ""
            raise self.err(node, f"liikaa arvoja (yli {self.max_values}){why}")
        if depth > LIMITS["depth"]:
            raise self.err(node, f"liian syvä sisäkkäisyys (yli {LIMITS['depth']} tasoa)")
        if self.tagged and type(node) is yaml.ScalarNode and _TAG_AT.match(self.tagged, node.start_mark.index):
            tag = _TAG_AT.match(self.tagged, node.start_mark.index).group(1)
            raise self.err(
                node,
                f"tyyppimerkintä {tag[:40]} ei ole sallittu; kirjoita arvo sellaisenaan "
                "(teksti lainausmerkkeihin, jos se näyttää luvulta tai päivämäärältä)",
            )
        if node.tag == _STR_TAG and type(node) is yaml.ScalarNode:
            return node.value  # the most common value first (what the last branch gives)
        line = self.lines.of(node.start_mark)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _COLLECTION_TAGS:
            raise self.err(
                node,
                f"tyyppimerkintä {node.tag.replace('tag:yaml.org,2002:', '!!')[:40]} "
                "ei ole sallittu; käytä tekstiä, lukuja ja true/false",
            )
        if isinstance(node, yaml.MappingNode):
            out = LDict()
            out.line, out.lines = line, {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise self.err(key_node, "YAML-yhdistäminen (<<) ei ole käytössä; kirjoita kentät auki")
                if (
                    key_node.tag == _STR_TAG
                    and type(key_node) is yaml.ScalarNode
                    and self.values < self.max_values
                    and depth < LIMITS["depth"]
                ):
                    self.values += 1  # convert() of a text key, without the call
                    key = key_node.value
                else:
                    key = self.convert(key_node, depth + 1)
                try:
                    hash(key)
                except TypeError:
                    raise self.err(key_node, "avaimen on oltava yksinkertainen arvo") from None
                if key in out:
                    raise self.err(key_node, f"avain ”{_written(key)}” toistuu")
                out[key] = self.convert(value_node, depth + 1)
                out.lines[key] = self.lines.of(key_node.start_mark)
            return out
        if isinstance(node, yaml.SequenceNode):
            out_l = LList([self.convert(item, depth + 1) for item in node.value])
            out_l.line, out_l.lines = line, [self.lines.of(item.start_mark) for item in node.value]
            return out_l
        if node.tag == _INT_TAG:
            # every digit counts, of any base (0x…, 0o…, 0b…): a 4,000-digit hex number is no smaller
            digits = sum(
                ch.isalnum()
                for ch in node.value.lower().lstrip("+-").removeprefix("0x").removeprefix("0o").removeprefix("0b")
            )
            if digits > LIMITS["int_digits"]:
                raise self.err(node, f"kokonaisluku on liian suuri (yli {LIMITS['int_digits']} numeroa)")
        if node.tag == _TIMESTAMP_TAG:
            return node.value  # a date is text to a scenario
        if node.tag not in _SCALAR_TAGS:
            raise self.err(
                node,
                f"tyyppimerkintä {node.tag.replace('tag:yaml.org,2002:', '!!')[:40]} "
                "ei ole sallittu; käytä tekstiä, lukuja ja true/false",
            )
        if node.tag == _STR_TAG:
            return node.value  # what construct_object would give, without its machinery
        try:
            value = self.loader.yaml_constructors[node.tag](self.loader, node)
        except (ValueError, OverflowError, yaml.YAMLError):
            raise self.err(node, f"arvoa ”{str(node.value)[:40]}” ei voi lukea") from None
        if type(value) is int and abs(value) >= 10 ** LIMITS["int_digits"]:  # (sexagesimal 1:2:3 too)
            raise self.err(node, f"kokonaisluku on liian suuri (yli {LIMITS['int_digits']} numeroa)")
        if node.tag in (_INT_TAG, _FLOAT_TAG) and ":" in node.value:
            raise self.err(
                node,
                f"luku ”{node.value[:40]}” on kirjoitettu kaksoispistein, jolloin YAML lukee sen "
                f"60-järjestelmän lukuna ({_written(value)}); kirjoita tavallinen luku (esim. "
                f"{_written(value)}) tai lainausmerkit, jos tarkoitit tekstiä",
            )
        return value


#: A carriage return that is not part of a CRLF line break.
_LONE_CR = re.compile("\r(?!\n)")
#: Line breaks to YAML that most editors show inside a line (NEL, line and paragraph separator).
_YAML_ONLY_BREAKS = ("\x85", "\u2028", "\u2029")


def hidden_char_error(text: str, path: str) -> SourceError | None:
    """A bidirectional control, zero-width or other default-ignorable character, a blank filler
    or a run of more than two combining marks anywhere in the file (also in a comment: it can
    make a line look other than it is), as ``file:line``; a byte order mark may open it."""
    if text.isascii():
        return None
    from rommikirja.chars import MAX_COMBINING, combining_run, describe, hidden_char

    for ch in _YAML_ONLY_BREAKS:
        at = text.find(ch)
        if at >= 0:
            return SourceError(
                path,
                text.count("\n", 0, at) + 1,
                f"rivillä on merkki {describe(ch)}, jonka YAML lukee rivinvaihdoksi (myös "
                "kommentissa), vaikka editori ei näytä sitä; poista se tai vaihda tavalliseen "
                "rivinvaihtoon",
            )
    ch = hidden_char(text[1:] if text.startswith("\ufeff") else text)
    if ch is None:
        at = combining_run(text)
        if at is None:
            return None
        run = 0
        while (
            at + run < len(text)
            and unicodedata.combining(text[at + run])
            or at + run < len(text)
            and unicodedata.category(text[at + run]) in ("Mn", "Me")
        ):
            run += 1
        return SourceError(
            path,
            text.count("\n", 0, at) + 1,
            f"rivillä on {run} yhdistyvää merkkiä peräkkäin (ensimmäinen {describe(text[at])}); "
            f"enintään {MAX_COMBINING} saa olla peräkkäin, "
            "koska pinottuina ne peittävät tekstin, joten poista ylimääräiset",
        )
    at = text.index(ch, 1 if text.startswith("\ufeff") else 0)
    return SourceError(
        path,
        text.count("\n", 0, at) + 1,
        f"rivillä on näkymätön merkki {describe(ch)}; se voi kätkeä tai kääntää tekstiä, "
        "joten poista se (nimissä, korteissa ja teksteissä ei käytetä näkymättömiä merkkejä)",
    )


def loads(
    text: str, path: str | Path = "<text>", fast: bool = True, limit: int | None = None, values: int | None = None
) -> Any:
    """Parse one YAML document; syntax errors and limits become :class:`SourceError` with the line.

    ``limit`` and ``values`` replace ``LIMITS["file_bytes"]`` and ``LIMITS["values"]`` (the names
    file is larger by design)."""
    path = str(path)
    limit = LIMITS["file_bytes"] if limit is None else limit
    if len(text) > limit:
        raise SourceError(path, None, f"tiedosto on liian suuri (yli {limit} merkkiä)")
    nul = text.find("\0")
    if nul >= 0:
        raise SourceError(path, text.count("\n", 0, nul) + 1, "tiedostossa on NUL-merkki (tiedosto ei ole tekstiä)")
    if "\r" in text:
        lone = _LONE_CR.search(text)
        if lone is not None:
            raise SourceError(
                path,
                text.count("\n", 0, lone.start()) + 1,
                "rivinvaihtona on pelkkä CR-merkki (vanhan Macin muoto), jonka editorit ja git "
                "laskevat riveiksi eri tavoin; tallenna tiedosto tavallisin rivinvaihdoin (LF tai CRLF)",
            )
    hidden = hidden_char_error(text, path)
    if hidden is not None:
        raise hidden
    loader = None
    loader_class = yaml_loader(fast)  # imports PyYAML (the except clauses below name it)
    lines = _Lines(text)
    try:
        loader = loader_class(text)
        node = loader.get_single_node()
        if node is None:
            raise SourceError(path, 1, "tiedosto on tyhjä")
        return _Converter(loader, path, lines, values, aliases="*" in text, text=text).convert(node)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = lines.of(mark) if mark else None
        raise SourceError(path, line, f"YAML-virhe: {_problem(err.problem or err.context)}") from None
    except yaml.reader.ReaderError as err:
        pos = getattr(err, "position", 0) or 0
        raise SourceError(
            path, text.count("\n", 0, pos) + 1, "YAML-virhe: tiedostossa on merkki, jota YAML ei salli (ohjausmerkki?)"
        ) from None
    except yaml.YAMLError as err:
        raise SourceError(path, None, f"YAML-virhe: {_problem(str(err))}") from None
    except RecursionError:
        raise SourceError(path, None, "liian syvä sisäkkäisyys") from None
    finally:
        if loader is not None:
            loader.dispose()


_PROBLEMS = {
    "cannot start any token": "merkki ei voi aloittaa arvoa (sarkain tai @?)",
    "mapping values are not allowed here": "kaksoispiste väärässä paikassa (puuttuuko välilyönti tai lainausmerkit?)",
    "expected ',' or ']'": "luettelosta puuttuu pilkku tai ]",
    "expected ',' or '}'": "avain: arvo -joukosta puuttuu pilkku tai }",
    "found undefined alias": "tuntematon viittaus (*nimi ilman &nimi)",
    "found unexpected end of stream": "tiedosto loppuu kesken",
    "did not find expected key": "odotettiin avainta (sisennys?)",
    "did not find expected '-' indicator": "odotettiin luettelon alkiota (-)",
    "could not find expected ':'": "avaimen jälkeen puuttuu kaksoispiste",
    "found unknown escape character": "tuntematon \\-merkintä lainausmerkeissä",
    "expected <document start>, but found": "odotettiin yhtä YAML-dokumenttia",
    "but found another document": "tiedostossa saa olla vain yksi YAML-dokumentti",
    "too deep": f"liian syvä sisäkkäisyys (yli {LIMITS['depth']} tasoa)",
    "found duplicate anchor": "sama &nimi kahdesti",
    "expected a single document": "tiedostossa saa olla vain yksi YAML-dokumentti",
}


def _problem(problem: Any) -> str:
    """The parser's English problem in Finnish (the original in parentheses when unknown)."""
    text = str(problem or "")
    for en, fi in _PROBLEMS.items():
        if en in text:
            return fi
    return "rakenne ei ole kelvollista YAMLia (tarkista sisennys, kaksoispisteet ja sulkeet)"


_OS_ERRORS = {
    errno.ENOENT: "tiedostoa ei ole",
    errno.ELOOP: "symbolinen linkki kiertää kehää",
    errno.EACCES: "tiedostoon ei ole lukuoikeutta",
    errno.EISDIR: "polku on hakemisto, ei tiedosto",
}


def read_text(path: str | Path, shown: str | Path | None = None, limit: int | None = None) -> str:
    """A regular UTF-8 text file's contents, refusing special files and files over ``limit`` bytes.

    Errors name ``shown`` (the path as the user should see it).
    """
    p = Path(path)
    shown = str(shown if shown is not None else p)
    limit = LIMITS["file_bytes"] if limit is None else limit
    try:
        st = os.stat(p)  # follows symlinks; a loop gives ELOOP
        if not stat.S_ISREG(st.st_mode):
            kind = "hakemisto" if stat.S_ISDIR(st.st_mode) else "erikoistiedosto (esim. putki tai laite)"
            raise SourceError(shown, None, f"ei tavallinen tiedosto vaan {kind}")
        if st.st_size > limit:
            raise SourceError(shown, None, f"tiedosto on liian suuri ({st.st_size} tavua; enintään {limit})")
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as err:
        from .oserrors import describe

        raise SourceError(
            shown, None, _OS_ERRORS.get(err.errno) or f"tiedostoa ei voi lukea: {describe(err)}"
        ) from None
    if len(data) > limit:
        raise SourceError(shown, None, f"tiedosto on liian suuri (yli {limit} tavua)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise SourceError(shown, line, "tiedosto ei ole UTF-8-tekstiä") from None


def load(path: str | Path, shown: str | Path | None = None, fast: bool = True) -> Any:
    """Read and parse one YAML file (bounded, see :data:`LIMITS`).

    What a file parses to is kept between runs (:mod:`tools.cache`), like Python's ``.pyc``
    files: the file is read and checked on every call, and parsed again whenever its text,
    this module, PyYAML, the limits or Python changed (:func:`_cache_key`). Errors are never
    kept: a file that does not parse is parsed (and reported) every time.
    """
    import pickle

    shown = shown if shown is not None else path
    text = read_text(path, shown)
    if not fast:
        return loads(text, shown, fast)
    return cache.cached(
        f"yaml:{shown}",
        _cache_key(text),
        lambda: loads(text, shown, fast),
        encode=lambda data: pickle.dumps(data, protocol=5),
        decode=_unpickle,
        kind="yaml",
    )


_CACHE_SALT: list[bytes] = []


def _cache_key(text: str) -> bytes:
    """:func:`tools.cache.key` of the exact text, this module's source, the limits, PyYAML's
    version file and the Python: what decides what a text parses to."""
    if not _CACHE_SALT:
        from importlib.util import find_spec

        try:
            spec = find_spec("yaml")
            pyyaml = Path(spec.origin).read_bytes() if spec and spec.origin else b"?"
        except (OSError, ImportError, ValueError):
            pyyaml = b"?"
        _CACHE_SALT.append(cache.salt(Path(__file__), pyyaml))
    return cache.key(_CACHE_SALT[0], repr(sorted(LIMITS.items())), text)


_UNPICKLER: list[type] = []


def _unpickle(payload: bytes) -> Any:
    """Unpickling that can make nothing but this module's LDict and LList (and plain values)."""
    if not _UNPICKLER:
        import pickle

        class Restricted(pickle.Unpickler):
            def find_class(self, module: str, name: str) -> Any:
                if module == __name__ and name in ("LDict", "LList"):
                    return LDict if name == "LDict" else LList
                raise pickle.UnpicklingError(f"{module}.{name} ei kuulu jäsennettyyn tiedostoon")

        _UNPICKLER.append(Restricted)
    import io

    return _UNPICKLER[0](io.BytesIO(payload)).load()
