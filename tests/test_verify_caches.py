"""What verify keeps between runs (page sections, compiled scenario texts) never outlives a change."""
import pytest

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


@pytest.fixture
def store(tmp_path, monkeypatch):
    """The store of kept values (:mod:`tools.kept`) in a file of its own; ``names()`` lists its
    entries as the next run reads them."""
    from tools import kept
    kept.flush()
    path = tmp_path / "kept.pickle"
    monkeypatch.setattr(kept, "STORE_FILE", path)
    monkeypatch.setattr(kept, "ROOT", tmp_path)                # the test's files count as the project's
    monkeypatch.chdir(tmp_path)
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("", encoding="utf-8")
    monkeypatch.delenv("ROMMIKIRJA_TEMPLATE_CACHE", raising=False)

    class Store:
        def names(self, prefix):
            kept.flush()
            return sorted(n for n in kept._read(path) if n.startswith(prefix))

        def reread(self):
            kept.flush()
            kept._state["entries"] = None

    yield Store()
    kept.flush()


def test_changed_text_never_reuses_old_compiled_code(store):
    from tools import templating
    first = templating.compile_text(_Sc("a.yaml", "yksi {{ 1 + 1 }}"))
    assert first.render() == "yksi 2"
    assert store.names("text-code:") == ["text-code:a.yaml"]
    store.reread()
    assert templating.compile_text(_Sc("a.yaml", "yksi {{ 1 + 1 }}")).render() == "yksi 2"    # read back
    store.reread()
    assert templating.compile_text(_Sc("a.yaml", "kaksi {{ 2 + 2 }}")).render() == "kaksi 4"  # changed text
    store.reread()
    assert templating.compile_text(_Sc("b.yaml", "yksi {{ 1 + 1 }}")).render() == "yksi 2"    # own entry
    assert store.names("text-code:") == ["text-code:a.yaml", "text-code:b.yaml"]


def test_damaged_compiled_text_is_compiled_again(store, monkeypatch):
    from tools import kept, templating
    templating.compile_text(_Sc("a.yaml", "{{ 3 * 3 }}"))
    kept.flush()
    key, payload = kept._entries()["text-code:a.yaml"]
    for damaged in (b"", payload[:-5], b"x" * 40, pickle_of_a_list()):
        monkeypatch.setitem(kept._entries(), "text-code:a.yaml", (key, damaged))
        assert templating.compile_text(_Sc("a.yaml", "{{ 3 * 3 }}")).render() == "9"
    monkeypatch.setenv("ROMMIKIRJA_TEMPLATE_CACHE", "0")
    monkeypatch.delitem(kept._entries(), "text-code:a.yaml")
    assert templating.compile_text(_Sc("a.yaml", "{{ 3 * 3 }}")).render() == "9"
    assert "text-code:a.yaml" not in kept._entries()


def pickle_of_a_list():
    import marshal
    return marshal.dumps([1, 2, 3])          # marshal data, but not code


class _Checked(_Sc):
    """A scenario as :func:`tools.templating.check_template` reads it."""

    def __init__(self, path, text):
        super().__init__(path, text)
        self.rel, self.text_line = path, 10

    def __getattr__(self, name):           # the render context's fields: not used by these texts
        raise AttributeError(name)


def test_a_text_marked_clean_is_checked_again_when_it_or_the_card_words_change(store, monkeypatch):
    from tools import templating
    monkeypatch.setattr(templating, "scenario_context", lambda sc: {})

    def marks():
        return store.names("text-clean:")
    clean = "Hyvä teksti {{ 'hyvä' | upper }}."
    for _ in range(2):                                       # checked, then known to be clean
        assert templating.check_template(_Checked("a.yaml", clean)) == []
    assert marks() == ["text-clean:a.yaml"]
    with monkeypatch.context() as m:                         # the clean text is not parsed again
        m.setattr(templating.text_env(), "parse", lambda *a, **k: pytest.fail("parsed again"))
        assert templating.check_template(_Checked("a.yaml", clean)) == []
    typed = "Huono teksti: 7 korttia."
    for _ in range(2):                                       # a problem is reported on every run
        (err,) = templating.check_template(_Checked("a.yaml", typed))
        assert str(err).startswith("a.yaml:10: text: luku on kirjoitettu tekstiin käsin"), str(err)
    broken = "{{ 2 + }}"
    for _ in range(2):
        (err,) = templating.check_template(_Checked("a.yaml", broken))
        assert "Jinja2-virhe" in str(err)
    assert marks() == ["text-clean:a.yaml"]
    # the engine's card words decide what a text may not type: new words, new key
    words = "Hyvä teksti {{ 'hyvä' | upper }} ja uusisana."
    assert templating.check_template(_Checked("a.yaml", words)) == []
    monkeypatch.setattr(templating, "_CARD_WORDS", templating._CARD_WORDS | {"uusisana"})
    monkeypatch.setattr(templating, "_TEXT_SALT", [])
    (err,) = templating.check_template(_Checked("a.yaml", words))
    assert "kortin nimi ”uusisana” on kirjoitettu käsin" in str(err)


def test_prune_keeps_what_the_run_used_and_deletes_what_no_run_will_read(tmp_path):
    """Compiled templates are never overwritten, only left behind: a full build deletes them."""
    import os

    import jinja2

    from tools.templating import _TemplateCache, prune_template_cache
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "a.j2").write_text("A {{ 1 + 1 }}", encoding="utf-8")
    cache = tmp_path / "c"
    cache.mkdir()
    left_behind = {"0ld.jinja", "text-0ld.jinjac", "sections-0ld.json"}
    for name in left_behind | {"sections-keep.json"}:
        (cache / name).write_text("x", encoding="utf-8")

    def env():
        return jinja2.Environment(loader=jinja2.FileSystemLoader(str(tmp_path / "t")),
                                  bytecode_cache=_TemplateCache(str(cache), "%s.jinja"))
    first = env()
    assert first.get_template("a.j2").render() == "A 2"
    written = set(os.listdir(cache)) - left_behind - {"sections-keep.json"}
    assert len(written) == 1
    assert prune_template_cache(first, keep={"sections-keep.json"}) == 3
    assert set(os.listdir(cache)) == written | {"sections-keep.json"}
    second = env()                                  # the next run reads the kept file
    assert second.get_template("a.j2").render() == "A 2"
    assert prune_template_cache(second, keep={"sections-keep.json"}) == 0


def test_section_cache_names_are_the_files_the_sections_answers_use(tmp_path, monkeypatch):
    monkeypatch.setattr(presets, "TEMPLATE_DIR", tmp_path)
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "oma.md.j2").write_text('{{ examples("jako", "oma") }}\n', encoding="utf-8")
    (pages / "_osa.md.j2").write_text("", encoding="utf-8")
    presets.template_sections(pages)
    kept = {p.name for p in (tmp_path / "__pycache__").glob("sections-*.json")}
    assert kept and presets.section_cache_names(pages) == kept
