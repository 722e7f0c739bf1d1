"""Bounds on what a template may build and print (used by :class:`tools.sandbox.Sandbox`).

A scenario's ``text`` is untrusted. Besides the loop and arithmetic bounds of the sandbox:

- **Growth.** Every string or list an expression makes — through ``~`` (:class:`BoundedCodeGenerator`),
  ``+``, ``*``, a filter (``join``, ``list``, ``map``, ``replace`` …) or a call (string methods,
  helpers) — is measured: one value may hold at most ``env.value_limit`` characters or items,
  and all values one rendering makes together at most ``env.made_left`` (a cumulative budget).
  Filters that could make a huge value from small ones (a ``join`` with a long separator,
  ``replace``, ``center``, ``indent``, ``batch``, ``slice``, ``sum`` of lists) are checked before
  they run, so the value is never made.
- **Printing.** In a scenario text only text, numbers and cards may be printed (or glued with
  ``~``, or given to a filter that turns its value into text): a list, a mapping, ``None``, a
  truth value or an object would print as a Python repr (``['x']``, ``None``,
  ``<TemplateReference None>``), which no reader should see (:func:`check_printable`).
"""

from __future__ import annotations

import functools
import math
import types
from typing import Any, Callable, Iterable, Iterator

from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.runtime import Undefined
from jinja2.utils import _PassArg
from jinja2.sandbox import SecurityError

from rommikirja import Card, IllegalMove


class TemplateLimit(SecurityError):
    """A template went over a limit (the message is Finnish)."""


