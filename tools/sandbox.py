"""The sandbox every template renders in (pages and untrusted scenario texts alike).

Every template renders in :class:`Sandbox` (Jinja2's immutable sandbox: no ``_``-attributes,
no mutating calls) with autoescaping, because Markdown passes HTML through: a value
printed into a page is HTML-escaped unless it is :class:`markupsafe.Markup` made by our
own filters (card faces, melds). Arithmetic that could eat memory, ``range`` and every
loop over it, the length of the output and (for scenario texts) the rendering time are
bounded (:data:`LIMITS`, :mod:`tools.textbounds`); each limit ends in a Finnish message.

A scenario's ``text`` is untrusted: it renders in a stricter environment (a documented
filter set: all but :data:`TEXT_DENIED_FILTERS`; :func:`tools.template_env.text_env`), where
only text, numbers and cards print, and engine codes are compared but never printed
(:func:`_as_code`); :mod:`tools.textcheck` refuses what a text may not type.
"""

from __future__ import annotations

import math
import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment

from rommikirja import IllegalMove

from . import textbounds
from .textbounds import Code, TemplateLimit

#: Bounds for rendering (scenario texts use the ``text_*`` ones).
LIMITS = {
    "range": 10_000,  # items of one range()
    "loop_items": 100_000,  # items taken from range() in one rendering
    "sequence": 10_000,  # length of a string or list made by * in an expression
    "power": 10**12,  # result of ** in an expression
    "page_chars": 5_000_000,  # one page
    "text_chars": 100_000,  # one scenario text
    "text_seconds": 0.5,  # one scenario text (real ones take milliseconds)
    "text_value": 100_000,  # characters or items of one value a scenario text makes
    "text_made": 1_000_000,  # characters and items of all values one scenario text makes
}


#: Jinja2 filters a scenario text may not use: they can grow the output without bound, leave
#: the sandbox's escaping (``safe``), make links (``urlize``), print Python reprs or be random.
#: Every other filter, ours included, is allowed.
TEXT_DENIED_FILTERS = frozenset(
    {
        "safe",
        "format",
        "center",
        "indent",
        "wordwrap",
        "batch",
        "slice",
        "urlize",
        "pprint",
        "xmlattr",
        "tojson",
        "random",
        "replace",
        "truncate",
        "filesizeformat",
        "forceescape",
        "attr",
        "int",
        "float",
    }
)  # a number from a text ({{ names[0] | int }}) is typed

_SAFE_STR_METHODS = frozenset(
    {
        "lower",
        "upper",
        "capitalize",
        "title",
        "strip",
        "lstrip",
        "rstrip",
        "startswith",
        "endswith",
        "count",
        "find",
        "isdigit",
        "isalpha",
        "split",
        "rsplit",
        "splitlines",
    }
)


class BoundedRange(Sequence):
    """``range()`` in templates: at most ``LIMITS['range']`` items, counted against a per-render budget."""

    def __init__(self, env: "Sandbox", *args: int) -> None:
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            raise TemplateLimit("range(): odotettiin kokonaislukuja")
        self.env, self.r = env, range(*args)
        if len(self.r) > LIMITS["range"]:
            raise TemplateLimit(f"range() on liian pitkä ({len(self.r)} alkiota; enintään {LIMITS['range']})")

    def __len__(self) -> int:
        return len(self.r)

    def __getitem__(self, i: Any) -> Any:
        return self.r[i]

    def __iter__(self) -> Iterator[int]:
        for x in self.r:
            self.env.spend(1)
            yield x


