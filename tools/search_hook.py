"""MkDocs hook (``hooks:`` in mkdocs.yml, listed before ``site_hooks``): Finnish search inside
Material's search dialog.

* Every page's configuration names the worker ``assets/haku-worker.js`` (plain JS, in docs/)
  instead of Material's lunr worker; Material's dialog, result list and highlighting stay.
* After Material's search plugin has written ``search/search_index.json`` (its documents, club
  pages included), the file is rewritten with the Finnish index of :mod:`tools.search_index`
  (Voikko's lemmas and compound parts, the club's ``scenarios/hakusanat.yaml``). ``site_hooks``
  runs next, so the index is precompressed and precached for offline use like every other file.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

WORKER = "assets/haku-worker.js"
_MATERIAL_WORKER = re.compile(r'("search":\s*")([^"]*?)assets/javascripts/workers/search\.[0-9a-f]+\.min\.js"')


def on_config(config, **kwargs):
    """The index must be written before ``site_hooks`` compresses and precaches the files."""
    names = [str(n) for n in config["hooks"]]
    mine = next(i for i, n in enumerate(names) if n.endswith("search_hook.py"))
    earlier = [n for n in names[:mine] if n.endswith("site_hooks.py")]
    if earlier:
        raise PluginError(
            f"mkdocs.yml: hooks-listassa tiedoston {names[mine]} on oltava ennen tiedostoa "
            f"{earlier[0]}, jotta hakuindeksi pakataan ja tallennetaan offline-käyttöön"
        )
    return config


def on_post_page(output: str, page, config, **kwargs) -> str:
    new, count = _MATERIAL_WORKER.subn(rf'\g<1>\g<2>{WORKER}"', output, count=1)
    if not count and '"search":' in output:
        raise PluginError(
            f"{page.file.src_uri}: Materialin hakutyöntekijän osoitetta ei löytynyt sivulta; "
            "haku ei toimisi (onko Materialin versio vaihtunut?)"
        )
    return new


def on_post_build(config, **kwargs) -> None:
    from tools.search_index import build_index, voikko_analyser
    from tools.search_words import SYNONYMS_FILE, read_synonyms
    from tools.serve import showing_errors
    from tools.yamlsrc import SourceError

    path = Path(config["site_dir"]) / "search" / "search_index.json"
    if not path.exists():
        raise PluginError("search/search_index.json puuttuu: mkdocs.yml:n plugins-listassa on oltava search")
    # the preview's error pages (tools.serve) hold none of the words the club's search words lead to
    synonyms = {} if showing_errors(Path(config["docs_dir"])) else read_synonyms(SYNONYMS_FILE)
    try:
        index = build_index(json.loads(path.read_text(encoding="utf-8")), synonyms, voikko_analyser())
    except SourceError as err:
        raise PluginError(str(err)) from None
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
