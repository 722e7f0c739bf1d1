"""The template environments: :func:`make_env` (pages: the sandbox, the Finnish filters and
helpers) and :func:`text_env` (scenario texts: the stricter one), and the cache of compiled
project templates (entries of :mod:`tools.cache`).

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
import marshal
from pathlib import Path
from types import CodeType

import jinja2
from jinja2.bccache import Bucket

from rommikirja.finnish import (
    capitalize,
    card_name,
    count,
    join_list,
    noun,
    number_word,
    numeral,
    ordinal,
    player_name,
    rank_name,
    suit_name,
)
from rommikirja.melds import opening_card_points

from . import cache, textbounds
from .cardfaces import card_html, cards_html, hand_size_groups, luettelo, meld_html
from .paths import ROOT, rel_path
from .sandbox import LIMITS, TEXT_DENIED_FILTERS, BoundedRange, Sandbox
from .sentences import compare_text, difference_text, product_text, sum_text

TEMPLATE_DIR = ROOT / "templates"


class KeptTemplates(jinja2.BytecodeCache):
    """Compiled project templates kept between runs, one entry of :mod:`tools.cache` per template
    file (``jinja:templates/…``), like Python's ``.pyc`` files.

    The key is :func:`tools.cache.key` of the template's name and source checksum and of what
    the compiled code also depends on: the environment (sandbox, escaping, whitespace options:
    this module, :mod:`tools.sandbox`, :mod:`tools.textbounds`) and the Jinja2 version. Only
    ``marshal``'d code objects are kept. Scenario texts are kept apart (:mod:`tools.textcache`).
    """

    def __init__(self) -> None:
        here = Path(__file__).parent
        self.salt = cache.salt(Path(__file__), here / "sandbox.py", here / "textbounds.py", jinja2.__version__)

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None, source: str) -> Bucket:
        bucket = Bucket(environment, self.get_cache_key(name, filename), self.get_source_checksum(source))
        bucket.kept_name = f"jinja:{rel_path(filename) if filename else name}"
        bucket.kept_key = cache.key(self.salt, name, bucket.checksum)
        payload = cache.lookup(bucket.kept_name, bucket.kept_key)
        if payload is not None:
            try:
                code = marshal.loads(payload)
            except (ValueError, EOFError, TypeError):
                code = None
            bucket.code = code if isinstance(code, CodeType) else None
        return bucket

    def set_bucket(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            cache.keep(bucket.kept_name, bucket.kept_key, marshal.dumps(bucket.code))

    def load_bytecode(self, bucket: Bucket) -> None:  # (get_bucket reads the store itself)
        pass

    def dump_bytecode(self, bucket: Bucket) -> None:  # (set_bucket writes it)
        pass


def _template_cache() -> jinja2.BytecodeCache | None:
    """The cache of compiled templates; none with ``ROMMIKIRJA_TEMPLATE_CACHE=0``."""
    return KeptTemplates() if cache.enabled("template") else None


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
        name=lambda c, case="nom": card_name(c, case),  # herttanelonen, herttanelosen, …
        names=luettelo,  # natural list of card names
        card=card_html,  # a card drawn as a card
        cards=cards_html,
        meld=meld_html,  # one meld, boxed as a unit
        word=number_word,  # 3 → kolme; word("ade") → kolmella
        numeral=numeral,  # always words: 15 | numeral("gen")
        ordinal=ordinal,  # 4 | ordinal("ade") → neljännellä
        count=count,  # 7 | count("kortti", "ade") → seitsemällä kortilla
        noun=noun,  # "jako" | noun("ela") → jaosta
        player=player_name,  # "Aino" | player("all") → Ainolle
        num=lambda n: str(n).replace("-", "−"),  # −120 with a real minus sign
        cap=capitalize,
        join_fi=lambda words, conj="ja": join_list([str(w) for w in words], conj),
    )
    textbounds.bounded_filters(env)
    env.globals.update(
        rank_name=rank_name,
        suit_name=suit_name,
        opening_points_of=opening_card_points,
        sum_text=sum_text,
        difference_text=difference_text,
        product_text=product_text,
        compare_text=compare_text,
    )
    return env


def make_text_env() -> jinja2.Environment:
    """The stricter environment of scenario texts: :func:`make_env` less :data:`TEXT_DENIED_FILTERS`."""
    env = make_env(jinja2.DictLoader({}))
    for name in TEXT_DENIED_FILTERS:
        env.filters.pop(name, None)
    env.value_limit = LIMITS["text_value"]
    env.strict_values = True  # only text, numbers and cards print: never a repr
    env.finalize = functools.partial(textbounds.finalize, env)
    # No compile-time folding of constant expressions: a text is compiled once and rendered
    # once, so folding only costs time, and every expression is evaluated by the sandbox when
    # rendered (the same result; its limits apply to all of them).
    env.optimized = False
    return env


_TEXT_ENV: Sandbox | None = None


def text_env() -> Sandbox:
    """The one environment scenario texts compile in."""
    global _TEXT_ENV
    if _TEXT_ENV is None:
        _TEXT_ENV = make_text_env()
    return _TEXT_ENV