class Sandbox(ImmutableSandboxedEnvironment):
    """The sandbox every template renders in, with arithmetic, loop and growth bounds
    (:mod:`tools.textbounds`)."""

    code_generator_class = textbounds.BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "/", "//", "%", "+"})
    budget = LIMITS["loop_items"]
    #: the most characters or items of one value, and what one rendering may still make in all
    #: (None: no cumulative bound; :func:`render_limited` sets it for scenario texts)
    value_limit = LIMITS["page_chars"]
    made_left: int | None = None
    made_limit = 0
    #: scenario texts: only text, numbers and cards print (:func:`textbounds.check_printable`)
    strict_values = False

    def output_buffer(self) -> list:
        """The buffer of a block's output (scenario texts: measured, :class:`textbounds.OutputBuffer`)."""
        return textbounds.OutputBuffer(self)

    def bounded_concat(self, join: Any, parts: tuple) -> Any:
        """``a ~ b ~ …``: the parts printable (scenario texts), the result measured."""
        total = 0
        for part in parts:
            if self.strict_values:
                textbounds.check_printable(part)
            total += len(part) if isinstance(part, str) else 8
        textbounds.charge(self, total)
        return join(parts)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        result = textbounds.account(__self, super().call(__context, __obj, *args, **kwargs))
        if __self.strict_values and isinstance(getattr(__obj, "__self__", None), Code):
            return as_code(result)  # rules.ace.upper() is a code still
        return result

    def getattr(self, obj: Any, attribute: str) -> Any:
        value = super().getattr(obj, attribute)
        if self.strict_values and _code_field(obj, attribute, value):
            return Code(value)  # an option's value (low, rummy), a card's code: compared, never printed
        return value

    def getitem(self, obj: Any, argument: Any) -> Any:
        value = super().getitem(obj, argument)
        if self.strict_values and _code_field(obj, argument, value):
            return Code(value)
        return value

    def spend(self, n: int) -> None:
        self.budget -= n
        if self.budget < 0:
            raise TemplateLimit(f"silmukoissa on liikaa kierroksia (yli {LIMITS['loop_items']})")

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if (
            operator in ("/", "//", "%")
            and isinstance(right, (int, float))
            and right == 0
            and not isinstance(left, str)
        ):
            raise TemplateLimit("jako nollalla")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if (
                    isinstance(seq, (str, list, tuple))
                    and isinstance(times, int)
                    and len(seq) * max(times, 0) > LIMITS["sequence"]
                ):
                    raise TemplateLimit(f"kertolasku tekee liian pitkän arvon (yli {LIMITS['sequence']})")
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(right) > 64 or abs(left) > 1 and abs(right) * math.log10(abs(left)) > 12:
                raise TemplateLimit("potenssi on liian suuri")
        if operator == "%" and isinstance(left, str):
            raise TemplateLimit("merkkijonon muotoilu %-merkillä ei ole sallittu")
        if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
            textbounds.charge(self, len(left) + len(right))  # before the value is made
        result = super().call_binop(context, operator, left, right)
        if type(result) is int:
            return textbounds.bounded_int(result)
        return textbounds.account(self, result) if operator == "*" else result

    def wrap_str_format(self, value: Any) -> None:
        return None  # no str.format / format_map at all (a width can eat memory); see is_safe_attribute

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        # The answer depends only on the object's type and the attribute's name (Jinja2's
        # checks are isinstance tests and name tests), so it is worked out once per pair.
        cls = type(obj)
        key = (cls, attr, self.strict_values)
        verdict = _ATTRIBUTE_VERDICTS.get(key)
        if verdict is None:
            verdict = self._is_safe_attribute(obj, attr, value)
            if obj.__class__ is cls and len(_ATTRIBUTE_VERDICTS) < _ATTRIBUTE_VERDICTS_MAX:
                _ATTRIBUTE_VERDICTS[key] = verdict
        return verdict

    def _is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, str) and attr not in _SAFE_STR_METHODS:
            return False
        if (
            self.strict_values
            and not isinstance(obj, str)
            and callable(value)
            and attr not in _SAFE_METHODS.get(type(obj).__name__, ())
        ):
            return False  # a text reads facts; it calls no method of them (rules.as_mapping())
        return super().is_safe_attribute(obj, attr, value)


#: (type, attribute name, strict) → :meth:`Sandbox.is_safe_attribute` (bounded: names come from untrusted texts).
_ATTRIBUTE_VERDICTS: dict[tuple[type, str, bool], bool] = {}
#: The methods a scenario text may call on a value, by the value's type name (besides the string methods).
_SAFE_METHODS = {
    "dict": frozenset({"items", "keys", "values", "get"}),
    "list": frozenset({"index", "count"}),
    "tuple": frozenset({"index", "count"}),
    "LoopContext": frozenset({"cycle", "changed"}),
}
_ATTRIBUTE_VERDICTS_MAX = 10_000


def _is_engine_value(obj: Any) -> bool:
    """Whether ``obj`` is one of the engine's values (a rule set, card, score, outcome, refusal …):
    its text fields are codes of the program (``low``, ``7H``, ``went_out``), not Finnish prose."""
    return type(obj).__module__.startswith("rommikirja")


def _code_field(obj: Any, attribute: Any, value: Any) -> bool:
    """Whether ``obj.attribute`` (``value``: a text, or one of the engine's string enums such as a
    result kind) is a code a text may compare but not print; a refusal's ``message`` is its Finnish
    sentence (as the refusal itself prints)."""
    return (
        isinstance(value, str)
        and _is_engine_value(obj)
        and not (attribute == "message" and isinstance(obj, IllegalMove))
    )


def as_code(value: Any) -> Any:
    """A text (or a list of texts) as :class:`textbounds.Code`: what a text compares but never prints."""
    if isinstance(value, str):
        return value if isinstance(value, Code) else Code(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [as_code(v) for v in value]
    return value


@contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TemplateLimit` after ``seconds`` of this process's CPU time (main thread
    only; elsewhere no deadline). CPU time, not wall time: a loaded machine (CI, two builds at
    once) must not turn a text that renders in milliseconds into an error."""
    if not seconds or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum: int, frame: Any) -> None:
        raise TemplateLimit(f"tekstin muodostaminen kesti liian kauan (yli {seconds:g} s)")

    old = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def render_limited(
    template: jinja2.Template, context: dict, max_chars: int, seconds: float | None = None, made: int | None = None
) -> str:
    """Render with bounded output size (and time, and ``made``: characters and items of all the
    values the rendering makes, :mod:`tools.textbounds`): a :class:`TemplateLimit` when over."""
    env = template.environment
    if isinstance(env, Sandbox):
        env.budget = LIMITS["loop_items"]
        env.made_left, env.made_limit = made, made or 0
    parts: list[str] = []
    size = 0
    with _deadline(seconds):
        for chunk in template.generate(context):
            size += len(chunk)
            if size > max_chars:
                raise TemplateLimit(f"tuloste on liian pitkä (yli {max_chars} merkkiä)")
            parts.append(chunk)
    return "".join(parts)
