"""Players' names in their case forms: a built-in table and a club's own names.

A name neither holds is an error (:class:`UnknownName`), never a guessed form.
"""

from __future__ import annotations

from typing import Sequence

from .cases import SINGULAR_CASES, singular_index

__all__ = ["UnknownName", "NAME_FORMS", "set_club_names", "club_names", "name_forms", "player_name"]


class UnknownName(ValueError):
    """A player's name whose case forms the table :data:`NAME_FORMS` does not hold."""


def _name(nom: str, weak: str | None = None) -> tuple[str, ...]:
    """The singular case forms of a vowel-final name; *weak* is the gradated stem (Matti → Mati)."""
    strong = nom
    weak = weak or nom
    back = any(ch in "aou" for ch in nom.lower())
    a = "a" if back else "ä"
    last = nom[-1]
    part = strong + a
    return (
        nom,
        weak + "n",
        part,
        strong + last + "n",
        weak + "ss" + a,
        weak + "st" + a,
        weak + "lle",
        weak + "ll" + a,
        weak + "lt" + a,
        strong + "n" + a,
        weak + "ksi",
    )


def _consonant_name(nom: str) -> tuple[str, ...]:
    """A name ending in a consonant takes a linking *i* (Ben → Benin, Beniä)."""
    forms = _name(nom + "i")
    back = any(ch in "aou" for ch in nom.lower())
    part = nom + ("ia" if back else "iä")
    return (nom,) + forms[1:2] + (part,) + forms[3:]


#: Players' names and their singular case forms (order of :data:`SINGULAR_CASES`).
#: A scenario may only use names listed here or in the club's ``scenarios/nimet.yaml``
#: (:func:`set_club_names`); a club adds names there, not here.
NAME_FORMS: dict[str, tuple[str, ...]] = {
    "Aino": _name("Aino"),
    "Eero": _name("Eero"),
    "Kaisa": _name("Kaisa"),
    "Olli": _name("Olli"),
    "Liisa": _name("Liisa"),
    "Matti": _name("Matti", "Mati"),
    "Ville": _name("Ville"),
    "Leena": _name("Leena"),
    "Pekka": _name("Pekka", "Peka"),
    "Anne": _name("Anne"),
    "Anna": _name("Anna"),
    "Sanna": _name("Sanna"),
    "Timo": _name("Timo"),
    "Mikko": _name("Mikko", "Miko"),
    "Jussi": _name("Jussi"),
    "Sari": _name("Sari"),
    "Tiina": _name("Tiina"),
    "Juha": _name("Juha"),
    "Heikki": _name("Heikki", "Heiki"),
    "Outi": _name("Outi"),
    "Elina": _name("Elina"),
    "Ben": _consonant_name("Ben"),
    "Charlotte": _name("Charlotte"),
}


#: A club's own names (``scenarios/nimet.yaml``, read and checked by the tools), set with
#: :func:`set_club_names`; the engine itself does no I/O.
_CLUB_NAMES: dict[str, tuple[str, ...]] = {}


def set_club_names(table: dict[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    """Replace the club's own names: name → its forms in the order of :data:`SINGULAR_CASES`.

    Returns the table it replaced (to restore it). A built-in name may be repeated only with
    its built-in forms; a wrong shape is a ValueError and leaves the table unchanged.

    >>> old = set_club_names({"Kalle": ("Kalle Kallen Kallea Kalleen Kallessa Kallesta Kallelle "
    ...                                 "Kallella Kallelta Kallena Kalleksi").split()})
    >>> player_name("Kalle", "all"), player_name("Kalle", "gen")
    ('Kallelle', 'Kallen')
    >>> _ = set_club_names(old)
    """
    checked: dict[str, tuple[str, ...]] = {}
    for name, forms in dict(table).items():
        forms = tuple(forms)
        if (
            not isinstance(name, str)
            or len(forms) != len(SINGULAR_CASES)
            or not all(isinstance(f, str) and f for f in forms)
            or forms[0] != name
        ):
            raise ValueError(
                f"club name {name!r}: expected its {len(SINGULAR_CASES)} singular forms, the nominative first"
            )
        if name in NAME_FORMS and NAME_FORMS[name] != forms:
            raise ValueError(f"club name {name!r} is built in with other forms")
        checked[name] = forms
    global _CLUB_NAMES
    old, _CLUB_NAMES = _CLUB_NAMES, checked
    return old


def club_names() -> dict[str, tuple[str, ...]]:
    """The club's own names now registered (a copy)."""
    return dict(_CLUB_NAMES)


def name_forms(name: str) -> tuple[str, ...] | None:
    """A name's singular forms (built in, else the club's), or None when neither has it.

    >>> name_forms("Aino")[:3], name_forms("Xyzzy")
    (('Aino', 'Ainon', 'Ainoa'), None)
    """
    if not isinstance(name, str):
        return None
    return NAME_FORMS.get(name) or _CLUB_NAMES.get(name)


def player_name(name: str, case: str = "nom") -> str:
    """A player's name in a singular case, from :data:`NAME_FORMS` or the club's names.

    >>> player_name("Aino", "gen"), player_name("Aino", "part"), player_name("Kaisa", "ade")
    ('Ainon', 'Ainoa', 'Kaisalla')
    >>> player_name("Eero", "ill"), player_name("Ville", "part"), player_name("Ben", "all")
    ('Eeroon', 'Villeä', 'Benille')
    >>> player_name("Xyzzy", "gen")
    Traceback (most recent call last):
    ...
    rommikirja.finnish.names.UnknownName: nimelle ”Xyzzy” ei ole taivutusmuotoja; lisää ne tiedostoon scenarios/nimet.yaml
    """
    forms = name_forms(name)
    if forms is None:
        raise UnknownName(f"nimelle ”{name}” ei ole taivutusmuotoja; lisää ne tiedostoon scenarios/nimet.yaml")
    return forms[singular_index(case)]
