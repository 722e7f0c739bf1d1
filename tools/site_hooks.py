"""MkDocs hook (``hooks:`` in mkdocs.yml).

- Every page's rendered content goes through the site's one markup policy
  (:func:`tools.markup.sanitize_content`, the nh3 sanitiser): only the tags, attributes, classes
  and links our own templates emit reach a page, whatever an author's text held.
- Every finished page (the theme's ``<head>``, navigation and footer included) is checked
  (:func:`tools.markup.check_page`): an event handler, a ``style`` attribute or a script URL, or a
  page title that is not plain text, stops the build.
- Every page's ``<head>`` names its build (``<meta name="rommikirja-rakennus">``, a hash of what
  the renderer reads: ``docs/`` and ``mkdocs.yml``): a page changed without a reload (Material's
  instant navigation) under another build's scripts is loaded in whole instead
  (``docs/assets/moottori.js``).
- After MkDocs has rendered the site, it is finished for caching and offline use with the
  renderer-independent ``tools.offline.finish_site``; then the lock of ``docs/`` that
  ``tools/mkdocs_nav.py`` took when MkDocs began is let go.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))


_BUILD_ID: dict[str, str] = {}


def on_pre_build(config, **kwargs) -> None:  # noqa: ANN001 - MkDocs hook signature
    _BUILD_ID.clear()  # `mkdocs serve` rebuilds: a new build, a new id


def build_id(config) -> str:  # noqa: ANN001
    """This build's id (computed once per build): what the pages' scripts compare."""
    from tools.offline import source_id

    if "id" not in _BUILD_ID:
        _BUILD_ID["id"] = source_id(Path(config["docs_dir"]), Path(config["config_file_path"]))
    return _BUILD_ID["id"]


def on_page_content(html, page, config, files):  # noqa: ANN001 - MkDocs hook signature
    from tools.markup import sanitize_content

    return sanitize_content(html)


def on_post_page(output, page, config):  # noqa: ANN001 - MkDocs hook signature
    from mkdocs.exceptions import PluginError
    from tools.markup import check_page, plain_title_in_page

    problems = check_page(output)
    if page.title and not plain_title_in_page(str(page.title)):
        problems.append("sivun otsikko ei ole pelkkää tekstiä")
    if problems:
        raise PluginError(
            f"{page.file.src_uri}: sivulle päätyisi kiellettyä merkintää: {', '.join(dict.fromkeys(problems))}"
        )
    from tools.offline import mark_build

    depth = page.url.count("/")  # "perusrommi/" → "../assets"; the front page "" → "assets"
    return mark_build(output, build_id(config), "../" * depth + "assets")


def on_post_build(config, **kwargs) -> None:
    from tools.offline import finish_site
    from tools.publish import release

    try:
        finish_site(Path(config["site_dir"]))
    finally:
        release(Path(config["docs_dir"]))  # taken in tools/mkdocs_nav.py's on_config


def on_build_error(error, **kwargs) -> None:
    from tools.publish import release

    release()  # whatever this process holds
