"""Jinja2 environment for the Finnish pages and scenario explanations.

Numbers and cards in the prose come from the engine: a scenario's ``text`` is a
template whose literal parts may contain neither digits nor card names
(:func:`check_template` enforces it); everything countable is a template
expression fed by the engine's results.

Finnish filters and globals (all from :mod:`rommikirja.finnish`; ``case`` is one of
nom, gen, part (or par), ill, ine, ela, all, ade, abl, ess, tra):

- ``{{ n | word }}`` → *kolme*; ``{{ n | word("ade") }}`` → *seitsemällä*: 0–10 in
  words, larger numbers in digits (*12:lla* when the number stands alone).
- ``{{ n | numeral("gen") }}`` → *viidentoista*: always in words.
- ``{{ n | ordinal("ade") }}`` → *neljännellä* (1–10 in words, then *12.*).
- ``{{ n | count("kortti", "ade") }}`` → *seitsemällä kortilla*; ``{{ n | count("piste") }}``
  → *15 pistettä*; ``digits=True`` / ``digits=False`` forces digits or words. Nouns:
  ``rommikirja.finnish.NOUN_FORMS``.
- ``{{ "kortti" | noun("ela") }}`` → *kortista*: a counted noun alone.
- ``{{ names[0] | player("all") }}`` → *Ainolle*: a player's name in a case (table
  ``NAME_FORMS``; an unknown name is an error, so verify refuses it).
- ``{{ name }}``, ``{{ cards | names("part") }}``: card names (see ``card_name``).

Arithmetic is never typed: ``{{ sum_text(values(cards)) }}`` → *11 + 20 + 10 + 5 = 46*,
``{{ difference_text(a, b) }}`` → *18 − 7 = 11*, ``{{ product_text(2, 10) }}`` → *2 × 10 = 20*,
``{{ compare_text(30, 51) }}`` → *30 < 51*
(:mod:`tools.sentences`, which also refuses a false equation in any rendered text).
"""
from __future__ import annotations

import functools
import os
import re
from enum import StrEnum
from pathlib import Path
from typing import Any, Sequence

import jinja2
from jinja2 import nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError  # noqa: F401  (re-exported)
from markupsafe import Markup

from rommikirja import IllegalMove
from rommikirja.finnish import (all_card_word_forms, capitalize, card_name, count, join_list, noun,
                                UnknownName, number_word, numeral, ordinal, player_name, rank_name,
                                suit_name)
from rommikirja.melds import opening_card_points
from rommikirja.scoring import hand_value
from rommikirja.solver import best_arrangement

from .sentences import compare_text, difference_text, product_text, sum_text
from . import kept
from . import textbounds, textfold
from .textbounds import Code, TemplateLimit  # noqa: F401  (raised by the sandbox's bounds; re-exported)
from .textfold import typed_constants
from .cardfaces import card_html, cards_html, hand_size_groups, luettelo, meld_html  # noqa: F401
from .text_messages import case_error_message, render_error_message, syntax_message, template_line  # noqa: F401
from .yamlsrc import SourceError

import math  # noqa: E402  (sandbox limits below)
import signal  # noqa: E402
import threading  # noqa: E402
import unicodedata  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from typing import Iterator  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIR = ROOT / "templates"

_CARD_WORDS = all_card_word_forms()
_WORD = re.compile(r"[A-Za-zÅÄÖåäö]+")

# The sandbox (untrusted scenario texts; all templates).
#
# Every template renders in :class:`Sandbox` (Jinja2's immutable sandbox: no ``_``-attributes,
# no mutating calls) with autoescaping, because Markdown passes HTML through: a value
# printed into a page is HTML-escaped unless it is :class:`markupsafe.Markup` made by our
# own filters (card faces, melds). Arithmetic that could eat memory, ``range`` and every
# loop over it, the length of the output and (for scenario texts) the rendering time are
# bounded; each limit ends in a Finnish message.
#
# A scenario's ``text`` is untrusted: it renders in a stricter environment (a documented
# filter set: all but :data:`TEXT_DENIED_FILTERS`) and :func:`check_template` refuses, with
# ``file:line``,
#
# - numbers and card names typed by hand, in the text or in expressions (``{{ 99 }}``,
#   ``{{ 'herttaysin' }}``): everything countable comes from the engine;
# - raw HTML (``<…>``), and links other than to the site's own pages
#   (``[sanasto](sanasto.md#kohta)`` or ``[…](#kohta)``); no ``http://``, ``javascript:`` ….

