"""Operating-system errors in Finnish, for every tool that reads or writes files.

An editor sees ``docs/perusrommi.md: levyllä ei ole tilaa``, not ``[Errno 28] No space left on
device``. :func:`describe` names the error, :func:`message` the path and the error.

>>> import errno
>>> message(OSError(errno.ENOSPC, "No space left on device", "/x/docs/a.md"), "docs/a.md")
'docs/a.md: levyllä ei ole tilaa (vapauta tilaa ja aja komento uudelleen)'
>>> describe(OSError(errno.EROFS, "Read-only file system"))
'tiedostojärjestelmä on vain luettavissa'
"""

from __future__ import annotations

import errno
from pathlib import Path

from .paths import rel_path

__all__ = ["describe", "message", "shown"]

_TEXTS = {
    errno.ENOSPC: "levyllä ei ole tilaa (vapauta tilaa ja aja komento uudelleen)",
    errno.EDQUOT: "levykiintiö on täynnä (vapauta tilaa ja aja komento uudelleen)",
    errno.EROFS: "tiedostojärjestelmä on vain luettavissa",
    errno.EACCES: "ei oikeutta (tiedoston tai hakemiston käyttöoikeudet estävät)",
    errno.EPERM: "toiminto ei ole sallittu (käyttöoikeudet estävät)",
    errno.ENOENT: "tiedostoa tai hakemistoa ei ole",
    errno.EEXIST: "tiedosto on jo olemassa",
    errno.EISDIR: "polku on hakemisto, ei tiedosto",
    errno.ENOTDIR: "polun osa ei ole hakemisto",
    errno.ENOTEMPTY: "hakemisto ei ole tyhjä",
    errno.ELOOP: "symbolinen linkki kiertää kehää",
    errno.ENAMETOOLONG: "tiedoston nimi on liian pitkä",
    errno.EMFILE: "liian monta tiedostoa auki",
    errno.ENFILE: "liian monta tiedostoa auki",
    errno.EIO: "levyn luku- tai kirjoitusvirhe",
    errno.EBUSY: "tiedosto tai laite on varattu",
    errno.ETXTBSY: "tiedosto on käytössä",
    errno.EXDEV: "tiedostoa ei voi siirtää toiselle levylle",
    errno.EFBIG: "tiedosto on liian suuri",
    errno.EAGAIN: "resurssi ei ole juuri nyt käytettävissä; yritä uudelleen",
}


def describe(err: OSError) -> str:
    """The error in Finnish (never Python's English text)."""
    text = _TEXTS.get(err.errno) if err.errno is not None else None
    if text is None:
        return (
            f"käyttöjärjestelmän virhe (virhekoodi {err.errno})"
            if err.errno is not None
            else "käyttöjärjestelmän virhe"
        )
    return text


def message(err: OSError, shown: str | Path | None = None) -> str:
    """``path: error`` in Finnish; the path as given (``shown``), else the error's own file name
    relative to the project when it lies inside it."""
    path = shown if shown is not None else err.filename
    if path is None:
        return describe(err)
    if shown is None:
        path = rel_path(Path(str(path)))
    return f"{path}: {describe(err)}"


def shown(err: BaseException) -> str:
    """A tool's error as the editor sees it: an OS error in Finnish (:func:`message`), any other
    error (already Finnish: publish, site, build errors) as its own text."""
    return message(err) if isinstance(err, OSError) else str(err)
