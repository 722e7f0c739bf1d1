"""Words into Finnish prose: a capital to start a sentence, and lists with *ja* or *tai*."""

from __future__ import annotations

from typing import Sequence

__all__ = ["capitalize", "join_list", "second_person"]


def capitalize(text: str) -> str:
    """The text with its first letter in upper case (card names start sentences).

    >>> capitalize("herttaseiska nostettiin")
    'Herttaseiska nostettiin'
    """
    return text[:1].upper() + text[1:]


def join_list(words: Sequence[str], conjunction: str = "ja") -> str:
    """Join words the Finnish way: commas, and *ja* (or *tai*) before the last.

    >>> join_list(["a"]), join_list(["a", "b"]), join_list(["a", "b", "c"], "tai")
    ('a', 'a ja b', 'a, b tai c')
    """
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


#: A verb after a player's name (third person) and the same verb said to "sinä".
_SECOND_VERBS = {
    "ei": "et",
    "on": "olet",
    "voi": "voit",
    "otti": "otit",
    "päättää": "päätät",
    "nostaa": "nostat",
    "pelaa": "pelaat",
    "ottaa": "otat",
    "passaa": "passaat",
}
#: A possessive form of the third person and of "sinä".
_SECOND_POSSESSIVES = {
    "käteensä": "käteesi",
    "kätensä": "kätesi",
    "korttejaan": "korttejasi",
    "vuoroaan": "vuoroasi",
    "poistostaan": "poistostasi",
}


def second_person(sentence: str, who: str) -> str | None:
    """``sentence`` about the player ``who`` said to that player ("sinä"), or ``None`` when a verb
    after the name (or after *hän*) is not one this knows, so the caller keeps the sentence as it is.

    >>> second_person("Aino ei ole vielä nostanut, ja vuoro alkaa aina nostolla.", "Aino")
    'Et ole vielä nostanut, ja vuoro alkaa aina nostolla.'
    >>> second_person("Aino on itse vuorossa, joten hän nostaa tavalliseen tapaan.", "Aino")
    'Olet itse vuorossa, joten nostat tavalliseen tapaan.'
    >>> second_person("Poistopakka on tyhjä, joten Aino voi nostaa vain nostopakasta.", "Aino")
    'Poistopakka on tyhjä, joten voit nostaa vain nostopakasta.'
    >>> second_person("Aino ottaa ensin avokortin tai passaa.", "Aino")
    'Otat ensin avokortin tai passaat.'
    >>> second_person("Aino saa ensin avokortin.", "Aino") is None
    True
    """
    import re

    out = sentence
    for subject in (who, "hän"):
        pattern = re.compile(rf"(?<!\w){re.escape(subject)} (\w+)")
        for m in list(pattern.finditer(out)):
            if m.group(1) not in _SECOND_VERBS:
                return None
        # a second verb of the subject's clause ("Aino ottaa ensin avokortin tai passaa"): said to "sinä" too
        also = re.compile(rf"(?<!\w)({re.escape(subject)} \w+[^,;:.]*? (?:tai|ja)) (\w+)(?!\w)")
        out = also.sub(lambda m: f"{m.group(1)} {_SECOND_VERBS.get(m.group(2), m.group(2))}", out)
        out = pattern.sub(lambda m: _SECOND_VERBS[m.group(1)], out)
    if re.search(rf"(?<!\w){re.escape(who)}(?!\w)", out) or re.search(r"(?<!\w)(hänen|häntä|hänellä)(?!\w)", out):
        return None  # (the name or the third person in another case: left as it was)
    for third, second in _SECOND_POSSESSIVES.items():
        out = re.sub(rf"(?<!\w){third}(?!\w)", second, out)
    return out[:1].upper() + out[1:]
