"""What verify keeps between runs (page sections, compiled scenario texts) never outlives a change."""
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


class _Sc:
    """The few fields of a scenario that compiling and rendering its text reads."""

    def __init__(self, path, text):
        self.path, self.text, self.compiled = path, text, None


def test_changed_text_never_reuses_old_compiled_code(tmp_path, monkeypatch):
    from tools import templating
    monkeypatch.setattr(templating, "TEMPLATE_DIR", tmp_path)
    first = templating.compile_text(_Sc("a.yaml", "yksi {{ 1 + 1 }}"))
    assert first.render() == "yksi 2"
    kept = list((tmp_path / "__pycache__").glob("text-*.jinjac"))
    assert len(kept) == 1
    assert templating.compile_text(_Sc("a.yaml", "yksi {{ 1 + 1 }}")).render() == "yksi 2"    # read back
    assert templating.compile_text(_Sc("a.yaml", "kaksi {{ 2 + 2 }}")).render() == "kaksi 4"  # changed text
    assert templating.compile_text(_Sc("b.yaml", "yksi {{ 1 + 1 }}")).render() == "yksi 2"    # own entry
    assert len(list((tmp_path / "__pycache__").glob("text-*.jinjac"))) == 3


def test_damaged_compiled_text_is_compiled_again(tmp_path, monkeypatch):
    from tools import templating
    monkeypatch.setattr(templating, "TEMPLATE_DIR", tmp_path)
    templating.compile_text(_Sc("a.yaml", "{{ 3 * 3 }}"))
    (entry,) = (tmp_path / "__pycache__").glob("text-*.jinjac")
    for damaged in (b"", entry.read_bytes()[:-5], entry.read_bytes()[:32] + b"x" * 40):
        entry.write_bytes(damaged)
        assert templating.compile_text(_Sc("a.yaml", "{{ 3 * 3 }}")).render() == "9"
    monkeypatch.setenv("ROMMIKIRJA_TEMPLATE_CACHE", "0")
    entry.unlink()
    assert templating.compile_text(_Sc("a.yaml", "{{ 3 * 3 }}")).render() == "9"
    assert not list((tmp_path / "__pycache__").glob("text-*.jinjac"))
