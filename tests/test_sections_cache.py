"""The page sections verify reads from the templates are cached by exact template bytes."""
from tools import presets


def test_changed_template_never_reuses_old_sections(tmp_path, monkeypatch):
    monkeypatch.setattr(presets, "TEMPLATE_DIR", tmp_path)      # the cache goes under tmp_path
    pages = tmp_path / "pages"
    pages.mkdir()
    page = pages / "oma.md.j2"
    page.write_text('{{ examples("jako", "oma") }}\n', encoding="utf-8")
    assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}
    assert list((tmp_path / "__pycache__").glob("sections-*.json"))      # answer kept
    assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}   # read back
    page.write_text('{{ examples("vuoro", "oma") }}{{ score_sheet("oma") }}\n', encoding="utf-8")
    assert presets.template_sections(pages) == {"oma": {"vuoro": "oma.md", "pistetaulukko": "oma.md"}}
    page.write_text('{{ examples("vuoro", "oma") \n', encoding="utf-8")   # syntax error: nothing
    assert presets.template_sections(pages) == {}


def test_unreadable_cache_entry_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setattr(presets, "TEMPLATE_DIR", tmp_path)
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "oma.md.j2").write_text('{{ examples("jako", "oma") }}\n', encoding="utf-8")
    presets.template_sections(pages)
    for f in (tmp_path / "__pycache__").glob("sections-*.json"):
        f.write_text("[[", encoding="utf-8")
    assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}
    monkeypatch.setenv("ROMMIKIRJA_TEMPLATE_CACHE", "0")
    for f in (tmp_path / "__pycache__").glob("sections-*.json"):
        f.write_text('[["väärä", "osio"]]', encoding="utf-8")
    assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}
