"""The page layer's Jinja2 side, in one import: the names the build, verify and the tests use.

Numbers and cards in the prose come from the engine: a scenario's ``text`` is a template whose
literal parts may contain neither digits nor card names; everything countable is a template
expression fed by the engine's results. The rooms, from the ground up:

- :mod:`tools.sandbox`: :class:`Sandbox`, its bounds (:data:`LIMITS`) and :func:`render_limited`;
- :mod:`tools.cardfaces`: card faces and melds as HTML;
- :mod:`tools.template_env`: the environments (:func:`make_env`, :func:`text_env`) with the Finnish
  filters (documented there), and the kept compiled templates;
- :mod:`tools.textcache`: compiled scenario texts kept between runs;
- :mod:`tools.scenario_text`: what a scenario text reads, and the text rendered;
- :mod:`tools.text_messages`: Jinja2's errors as Finnish messages;
- :mod:`tools.textcheck`: :func:`check_template`, the checks of an untrusted text;
- :mod:`tools.site_context`: :class:`SiteContext`, what every page template reads.

What is kept between runs is kept through :mod:`tools.cache`.
"""

from __future__ import annotations

import jinja2  # noqa: F401  (tests build loaders with templating.jinja2)
from jinja2.sandbox import SecurityError  # noqa: F401

from .cardfaces import card_html, cards_html, hand_size_groups, luettelo, meld_html  # noqa: F401
from .paths import ROOT  # noqa: F401
from .sandbox import LIMITS, TEXT_DENIED_FILTERS, BoundedRange, Sandbox, render_limited  # noqa: F401
from .scenario_text import ScenarioFacts, render_scenario_text, scenario_context  # noqa: F401
from .template_env import TEMPLATE_DIR, KeptTemplates, make_env, make_text_env, text_env  # noqa: F401
from .text_messages import case_error_message, render_error_message, syntax_message, template_line  # noqa: F401
from .textbounds import Code, TemplateLimit  # noqa: F401
from .textcache import compile_text, text_key  # noqa: F401
from .textcheck import _URL, check_template, markup_problems, numeral_char, template_problems  # noqa: F401