#: Bounds for rendering (scenario texts use the ``text_*`` ones).
LIMITS = {
    "range": 10_000,            # items of one range()
    "loop_items": 100_000,      # items taken from range() in one rendering
    "sequence": 10_000,         # length of a string or list made by * in an expression
    "power": 10 ** 12,          # result of ** in an expression
    "page_chars": 5_000_000,    # one page
    "text_chars": 100_000,      # one scenario text
    "text_seconds": 0.5,        # one scenario text (real ones take milliseconds)
    "text_value": 100_000,      # characters or items of one value a scenario text makes
    "text_made": 1_000_000,     # characters and items of all values one scenario text makes
}


_cap = capitalize

#: Jinja2 filters a scenario text may not use: they can grow the output without bound, leave
#: the sandbox's escaping (``safe``), make links (``urlize``), print Python reprs or be random.
#: Every other filter, ours included, is allowed.
TEXT_DENIED_FILTERS = frozenset({"safe", "format", "center", "indent", "wordwrap", "batch", "slice",
                                 "urlize", "pprint", "xmlattr", "tojson", "random", "replace", "truncate",
                                 "filesizeformat", "forceescape", "attr",
                                 "int", "float"})      # a number from a text ({{ names[0] | int }}) is typed

_SAFE_STR_METHODS = frozenset({"lower", "upper", "capitalize", "title", "strip", "lstrip", "rstrip",
                               "startswith", "endswith", "count", "find", "isdigit", "isalpha", "split",
                               "rsplit", "splitlines"})


# ---------------------------------------------------------------------------------------------
# the sandbox

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
            return _as_code(result)         # rules.ace.upper() is a code still
        return result

    def getattr(self, obj: Any, attribute: str) -> Any:
        value = super().getattr(obj, attribute)
        if self.strict_values and _code_field(obj, attribute, value):
            return Code(value)              # an option's value (low, rummy), a card's code: compared, never printed
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
        if operator in ("/", "//", "%") and isinstance(right, (int, float)) and right == 0 \
                and not isinstance(left, str):
            raise TemplateLimit("jako nollalla")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) \
                        and len(seq) * max(times, 0) > LIMITS["sequence"]:
                    raise TemplateLimit(f"kertolasku tekee liian pitkän arvon (yli {LIMITS['sequence']})")
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(right) > 64 or abs(left) > 1 and abs(right) * math.log10(abs(left)) > 12:
                raise TemplateLimit("potenssi on liian suuri")
        if operator == "%" and isinstance(left, str):
            raise TemplateLimit("merkkijonon muotoilu %-merkillä ei ole sallittu")
        if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
            textbounds.charge(self, len(left) + len(right))     # before the value is made
        result = super().call_binop(context, operator, left, right)
        if type(result) is int:
            return textbounds.bounded_int(result)
        return textbounds.account(self, result) if operator == "*" else result

    def wrap_str_format(self, value: Any) -> None:
        return None     # no str.format / format_map at all (a width can eat memory); see is_safe_attribute

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
        if self.strict_values and not isinstance(obj, str) and callable(value) \
                and attr not in _SAFE_METHODS.get(type(obj).__name__, ()):
            return False            # a text reads facts; it calls no method of them (rules.as_mapping())
        return super().is_safe_attribute(obj, attr, value)