class BoundedCodeGenerator(CodeGenerator):
    """Jinja2's code generator with ``a ~ b`` made through ``environment.bounded_concat`` (measured), and
    in scenario texts every printed expression checked when rendered (Jinja2 would print a
    constant ``{{ none }}`` as ``None`` without asking ``finalize``)."""

    def buffer(self, frame: Any) -> None:
        """A block's output (``{% set x %}…{% endset %}``, a macro, a call or filter block) is
        gathered into a buffer: in scenario texts one that measures what is put into it."""
        if getattr(self.environment, "strict_values", False):
            frame.buffer = self.temporary_identifier()
            self.writeline(f"{frame.buffer} = environment.output_buffer()")
        else:
            super().buffer(frame)

    def _output_child_to_const(self, node: Any, frame: Any, finalize: Any) -> str:
        if getattr(self.environment, "strict_values", False) and not isinstance(node, nodes.TemplateData):
            raise nodes.Impossible()
        return super()._output_child_to_const(node, frame, finalize)

    def visit_Concat(self, node: Any, frame: Any) -> None:
        if frame.eval_ctx.volatile:
            func_name = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            func_name = "markup_join"
        else:
            func_name = "str_join"
        self.write(f"environment.bounded_concat({func_name}, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class OutputBuffer(list):
    """A block's output in a scenario text: every piece counted against the rendering's bounds."""

    __slots__ = ("env",)

    def __init__(self, env: Any) -> None:
        super().__init__()
        self.env = env

    def append(self, piece: Any) -> None:
        charge(self.env, len(piece) if isinstance(piece, str) else 8)
        super().append(piece)

    def extend(self, pieces: Iterable[Any]) -> None:
        for piece in pieces:
            self.append(piece)


def finalize(env: Any, value: Any) -> Any:
    """What a scenario text prints: only text, numbers and cards (:func:`check_printable`), each
    printed value counted against the rendering's bounds."""
    check_printable(value)
    if isinstance(value, str):
        charge(env, len(value))
    return value


# ---------------------------------------------------------------------------------------------
# printing


class Code(str):
    """A code of the program's own in a scenario text (a rule set's option values such as ``low``
    or ``rummy``, ``s.source``, ``s.game``): it compares like the text it is
    (``{% if rules.ace == "low" %}``), but a text does not print it (:func:`check_printable`), nor
    its pieces or changed forms (methods, indexing and iteration give codes too)."""

    __slots__ = ()

    def __getitem__(self, key: Any) -> "Code":
        return Code(str.__getitem__(self, key))

    def __iter__(self) -> Iterator["Code"]:
        return (Code(ch) for ch in str.__iter__(self))


_CODE_MESSAGE = (
    "lauseke tulostaisi ohjelman koodin ”{0}” sellaisenaan, ei suomenkielistä tekstiä; vertaa sitä "
    "ehdossa ja kirjoita teksti itse, esim. {{% if rules.ace == \"low\" %}}…{{% endif %}}"
)
_CARD_MESSAGE = (
    "lauseke tulostaisi kortin koodin ”{0}” sellaisenaan, ei kortin nimeä; kirjoita "
    "{{{{ kortti | name }}}}, {{{{ kortit | names }}}} tai kortin kuva {{{{ kortti | card }}}}"
)


def _kind(value: Any) -> str | None:
    """What ``value`` is, in Finnish, when printing it would show a Python repr or a code of the
    program; None when it prints as text."""
    if isinstance(value, str):
        return "koodi" if isinstance(value, Code) else None
    if isinstance(value, bool):
        return "totuusarvon"
    if isinstance(value, int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else "äärettömän luvun"
    if isinstance(value, Code):
        return "koodi"
    if isinstance(value, Card):
        return "kortti"
    if isinstance(value, IllegalMove):
        return None  # a refusal prints as its Finnish sentence
    if value is None:
        return "tyhjän arvon"
    if isinstance(value, (list, tuple, set, frozenset, range)) or type(value).__name__ == "BoundedRange":
        return "luettelon"
    if isinstance(value, dict):
        return "avain: arvo -taulun"
    return "ohjelman sisäisen arvon"


def check_printable(value: Any) -> Any:
    """``value`` unchanged when it prints as text; else :class:`TemplateLimit` (Finnish)."""
    if isinstance(value, Undefined):
        str(value)  # an unknown name, or an unsafe attribute: its own error
    kind = _kind(value)
    if kind == "koodi":
        raise TemplateLimit(_CODE_MESSAGE.format(str.__str__(value)[:40]))
    if kind == "kortti":
        raise TemplateLimit(_CARD_MESSAGE.format(value.code))
    if kind is not None:
        raise TemplateLimit(
            f"lauseke tulostaisi {kind} sellaisenaan (ohjelman sisäisessä muodossa), ei "
            "tekstiä; tulosta sen osat, esim. {{ kortit | names }}, {{ luvut | join(\", \") }} "
            "tai {{ luku | word }}"
        )
    return value


# ---------------------------------------------------------------------------------------------
# growth


def _size(value: Any) -> int:
    if isinstance(value, (str, list, tuple, dict)):
        return len(value)
    return 0


def account(env: Any, value: Any) -> Any:
    """Measure a value an expression made (see the module docstring); returns it (a generator
    wrapped so that its items are counted as they come)."""
    if isinstance(value, types.GeneratorType):
        return _counted(env, value)
    n = _size(value)
    if n:
        charge(env, n)
    return value


def charge(env: Any, n: int) -> None:
    """Count a value of ``n`` characters or items against one value's and one rendering's bounds."""
    if n > env.value_limit:
        raise TemplateLimit(f"lauseke tekee liian suuren arvon (yli {env.value_limit} merkkiä tai alkiota)")
    left = env.made_left
    if left is not None:
        left -= n
        env.made_left = left
        if left < 0:
            raise TemplateLimit(
                f"lausekkeet tekevät liikaa välituloksia (yhteensä yli {env.made_limit} merkkiä tai alkiota)"
            )


def _counted(env: Any, items: Iterable[Any]) -> Iterator[Any]:
    n = 0
    for item in items:
        n += 1
        if n > env.value_limit:
            raise TemplateLimit(f"lauseke tekee liian suuren arvon (yli {env.value_limit} alkiota)")
        charge(env, _size(item) + 1)
        yield item


def _items(env: Any, value: Any) -> list:
    """An iterable's items as a list, counted."""
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str):
        return list(value)
    out = []
    for item in value:
        out.append(item)
        if len(out) > env.value_limit:
            raise TemplateLimit(f"lauseke tekee liian suuren arvon (yli {env.value_limit} alkiota)")
    charge(env, len(out))
    return out


def _text_len(env: Any, value: Any, cards: bool = False) -> int:
    if env.strict_values and not (cards and isinstance(value, Card)):
        check_printable(value)
    return len(value) if isinstance(value, str) else len(str(value)) if isinstance(value, (int, float, Card)) else 8


def _pre_join(env: Any, args: list, kwargs: dict) -> None:
    if not args:
        return
    items = args[0] = _items(env, args[0])
    sep = kwargs.get("d", args[1] if len(args) > 1 else "")
    if env.strict_values:
        check_printable(sep)  # the separator is printed like any {{ }} output
    attribute = kwargs.get("attribute", args[2] if len(args) > 2 else None)
    if attribute is not None:
        if env.strict_values:  # the items' attribute values are what is printed
            from jinja2.filters import make_attrgetter

            get = make_attrgetter(env, attribute)
            for x in items:
                check_printable(get(x))
        return  # (measured when made)
    total = sum(_text_len(env, x) for x in items) + len(str(sep)) * max(len(items) - 1, 0)
    charge(env, total)


def _pre_words(cards: bool) -> Callable[[Any, list, dict], None]:
    """join_fi (words: text and numbers) and names (cards, printed by their Finnish names): every
    word printed, and the conjunction (and a case) too."""

    def pre(env: Any, args: list, kwargs: dict) -> None:
        if env.strict_values:
            for extra in (*args[1:], *kwargs.values()):
                check_printable(extra)
        if args:
            items = args[0] = _items(env, args[0])
            charge(env, sum(_text_len(env, x, cards) for x in items))

    return pre


def _pre_replace(env: Any, args: list, kwargs: dict) -> None:
    if len(args) < 3:
        return
    s, old, new = (str(a) for a in args[:3])
    count = s.count(old) if old else len(s) + 1
    charge(env, len(s) + count * max(len(new) - len(old), 0))


def _pre_width(position: int, per_line: bool) -> Callable[[Any, list, dict], None]:
    def pre(env: Any, args: list, kwargs: dict) -> None:
        width = kwargs.get("width", args[position] if len(args) > position else 0)
        if isinstance(width, str):
            width = len(width)
        if isinstance(width, int) and args:
            lines = str(args[0]).count("\n") + 1 if per_line else 1
            charge(env, max(width, 0) * lines + len(str(args[0])))

    return pre


def _pre_count_arg(position: int, key: str) -> Callable[[Any, list, dict], None]:
    def pre(env: Any, args: list, kwargs: dict) -> None:
        n = kwargs.get(key, args[position] if len(args) > position else 0)
        if isinstance(n, int):
            charge(env, max(n, 0))

    return pre


def _pre_sum(env: Any, args: list, kwargs: dict) -> None:
    if not args:
        return
    items = args[0] = _items(env, args[0])
    start = kwargs.get("start", args[2] if len(args) > 2 else 0)
    charge(env, _size(start) + sum(_size(x) for x in items))


def _pre_text(env: Any, args: list, kwargs: dict) -> None:
    if args and env.strict_values:
        check_printable(args[0])


#: Filters measured before they run (the rest only after): name → check of (args, kwargs).
PRE_CHECKS: dict[str, Callable[[Any, list, dict], None]] = {
    "join": _pre_join,
    "join_fi": _pre_words(False),
    "names": _pre_words(True),
    "replace": _pre_replace,
    "center": _pre_width(1, False),
    "indent": _pre_width(1, True),
    "batch": _pre_count_arg(1, "linecount"),
    "slice": _pre_count_arg(1, "slices"),
    "sum": _pre_sum,
    "list": lambda env, a, k: a and a.__setitem__(0, _items(env, a[0])),
    **{
        name: _pre_text
        for name in (
            "string",
            "lower",
            "upper",
            "title",
            "capitalize",
            "trim",
            "striptags",
            "e",
            "escape",
            "forceescape",
            "urlencode",
            "wordcount",
            "num",
            "cap",
            "truncate",
            "format",
            "wordwrap",
            "safe",
        )
    },
}

#: Filters whose results are small, bounded by their small input, and that pages call thousands
#: of times: not wrapped.
UNMEASURED = frozenset(
    {
        "card",
        "cards",
        "meld",
        "name",
        "word",
        "numeral",
        "ordinal",
        "count",
        "noun",
        "player",
        "length",
        "first",
        "last",
        "int",
        "float",
        "abs",
        "round",
        "default",
        "d",
    }
)


def bounded_filters(env: Any) -> None:
    """Wrap ``env``'s filters so that what they make is measured (:func:`account`)."""
    for name, func in list(env.filters.items()):
        if name in UNMEASURED:
            continue
        env.filters[name] = _bounded(env, func, PRE_CHECKS.get(name))


def _bounded(env: Any, func: Callable[..., Any], pre: Callable[[Any, list, dict], None] | None) -> Callable[..., Any]:
    skip = 1 if _PassArg.from_obj(func) is not None else 0

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        if pre is not None:
            head, rest = args[:skip], list(args[skip:])
            pre(env, rest, kwargs)
            args = (*head, *rest)
        return account(env, func(*args, **kwargs))

    run.measured = func  # type: ignore[attr-defined]  (the filter it measures)
    return run


def bounded_int(value: Any) -> Any:
    """An integer an expression made, at most 256 bits (about 77 digits)."""
    if isinstance(value, int) and value.bit_length() > 256:
        raise TemplateLimit("lasku tekee liian suuren luvun")
    return value
