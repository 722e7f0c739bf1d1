"""The site's Finnish search index, written over Material's ``search/search_index.json``.

Material's search plugin splits every page into sections (``docs``: location, title, text) and
its dialog sends that file's ``config`` and ``docs`` to the search worker. :func:`build_index`
keeps both (the dialog renders the documents) and adds ``config.fi``, what the worker
``docs/assets/haku-worker.js`` needs to search Finnish without Python:

* ``terms``: every base form (lemma) and compound part the site's words have;
* ``forms``: each word seen on the site (a surface form, lower case) → indexes into ``terms``;
  a negative index ``-i-1`` is a compound part or the root of a derived word (``nostopakan`` →
  ``nostopakka``, parts ``nostaa``, ``pakka``). A word whose only lemma is itself is left out;
* ``syn``: the club's search words (``scenarios/hakusanat.yaml``): the reader's word → indexes of
  the site's lemmas (the reader's word is analysed too, so its inflected forms find them);
* ``stop``: words a question is made of (``mitä``, ``kun``, ``jos``, ``on``) that are not searched.

The morphology comes from Voikko (libvoikko with the voikko-fi dictionary) at build time; the
browser only looks the words up, and stems or splits the ones the site never uses.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from .yamlsrc import SourceError

__all__ = ["build_index", "voikko_analyser", "words_of", "SEPARATOR", "STOP_WORDS"]

#: Material's ``separator`` (lunr's tokenizer and the page highlighter): whitespace, hyphens and
#: the punctuation a word may stand next to, so "suora (sarja)" and ”rommi” are words too.
SEPARATOR = r"""[\s\-–—,.;:!?()\[\]{}"'”“’/…]+"""

#: Words of a question, not of its subject (their lemmas too: ``olla`` covers on, oli, ovat).
STOP_WORDS = frozenset(
    """
ei eivät emme en et ette että he hän ja johon joka jos jossa josta jota jotka kanssa koska kuin kuka
kun me mihin miksi mikä mille millä miltä minkä minä missä mistä mitkä mitä miten kuinka milloin
mukaan mutta ne niin noin nyt nämä tämä se sen siinä sitä tai te vaan vai vaikka olla on ovat oli
olen olet ole onko ovatko olisi saa saako saanko voi voiko voinko pitää pitääkö täytyy täytyykö
kannattaako kannattaa pitäisikö paljonko montako mikäli jolloin entä eli sekä myös vain jo
että ettei sitten kumpi kumman kenen kenelle kuka ketä jonka mitkä minkälainen millainen
monta paljon tarkoittaa tarkoittavat
""".split()
)

_TAG = re.compile(r"<[^>]+>")
_WORDS = re.compile(r"[^\W_]+", re.UNICODE)


def words_of(text: str) -> list[str]:
    """The words of a section's HTML text, lower case, as the worker tokenizes it.

    >>> words_of("<p>suora (sarja) &amp; ”rommi” 7♥</p>")
    ['suora', 'sarja', 'rommi', '7']
    """
    return _WORDS.findall(html.unescape(_TAG.sub(" ", text)).lower())


_BASES = re.compile(r"\(([^()]*)\)")


def voikko_analyser() -> Callable[[str], tuple[list[str], list[str]]]:
    """Voikko's analysis of one word: its lemmas and its compound parts / derivation roots.

    >>> analyse = voikko_analyser()
    >>> analyse("nostopakan")
    (['nostopakka'], ['nostaa', 'pakka'])
    """
    try:
        import libvoikko

        voikko = libvoikko.Voikko("fi")
    except (ImportError, OSError) as err:
        raise SourceError(
            "mkdocs.yml",
            None,
            "sivuston haku tarvitsee suomen kielen Voikon: asenna "
            "Debian-paketit libvoikko1 ja voikko-fi sekä Python-paketti "
            "libvoikko (./dev site asentaa ne)",
        ) from err

    def analyse(word: str) -> tuple[list[str], list[str]]:
        lemmas: list[str] = []
        parts: list[str] = []
        for a in voikko.analyze(word):
            base = a.get("BASEFORM", "").lower()
            if base and base not in lemmas:
                lemmas.append(base)
            bases = [b for b in _BASES.findall(a.get("WORDBASES", "")) if b and not b.startswith("+")]
            pieces = [p.lower() for b in bases for p in b.split("=") if p]
            if "=" in base:
                pieces += base.split("=")
            for p in pieces:
                if p != base.replace("=", "") and p not in parts and len(p) > 1:
                    parts.append(p)
        lemmas = [b.replace("=", "") for b in lemmas]
        return lemmas, [p for p in parts if p not in lemmas]

    return analyse


def build_index(
    material: dict,
    synonyms: dict[str, tuple[tuple[str, int], ...]],
    analyse: Callable[[str], tuple[list[str], list[str]]],
    shown: str = "scenarios/hakusanat.yaml",
) -> dict:
    """Material's index with ``config.fi`` added and the separator fixed (see the module)."""
    docs = material["docs"]
    surfaces: set[str] = set()
    for doc in docs:
        surfaces.update(words_of(doc.get("title", "")))
        surfaces.update(words_of(doc.get("text", "")))
    terms: list[str] = []
    ids: dict[str, int] = {}

    def term(t: str) -> int:
        if t not in ids:
            ids[t] = len(terms)
            terms.append(t)
        return ids[t]

    forms: dict[str, list[int]] = {}
    known: set[str] = set()
    for word in sorted(surfaces):
        lemmas, parts = analyse(word) if not word.isdigit() else ([], [])
        known.update(lemmas)
        if not parts and (lemmas == [word] or not lemmas):  # the worker takes such a word as itself
            known.add(word)
            continue
        forms[word] = [term(t) for t in lemmas] + [-term(p) - 1 for p in parts]
    syn: dict[str, list[int]] = {}
    for key, targets in synonyms.items():
        out: list[int] = []
        for target, line in targets:
            for word in target.split():
                lemmas = analyse(word)[0] or [word]
                hit = [t for t in lemmas if t in known or t in surfaces]
                if not hit:
                    raise SourceError(
                        shown,
                        line,
                        f"{key}: sanaa ”{word}” ei ole sivuilla; oikealle puolelle "
                        "kirjoitetaan sivuilla käytetty sana (esim. kuningatar: rouva)",
                    )
                out.extend(term(t) for t in hit)
        syn[key] = sorted(set(out))
        # the reader's word: its own lemmas lead to the same targets (kuningattarella → kuningatar)
        for word in key.split():
            for lemma in analyse(word)[0]:
                if lemma != word and len(key.split()) == 1:
                    syn.setdefault(lemma, syn[key])
    config = dict(material["config"])
    config["separator"] = SEPARATOR
    config["fi"] = {"terms": terms, "forms": forms, "syn": syn, "stop": sorted(STOP_WORDS)}
    return {"config": config, "docs": docs}