#: (type, attribute name, strict) → :meth:`Sandbox.is_safe_attribute` (bounded: names come from untrusted texts).
_ATTRIBUTE_VERDICTS: dict[tuple[type, str, bool], bool] = {}
#: The methods a scenario text may call on a value, by the value's type name (besides the string methods).
_SAFE_METHODS = {"dict": frozenset({"items", "keys", "values", "get"}), "list": frozenset({"index", "count"}),
                 "tuple": frozenset({"index", "count"}), "LoopContext": frozenset({"cycle", "changed"})}
_ATTRIBUTE_VERDICTS_MAX = 10_000


class _TemplateCache(jinja2.FileSystemBytecodeCache):
    """Compiled project templates kept in ``templates/__pycache__/`` (ignored by git, like ``.pyc``).

    Jinja2 stores each template's compiled code with a checksum of its source and recompiles
    when the source changed. Scenario texts are kept apart (:func:`compile_text`). A cache that cannot be written is skipped. The compiled code also depends on the
    environment (sandbox, escaping, whitespace options), so the key includes this module's
    source and the Jinja2 version: any change here compiles afresh.
    """

    def __init__(self, directory: str, pattern: str) -> None:
        super().__init__(directory, pattern)
        import hashlib
        self.salt = hashlib.sha256(Path(__file__).read_bytes() + Path(textbounds.__file__).read_bytes()
                                   + jinja2.__version__.encode()).hexdigest()
        self.used: set[str] = set()         # the cache files this run read or wrote (see prune)

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return super().get_cache_key(f"{name}\0{self.salt}", filename)

    def _get_cache_filename(self, bucket: Any) -> str:
        name = super()._get_cache_filename(bucket)
        self.used.add(os.path.basename(name))
        return name

    def prune(self, keep: set[str] = frozenset()) -> int:
        """Delete the compiled templates this cache did not read or write (of older sources, or
        of another version of this module or of Jinja2), and the kept section answers not named
        in ``keep``: call after every template was rendered. Returns how many files were deleted."""
        removed = 0
        directory = Path(self.directory)
        old = [*directory.glob("*.jinja*"), *directory.glob("sections-*.json")]   # (*.jinjac: older tools)
        for path in old:
            if path.name not in self.used and path.name not in keep:
                try:
                    path.unlink()
                    removed += 1
                except OSError:
                    pass
        return removed

    def dump_bytecode(self, bucket: Any) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def _template_cache() -> jinja2.BytecodeCache | None:
    """The cache of compiled templates; none with ``ROMMIKIRJA_TEMPLATE_CACHE=0`` or when it cannot be made."""
    if os.environ.get("ROMMIKIRJA_TEMPLATE_CACHE", "1") == "0":
        return None
    directory = TEMPLATE_DIR / "__pycache__"
    try:
        directory.mkdir(exist_ok=True)
    except OSError:
        return None
    return _TemplateCache(str(directory), "%s.jinja")


def prune_template_cache(env: jinja2.Environment, keep: set[str] = frozenset()) -> int:
    """After ``env`` rendered every page: delete the files in ``templates/__pycache__/`` no run
    will read again (they are never overwritten, only left behind when a template or the tools
    change), but those named in ``keep``."""
    cache = env.bytecode_cache
    return cache.prune(keep) if isinstance(cache, _TemplateCache) else 0


