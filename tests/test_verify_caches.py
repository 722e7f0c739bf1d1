"""What verify and the build keep between runs (page sections, compiled templates and scenario texts,
clean marks: entries of tools.cache) never outlives a change."""

import pytest

from tools import presets


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
    monkeypatch.setattr(kept, "ROOT", tmp_path)  # the test's files count as the project's
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
    assert templating.compile_text(_Sc("a.yaml", "yksi {{ 1 + 1 }}")).render() == "yksi 2"  # read back
    store.reread()
    assert templating.compile_text(_Sc("a.yaml", "kaksi {{ 2 + 2 }}")).render() == "kaksi 4"  # changed text
    store.reread()
    assert templating.compile_text(_Sc("b.yaml", "yksi {{ 1 + 1 }}")).render() == "yksi 2"  # own entry
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

    return marshal.dumps([1, 2, 3])  # marshal data, but not code


class _Checked(_Sc):
    """A scenario as :func:`tools.textcheck.check_template` reads it."""

    def __init__(self, path, text):
        super().__init__(path, text)
        self.rel, self.text_line = path, 10

    def __getattr__(self, name):  # the render context's fields: not used by these texts
        raise AttributeError(name)


def test_a_text_marked_clean_is_checked_again_when_it_or_the_card_words_change(store, monkeypatch):
    from tools import scenario_text, templating, textcheck

    monkeypatch.setattr(scenario_text, "scenario_context", lambda sc: {})

    def marks():
        return store.names("text-clean:")

    clean = "Hyvä teksti {{ 'hyvä' | upper }}."
    for _ in range(2):  # checked, then known to be clean
        assert templating.check_template(_Checked("a.yaml", clean)) == []
    assert marks() == ["text-clean:a.yaml"]
    with monkeypatch.context() as m:  # the clean text is not parsed again
        m.setattr(templating.text_env(), "parse", lambda *a, **k: pytest.fail("parsed again"))
        assert templating.check_template(_Checked("a.yaml", clean)) == []
    typed = "Huono teksti: 7 korttia."
    for _ in range(2):  # a problem is reported on every run
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
    monkeypatch.setattr(textcheck, "_CARD_WORDS", textcheck._CARD_WORDS | {"uusisana"})
    monkeypatch.setattr(textcheck, "_WORDS_KEY", [])
    (err,) = templating.check_template(_Checked("a.yaml", words))
    assert "kortin nimi ”uusisana” on kirjoitettu käsin" in str(err)


def _pages(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    return pages


def test_changed_template_never_reuses_old_sections(store, tmp_path):
    pages = _pages(tmp_path)
    page = pages / "oma.md.j2"
    page.write_text('{{ examples("jako", "oma") }}\n', encoding="utf-8")
    assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}
    assert store.names("sections:") == [f"sections:{page}"]  # answer kept
    store.reread()
    assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}  # read back
    page.write_text('{{ examples("vuoro", "oma") }}{{ score_sheet("oma") }}\n', encoding="utf-8")
    assert presets.template_sections(pages) == {"oma": {"vuoro": "oma.md", "pistetaulukko": "oma.md"}}
    page.write_text('{{ examples("vuoro", "oma") \n', encoding="utf-8")  # syntax error: nothing
    assert presets.template_sections(pages) == {}
    assert store.names("sections:") == [f"sections:{page}"]  # one entry per file


def test_unreadable_sections_entry_is_parsed_again(store, tmp_path, monkeypatch):
    from tools import kept

    pages = _pages(tmp_path)
    (pages / "oma.md.j2").write_text('{{ examples("jako", "oma") }}\n', encoding="utf-8")
    presets.template_sections(pages)
    (name,) = store.names("sections:")
    key, _ = kept._entries()[name]
    for damaged in (b"[[", b'{"a": 1}', b"\xff"):
        monkeypatch.setitem(kept._entries(), name, (key, damaged))
        assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}
    monkeypatch.setitem(kept._entries(), name, (key, '[["väärä", "osio"]]'.encode()))
    assert presets.template_sections(pages) == {"väärä": {"osio": "oma.md"}}  # (a readable entry is used)
    monkeypatch.setenv("ROMMIKIRJA_TEMPLATE_CACHE", "0")  # switched off: parsed
    assert presets.template_sections(pages) == {"oma": {"jako": "oma.md"}}


def test_compiled_templates_are_kept_and_never_outlive_a_change(store, tmp_path, monkeypatch):
    """Compiled project templates are entries of the one store, one per template file."""
    import jinja2

    from tools import kept
    from tools.template_env import KeptTemplates

    (tmp_path / "t").mkdir()
    tpl = tmp_path / "t" / "a.j2"
    tpl.write_text("A {{ 1 + 1 }}", encoding="utf-8")

    def render():
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(tmp_path / "t")), bytecode_cache=KeptTemplates())
        return env.get_template("a.j2").render()

    assert render() == "A 2"
    (name,) = store.names("jinja:")
    assert name == f"jinja:{tpl}"
    key, code = kept._entries()[name]
    store.reread()
    compiled = []
    real = jinja2.Environment.compile
    monkeypatch.setattr(jinja2.Environment, "compile", lambda *a, **k: compiled.append(1) or real(*a, **k))
    assert render() == "A 2" and not compiled  # read back, not compiled
    tpl.write_text("B {{ 2 + 2 }}", encoding="utf-8")
    assert render() == "B 4" and len(compiled) == 1  # a changed template: compiled afresh
    assert store.names("jinja:") == [name] and kept._entries()[name][0] != key
    monkeypatch.setitem(kept._entries(), name, (kept._entries()[name][0], b"not code"))
    assert render() == "B 4" and len(compiled) == 2  # a damaged entry: compiled afresh