def make_env(loader: jinja2.BaseLoader | None = None) -> jinja2.Environment:
    env = Sandbox(
        loader=loader or jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        bytecode_cache=_template_cache() if loader is None else None,
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    for name in ("lipsum", "cycler", "joiner"):
        env.globals.pop(name, None)
    env.globals.update(range=lambda *args: BoundedRange(env, *args), hand_size_groups=hand_size_groups)

    env.filters.update(
        name=lambda c, case="nom": card_name(c, case),      # herttanelonen, herttanelosen, …
        names=luettelo,                                    # natural list of card names
        card=card_html,                                     # a card drawn as a card
        cards=cards_html,
        meld=meld_html,                                     # one meld, boxed as a unit
        word=number_word,                                   # 3 → kolme; word("ade") → kolmella
        numeral=numeral,                                    # always words: 15 | numeral("gen")
        ordinal=ordinal,                                    # 4 | ordinal("ade") → neljännellä
        count=count,                                        # 7 | count("kortti", "ade") → seitsemällä kortilla
        noun=noun,                                          # "jako" | noun("ela") → jaosta
        player=player_name,                                 # "Aino" | player("all") → Ainolle
        num=lambda n: str(n).replace("-", "−"),             # −120 with a real minus sign
        cap=_cap,
        join_fi=lambda words, conj="ja": join_list([str(w) for w in words], conj),
    )
    textbounds.bounded_filters(env)
    env.globals.update(rank_name=rank_name, suit_name=suit_name, opening_points_of=opening_card_points,
                       sum_text=sum_text, difference_text=difference_text, product_text=product_text,
                       compare_text=compare_text)
    return env


def make_text_env() -> jinja2.Environment:
    """The stricter environment of scenario texts: :func:`make_env` less :data:`TEXT_DENIED_FILTERS`."""
    env = make_env(jinja2.DictLoader({}))
    for name in TEXT_DENIED_FILTERS:
        env.filters.pop(name, None)
    env.value_limit = LIMITS["text_value"]
    env.strict_values = True                    # only text, numbers and cards print: never a repr
    env.finalize = functools.partial(textbounds.finalize, env)
    # No compile-time folding of constant expressions: a text is compiled once and rendered
    # once, so folding only costs time, and every expression is evaluated by the sandbox when
    # rendered (the same result; its limits apply to all of them).
    env.optimized = False
    return env


@contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TemplateLimit` after ``seconds`` of this process's CPU time (main thread
    only; elsewhere no deadline). CPU time, not wall time: a loaded machine (CI, two builds at
    once) must not turn a text that renders in milliseconds into an error."""
    if not seconds or threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "setitimer"):
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


def render_limited(template: jinja2.Template, context: dict, max_chars: int,
                   seconds: float | None = None, made: int | None = None) -> str:
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


# ---------------------------------------------------------------------------------------------
# scenario texts

def scenario_context(sc: Any) -> dict[str, Any]:
    """What a scenario's explanation template can use (all values computed by the engine)."""
    names = sc.names
    out = sc.outcome
    return {
        "s": ScenarioFacts(sc),
        "names": names,
        "rules": sc.rules,
        "start": sc.initial,
        "end": sc.final,
        "outcome": out,
        "score": sc.score,
        "refusals": sc.refusals,
        "checks": sc.checks,
        "priced": sc.priced,
        "deals": sc.deals,
        "waits": sc.waits,
        "winner": (names[sc.score.scorer] if sc.score is not None and sc.score.scorer is not None
                   else None),
        "points": lambda c: sc.rules.card_points(c.rank),
        "values": lambda cards: [sc.rules.card_points(c.rank) for c in cards],
        "value": lambda cards: hand_value(cards, sc.rules),
        "hand": lambda i: sc.initial.hands[i] if sc.initial else (),
        "final_hand": lambda i: sc.final.hands[i] if sc.final else (),
        "arrange": lambda cards: best_arrangement(cards, sc.rules),
        "end_melds": [tm.meld for tm in sc.deal.table] if sc.deal is not None else [],
        "laid_off": [c for cards, _ in getattr(getattr(out, "defender", None), "layoffs", ()) for c in cards],
    }


def _is_engine_value(obj: Any) -> bool:
    """Whether ``obj`` is one of the engine's values (a rule set, card, score, outcome, refusal …):
    its text fields are codes of the program (``low``, ``7H``, ``went_out``), not Finnish prose."""
    return type(obj).__module__.startswith("rommikirja")


def _code_field(obj: Any, attribute: Any, value: Any) -> bool:
    """Whether ``obj.attribute`` (``value``) is a code a text may compare but not print; a refusal's
    ``message`` is its Finnish sentence (as the refusal itself prints). The engine's closed sets
    (``rommikirja.codes``' and ``EventKind``'s StrEnum members) are codes too."""
    return (type(value) is str or isinstance(value, StrEnum)) and _is_engine_value(obj) and not (attribute == "message" and isinstance(obj, IllegalMove))


def _as_code(value: Any) -> Any:
    """A text (or a list of texts) as :class:`textbounds.Code`: what a text compares but never prints."""
    if isinstance(value, str):
        return value if isinstance(value, Code) else Code(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [_as_code(v) for v in value]
    return value


class ScenarioFacts:
    """``s`` in a scenario text: the played scenario's documented facts only (no file path, no
    parsed file, no text, no methods), read-only."""

    __slots__ = ("_sc",)
    #: What ``s`` gives (scenarios/README.md: *koko skenaario*).
    FIELDS = frozenset({"title", "game", "section", "source", "names", "rules", "options", "steps", "initial",
                        "final", "outcome", "score", "totals_before", "totals_after", "deals_played",
                        "next_dealer", "refusals", "checks", "deals", "openings", "cuts", "arranges", "waits",
                        "priced"})

    def __init__(self, sc: Any) -> None:
        object.__setattr__(self, "_sc", sc)

    #: Fields that are codes of the program (``own``, ``perusrommi``): compared, never printed.
    CODES = frozenset({"source", "game"})

    def __getattr__(self, name: str) -> Any:
        if name in ScenarioFacts.FIELDS:
            value = getattr(object.__getattribute__(self, "_sc"), name)
            if name in ScenarioFacts.CODES:
                return _as_code(value)
            if name == "options" and isinstance(value, dict):
                return {k: _as_code(v) for k, v in value.items()}      # {ace: low}: low is a code
            return value
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(name)


_TEXT_ENV: Sandbox | None = None


def text_env() -> Sandbox:
    """The one environment scenario texts compile in."""
    global _TEXT_ENV
    if _TEXT_ENV is None:
        _TEXT_ENV = make_text_env()
    return _TEXT_ENV


_HTML = re.compile(r"<\s*[A-Za-z/!?]")
#: ``](target)``, ``]:`` and ``][``. A target is read up to 300 characters, so that the search stays
#: linear on many ``](``; a longer one is left to the check of the rendered text (tools.markup).
_LINK = re.compile(r"\]\s*\(([^)]{0,300})\)|\]\s*:|\]\s*\[")
_OWN_LINK = re.compile(r"(?:[a-z0-9-]+\.md)?(?:#[a-z0-9-]+)?")
#: A scheme (``x:``) starts only where a run of scheme characters starts (the lookbehind): the search
#: cannot restart inside a run, so it is linear (19,900 letters took 2 s without it).
_SCHEME = re.compile(r"(?<![A-Za-z0-9+.-])[A-Za-z0-9+.-]+:")     # a scheme if it holds a letter (below)
_LETTER = re.compile(r"[A-Za-z]")
_SCRIPT_SCHEME = re.compile(r"javascript:|data:|vbscript:", re.I)


class _UrlSearch:
    """``_URL.search(text)``: a web address or script URL in ``text`` — a scheme followed by ``//``,
    or by a ``(`` later in the same word, or ``javascript:``/``data:``/``vbscript:`` anywhere.
    Linear in the text's length (each word is scanned a bounded number of times)."""

    @staticmethod
    def search(text: str) -> bool:
        if _SCRIPT_SCHEME.search(text):
            return True
        for word in text.split():
            first = None
            for m in _SCHEME.finditer(word):
                if not _LETTER.search(m.group(0)):      # "12:30" is a time, not a scheme
                    continue
                if word.startswith("//", m.end()):
                    return True
                if first is None:
                    first = m.end()
            if first is not None and "(" in word[first:]:
                return True
        return False


_URL = _UrlSearch()


def markup_problems(line_text: str) -> list[str]:
    """Raw HTML and links in a line of scenario text (only links to the site's own pages are allowed)."""
    problems = []
    if _HTML.search(line_text):
        problems.append("raakaa HTML:ää ei sallita tekstissä; kirjoita pelkkää Markdownia")
    for m in _LINK.finditer(line_text):
        target = (m.group(1) or "").strip() if m.group(1) is not None else None
        if target is None or not target or not _OWN_LINK.fullmatch(target):
            problems.append("linkki ei ole sallittu; sallittuja ovat vain linkit sivuston omiin sivuihin, "
                            "esim. [sanasto](sanasto.md#kohta)")
    if _URL.search(line_text):
        problems.append("verkko-osoitteita ja skriptejä ei sallita tekstissä")
    from .markup import literal_markup_problems      # the page policy's literal part (tools.markup)
    problems.extend(literal_markup_problems(line_text))
    return problems


def numeral_char(text: str) -> str | None:
    """The first character of ``text`` that is a number other than an ASCII digit (⁹ Ⅻ ⑳ ½: Unicode
    categories No and Nl; other scripts' digits ``\\d`` finds already) or a playing card (U+1F0A0–U+1F0FF)."""
    for ch in text:
        if ch > "\x7f" and (unicodedata.category(ch) in ("No", "Nl") or "\U0001f0a0" <= ch <= "\U0001f0ff"):
            return ch
    return None


def _numeral_message(ch: str) -> str:
    what = "korttisymboli" if "\U0001f0a0" <= ch <= "\U0001f0ff" else "numeromerkki"
    return (f"merkki ”{ch}” (U+{ord(ch):04X}) on {what}: lukuja ja kortteja ei kirjoiteta käsin; "
            f"{_NUMBER_HINT if what == 'numeromerkki' else _CARD_HINT}")


def _typed_words(text: str) -> tuple[bool, list[str]]:
    return bool(re.search(r"\d", text)), [w for w in _WORD.findall(text) if w.lower() in _CARD_WORDS]


_NUMBER_HINT = "laske se moottorilla ({{ … }})"
_CARD_HINT = "käytä moottorin kortteja (esim. {{ kortti | name }})"


def _walk(tree: nodes.Node) -> Iterator[nodes.Node]:
    """Every node below ``tree`` (the set :meth:`nodes.Node.find_all` visits, in one pass)."""
    stack = [tree]
    pop, push = stack.pop, stack.append
    node_type, list_type = nodes.Node, list
    while stack:
        node = pop()
        for field in node.fields:
            value = getattr(node, field, None)
            if isinstance(value, node_type):
                yield value
                push(value)
            elif isinstance(value, list_type):
                for item in value:
                    if isinstance(item, node_type):
                        yield item
                        push(item)


def template_problems(tree: nodes.Template) -> list[tuple[int, str]]:
    """(template line, message) for every hand-typed number, card name, link or markup."""
    out: list[tuple[int, str]] = []
    for node in _walk(tree):
        if isinstance(node, nodes.TemplateData):
            for i, line_text in enumerate(node.data.split("\n")):
                digits, words = _typed_words(line_text)
                if digits:
                    out.append((node.lineno + i, f"luku on kirjoitettu tekstiin käsin; {_NUMBER_HINT}"))
                for word in words:
                    out.append((node.lineno + i, f"kortin nimi ”{word}” on kirjoitettu käsin; {_CARD_HINT}"))
                ch = numeral_char(line_text)
                if ch is not None:
                    out.append((node.lineno + i, _numeral_message(ch)))
                out.extend((node.lineno + i, p) for p in markup_problems(line_text))
        elif isinstance(node, nodes.Const):
            if isinstance(node.value, str):
                digits, words = _typed_words(node.value)
                if digits:
                    out.append((node.lineno, f"lausekkeen tekstissä on käsin kirjoitettu luku; {_NUMBER_HINT}"))
                for word in words:
                    out.append((node.lineno, f"kortin nimi ”{word}” on kirjoitettu lausekkeeseen käsin; "
                                             f"{_CARD_HINT}"))
                ch = numeral_char(node.value)
                if ch is not None:
                    out.append((node.lineno, _numeral_message(ch)))
                if _HTML.search(node.value) or "](" in node.value or _URL.search(node.value):
                    out.append((node.lineno, "lausekkeen tekstissä on HTML:ää tai linkki; ne eivät ole sallittuja"))
        elif isinstance(node, nodes.Name) and node.name in _HIDDEN_NAMES:
            out.append((node.lineno, f"nimi ”{node.name}” ei ole tekstin käytettävissä; teksti lukee vain "
                                     "dokumentoituja tietoja ja apufunktioita (scenarios/README.md)"))
        elif isinstance(node, nodes.Filter):
            if node.name in TEXT_DENIED_FILTERS:
                out.append((node.lineno, f"suodinta ”{node.name}” ei voi käyttää skenaarion tekstissä"))
        elif isinstance(node, (nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
            out.append((node.lineno, "toisten pohjien käyttö (include, import, extends) ei ole sallittua tekstissä"))
    # numbers and card names behind constant expressions ({{ 98 + 1 }}, {{ "herttay" ~ "si" }})
    out.extend(typed_constants(tree, text_env(), _NUMBER_HINT, _CARD_HINT, _typed_words))
    return sorted(set(out))


#: Names Jinja2 gives every template that a scenario text may not use (``self`` prints a repr).
_HIDDEN_NAMES = frozenset({"self"})


def compile_text(sc: Any, tree: nodes.Template | None = None) -> jinja2.Template:
    """A scenario text compiled once (cached on the scenario; from ``tree`` when already parsed).

    The compiled code is also kept between runs (:mod:`tools.kept`, under :func:`_text_key`),
    like Python's own ``.pyc`` files: only the Jinja2 code generation and Python compilation are
    skipped; the text is still rendered in the sandbox on every run (and parsed and checked
    unless its key is marked clean, :func:`check_template`).
    """
    tpl = getattr(sc, "compiled", None)
    if tpl is None:
        env = text_env()
        key = _text_key(sc)
        name = f"text-code:{getattr(sc, 'path', '')}"
        code = _code_of(kept.get(name, key)) if key is not None else None
        if code is None:
            code = compile(env.compile(tree if tree is not None else sc.text, raw=True), "<template>", "exec")
            if key is not None:
                import marshal
                kept.put(name, key, marshal.dumps(code))
        tpl = env.template_class.from_code(env, code, env.make_globals(None))
        sc.compiled = tpl
    return tpl


_TEXT_SALT: list[bytes] = []


def _text_key(sc: Any) -> bytes | None:
    """The key under which what is known about ``sc``'s text is kept (:mod:`tools.kept`).

    A SHA-256 of the exact text, the scenario's path, this module's source (the environment's
    options), the Jinja2 version, the Python bytecode version and the card words a text may not
    type (from the engine): a changed text (or tool) never meets an old entry, and a copy of a
    scenario elsewhere does not share one. None when ``ROMMIKIRJA_TEMPLATE_CACHE=0``.
    """
    if os.environ.get("ROMMIKIRJA_TEMPLATE_CACHE", "1") == "0" or not isinstance(sc.text, str):
        return None
    import hashlib
    if not _TEXT_SALT:
        import importlib.util
        import sys
        _TEXT_SALT.append(hashlib.sha256(b"\0".join((
            Path(__file__).read_bytes() + (Path(__file__).parent / "markup.py").read_bytes()   # the checks
            + Path(textbounds.__file__).read_bytes() + Path(textfold.__file__).read_bytes()     # and bounds
            + (Path(__file__).parent / "text_messages.py").read_bytes(),                       # and messages
            jinja2.__version__.encode(), sys.implementation.cache_tag.encode(),
            importlib.util.MAGIC_NUMBER, "\n".join(sorted(_CARD_WORDS)).encode()))).digest())
    return hashlib.sha256(b"\0".join((_TEXT_SALT[0], str(getattr(sc, "path", "")).encode("utf-8", "replace"),
                                      sc.text.encode("utf-8", "surrogatepass")))).digest()


def _code_of(payload: bytes | None) -> Any:
    """The code object in a kept payload (``marshal`` bytes), or None."""
    if payload is None:
        return None
    import marshal
    try:
        code = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    return code if isinstance(code, type(compile("", "<template>", "exec"))) else None


_TOO_DEEP = "teksti on liian syvästi sisäkkäistä (luetteloita, lainauksia tai lausekkeita sisäkkäin)"


def check_template(sc: Any) -> list[SourceError]:
    """Errors in a scenario's explanation: syntax, typed numbers or card names, markup, render errors."""
    if not sc.text:
        return []
    env = text_env()

    def at(lineno: int) -> int:
        return sc.text_line + lineno - 1

    key = _text_key(sc)
    clean = (f"text-clean:{getattr(sc, 'path', '')}", key) if key is not None else None
    tree = None
    if clean is None or kept.get(*clean) is None:     # not known to be clean: parse and check it
        try:
            tree = env.parse(sc.text)
        except jinja2.TemplateSyntaxError as err:
            return [SourceError(sc.rel, at(err.lineno or 1), f"text: Jinja2-virhe: {syntax_message(err)}")]
        except RecursionError:
            return [SourceError(sc.rel, sc.text_line, "text: liian syvä sisäkkäisyys")]
        try:
            problems = template_problems(tree)
        except RecursionError:
            return [SourceError(sc.rel, sc.text_line, f"text: {_TOO_DEEP}")]
        errors = [SourceError(sc.rel, at(line), f"text: {msg}") for line, msg in problems]
        if errors:
            return errors
        if clean is not None:
            kept.put(*clean, b"")
    errors = []
    if getattr(sc, "derailed_at", None) is not None:
        return errors               # played only up to a derailed move: the text would render from a
                                    # deal the scenario does not describe (verify says what was left out)
    try:
        compile_text(sc, tree)
        rendered = render_scenario_text(sc)
    except Exception as err:  # every rendering error becomes file:line, never a traceback
        if isinstance(err, UnknownName) and any(f"”{n}”" in str(err) for n in getattr(sc, "names", ())):
            return errors           # a player without case forms: the players line says so (tools.sentences)
        line = getattr(err, "lineno", None) if isinstance(err, jinja2.TemplateError) else None
        line = line or template_line(err.__traceback__) or 1
        errors.append(SourceError(sc.rel, at(line), f"text: {render_error_message(err)}"))
        return errors
    # the rendered text through the page's markup policy (tools.markup): whatever the sanitiser
    # would strip or attr_list would turn into attributes, however the text spelled it
    from .markup import author_problems, source_line
    try:
        problems = author_problems(str(rendered))
    except RecursionError:
        return [SourceError(sc.rel, sc.text_line, f"text: {_TOO_DEEP}")]
    for piece, message in problems:
        errors.append(SourceError(sc.rel, at(source_line(sc.text, piece)), f"text: {message}"))
    return errors


def render_scenario_text(sc: Any, env: jinja2.Environment | None = None) -> Markup:
    """The scenario's explanation as Markdown (``env`` is ignored: texts have their own sandbox)."""
    if not sc.text:
        return Markup("")          # nothing to compile: an empty template renders as nothing
    tpl = compile_text(sc)
    # Rendered once per scenario: verify's text check, the sentence check, the example box and
    # the build all show the same text of the same played scenario (all of it is set when the
    # scenario is loaded). A failed rendering is not kept: it fails again with its error.
    done = getattr(sc, "_rendered_text", None)
    if done is not None and done[0] is tpl:
        return done[1]
    text = render_limited(tpl, scenario_context(sc), LIMITS["text_chars"], LIMITS["text_seconds"],
                          LIMITS["text_made"])
    result = Markup(text.strip())
    try:
        sc._rendered_text = (tpl, result)
    except AttributeError:         # an object without attributes of its own: no reuse
        pass
    return result
