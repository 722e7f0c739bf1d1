# The markup policy's hostile inputs (tools/markup.py), written next to make_corpus.py's:
#   python tests/corpus/make_markup_corpus.py tests/corpus
# writes tests/corpus/scenarios/markup-*.yaml (scenario texts) and tests/corpus/rulesets/*.yaml
# (rule-set files, each checked with the corpus's own rule sets of tests/corpus/rules). Every file
# starts with "# odotettu: LINE: FRAGMENT". The committed files are the test data; this script
# documents how they were made.
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from make_corpus import TEXT_LINE, text  # noqa: E402 (the scenario corpus's base and helpers)

T = TEXT_LINE
BRACES = "text: aaltosulkeita { } ei sallita"
scenarios = {}


def case(name, body, line, fragment):
    assert name not in scenarios, name
    scenarios[name] = (body, line, fragment)


# --- attr_list: any {…} after a link, image, paragraph, heading or in a table would become attributes
case("attr-link-onclick", text("[sanasto](sanasto.md){: onclick=alert(names) } {{ names[0] }}"), T, BRACES)
case("attr-paragraph-style", text("{{ names[0] }} voittaa.{: style=\"position:fixed\" }"), T, BRACES)
case("attr-paragraph-class", text("{{ names[0] }} voittaa. {: .md-button }"), T, BRACES)
case("attr-no-colon", text("{{ names[0] }} voittaa. {onmouseover=alert(names)}"), T, BRACES)
case("attr-own-line", text("{{ names[0] }} voittaa.\n  {: onclick=alert(names) }"), T + 1, BRACES)
case("attr-anchor-link", text("[alas](#pisteet){: onfocus=alert(names) autofocus } {{ names[0] }}"), T, BRACES)
case(
    "attr-table-cell",
    text("| pelaaja | tulos |\n  |---|---|\n  | {{ names[0] }} {: onclick=alert(names) } | voitto |"),
    T + 2,
    BRACES,
)
case("attr-list-item", text("- {{ names[0] }} voittaa {: onpointerenter=alert(names) }"), T, BRACES)
case("attr-second-line", text("{{ names[0] }} voittaa.\n\n  Sitten [sanasto](sanasto.md){: onclick=x }"), T + 2, BRACES)
case("attr-glued-constants", text("{{ names[0] }} {{ '{' ~ ': onclick=alert(names) ' ~ '}' }}"), T, BRACES)
case("attr-constant-id", text("{{ names[0] }} voittaa {{ '{: #pisteet }' }}"), T, BRACES)
case("attr-brace-from-filter", text("{{ names[0] }} {{ ['{', ': onclick=x }'] | join }}"), T, BRACES)

# --- character references: a javascript: link or a tag spelled with entities
case(
    "entity-colon-glued",
    text("[x]({{ 'java' ~ 'script' }}&colon;alert(names)) {{ names[0] }}"),
    T,
    "text: merkintää ”&colon;” ei sallita",
)
case(
    "entity-lt-script",
    text("{{ names[0] }} &lt;script&gt;alert(names)&lt;/script&gt;"),
    T,
    "text: merkintää ”&lt;” ei sallita",
)
case(
    "entity-numeric-tag",
    text("{{ names[0] }} &#xab;img src=x onerror=alert(names)&#xbb;"),
    T,
    "text: merkintää ”&#xab;” ei sallita",
)
case("entity-hex-newline", text("{{ names[0] }} voittaa&#xa;{: onclick=x }"), T, BRACES)
case("entity-split-name", text("{{ names[0] }} &{{ 'colon' }}; voittaa"), T, "text: merkintää ”&colon;” ei sallita")
case("entity-in-link", text("[x](sanasto.md&NewLine;) {{ names[0] }}"), T, "text: linkki ei ole sallittu")

case(
    "link-glued-javascript",
    text("[x]({{ 'java' ~ 'script' }}{{ ':alert(names)' }}) {{ names[0] }}"),
    T,
    "text: linkki ei ole sallittu",
)
case("link-glued-data", text("{{ names[0] }} [x]({{ 'data' }}{{ ':text/html,x' }})"), T, "text: linkki ei ole sallittu")
case("link-glued-protocol-relative", text("{{ names[0] }} [x]({{ '/' ~ '/evil' }})"), T, "text: linkki ei ole sallittu")

# --- block markup an author's text may not make (headings, code blocks, boxes, images, styles)
case("image-own-page", text("![kuva](sanasto.md) {{ names[0] }}"), T, "text: kuva ei ole sallittu")
case("image-anchor", text("{{ names[0] }} ![](#pisteet)"), T, "text: kuva ei ole sallittu")
case("heading-atx", text("## {{ names[0] }} voittaa"), T, "text: otsikko ei ole sallittu")
case("heading-setext", text("{{ names[0] }} voittaa\n  ==="), T, "text: otsikko ei ole sallittu")
case("heading-in-quote", text("> # {{ names[0] }}"), T, "text: otsikko ei ole sallittu")
case("code-block", text("{{ names[0] }} voittaa.\n\n      koodia tähän"), T, "text: koodilohko ei ole sallittu")
case("admonition-box", text("!!! note \"{{ names[0] }}\"\n      sisältö"), T, "text: lohko ei ole sallittu")
case("details-box", text("??? example \"{{ names[0] }}\"\n      sisältö"), T, "text: laatikko ei ole sallittu")
case("rule-line", text("{{ names[0] }} voittaa.\n\n  ***"), T, "text: vaakaviiva ei ole sallittu")
case(
    "table-align-style",
    text("| pelaaja | tulos |\n  |:--|--:|\n  | {{ names[0] }} | voitto |"),
    T,
    "text: määrite ”style” ei ole sallittu tekstissä (taulukon sarakkeiden tasaus",
)

# --- shapes Python-Markdown is slow or recursive on: refused before Markdown sees the text
BRACKETS = "text: tekstissä on liikaa hakasulkeita [ ("
UNPAIRED = "text: hakasulkeet [ ] eivät ole pareittain"
DEEP = "text: teksti on liian syvästi sisäkkäistä ("
case("brackets-unclosed-run", text("{{ names[0] }} " + "[" * 19500), T, BRACKETS)
case("brackets-many-links", text("{{ names[0] }} " + "[sanasto](sanasto.md) " * 21), T, BRACKETS)
case("brackets-unclosed", text("{{ names[0] }} [voittaa."), T, UNPAIRED)
case("brackets-closed-first", text("{{ names[0] }} voittaa] ja [."), T, UNPAIRED)
case("brackets-nested", text("{{ names[0] }} [[[voittaa]]](sanasto.md)"), T, UNPAIRED)
case("brackets-second-line", text("{{ names[0] }} voittaa.\n  Katso [sanasto"), T + 1, UNPAIRED)
case("brackets-unclosed-targets", text("{{ names[0] }} " + "](" * 9000), T, UNPAIRED)
case("letters-long-run", text("a" * 19900 + " {{ names }}"), T, "text: lauseke tulostaisi luettelon")
case("letters-colons-run", text("a:" * 9900 + " {{ names }}"), T, "text: lauseke tulostaisi luettelon")
case("nesting-list-800", text("- " * 800 + "{{ names[0] }}"), T, DEEP + "800 tasoa")
case("nesting-list-490", text("- " * 490 + "{{ names[0] }}"), T, DEEP + "490 tasoa")
case("nesting-list-9", text("- " * 9 + "{{ names[0] }}"), T, DEEP + "9 tasoa")
case("nesting-quotes", text(">" * 600 + " {{ names[0] }}"), T, DEEP + "600 tasoa")
case("nesting-plus-markers", text("+ " * 300 + "{{ names[0] }}"), T, DEEP + "300 tasoa")
case(
    "nesting-from-constant",
    text("{{ '- ' * (names[0] | length) ** (names[0] | length) }}{{ names[0] }}"),
    T,
    DEEP + "256 tasoa",
)
case(
    "nesting-lines",
    text("{{ names[0] }}\n" + "".join("  " + "    " * i + "- " + "abcdefghijkl"[i] * 3 + "\n" for i in range(12))),
    T + 9,
    DEEP + "9 tasoa",
)

rulesets = {}


def rule(name, body, line, fragment):
    assert name not in rulesets, name
    rulesets[name] = (body, line, fragment)


KERHO = "name: kerhorommi\ntitle: Kerhorommi\nmax_turnovers: 1\n"
RESERVED = "on sivuston oma sivu tai kansio; varatut nimet: "
NOT_SLUG = "name: nimen on oltava pienin kirjaimin kirjoitettu tunnus"
PLAIN = "title: otsikon on oltava yksi rivi pelkkää tekstiä"

# --- a preset's name becomes a page: no page or folder of the site, never outside docs/
for reserved in ("index", "pelaa", "sanasto", "search", "assets", "data", "pyodide", "sitemap", "gin-rommi"):
    rule(f"name-{reserved}", KERHO.replace("kerhorommi", reserved, 1), 1, f"name: nimi ”{reserved}” {RESERVED}")
rule("name-parent-dir", KERHO.replace("kerhorommi", "\"../../kerho\"", 1), 1, NOT_SLUG)
rule("name-slash", KERHO.replace("kerhorommi", "kerho/rommi", 1), 1, NOT_SLUG)
rule("name-404", KERHO.replace("kerhorommi", "\"404\"", 1), 1, NOT_SLUG)
rule("name-capitals", KERHO.replace("kerhorommi", "KerhoRommi", 1), 1, NOT_SLUG)
rule("name-space", KERHO.replace("kerhorommi", "\"kerho rommi\"", 1), 1, NOT_SLUG)
rule("name-script", KERHO.replace("kerhorommi", "\"x<script>\"", 1), 1, NOT_SLUG)
rule("name-dot-html", KERHO.replace("kerhorommi", "kerho.html", 1), 1, NOT_SLUG)
rule("name-too-long", KERHO.replace("kerhorommi", "k" * 60, 1), 1, NOT_SLUG)

# --- a preset's title is one line of plain text (it reaches <title>, the navigation, headings)
rule("title-close-title", KERHO.replace("title: Kerhorommi", "title: \"</title><script>alert(1)</script>\""), 2, PLAIN)
rule("title-newline-attr", KERHO.replace("title: Kerhorommi", "title: \"Kerho\\n{: onclick=alert(1) }\""), 2, PLAIN)
rule("title-attr-list", KERHO.replace("title: Kerhorommi", "title: \"Kerho {: onmouseover=alert(1) }\""), 2, PLAIN)
rule("title-js-link", KERHO.replace("title: Kerhorommi", "title: \"[Kerho](javascript:alert(1))\""), 2, PLAIN)
rule("title-quote-attr", KERHO.replace("title: Kerhorommi", "title: 'Kerho\" onmouseover=\"alert(1)'"), 2, PLAIN)
rule("title-entity", KERHO.replace("title: Kerhorommi", "title: \"Kerho &lt;b&gt;\""), 2, PLAIN)
rule("title-emphasis", KERHO.replace("title: Kerhorommi", "title: \"**Kerho**\""), 2, PLAIN)
rule("title-heading-id", KERHO.replace("title: Kerhorommi", "title: \"Kerho #pelaa\""), 2, PLAIN)
rule("title-url", KERHO.replace("title: Kerhorommi", "title: \"Kerho http://example.com\""), 2, PLAIN)
rule("title-line-separator", KERHO.replace("title: Kerhorommi", "title: \"Kerho\\u2028rommi\""), 2, PLAIN)
rule("title-tab", KERHO.replace("title: Kerhorommi", "title: \"Kerho\\trommi\""), 2, PLAIN)
rule(
    "title-too-long",
    KERHO.replace("title: Kerhorommi", "title: " + "Kerhorommi " * 7),
    2,
    "title: otsikko on liian pitkä",
)
rule(
    "title-padded",
    KERHO.replace("title: Kerhorommi", "title: \" Kerhorommi\""),
    2,
    "title: otsikon alussa tai lopussa on tyhjää",
)

if __name__ == "__main__":
    OUT = pathlib.Path(sys.argv[1])
    for folder, cases, prefix in ((OUT / "scenarios", scenarios, "markup-"), (OUT / "rulesets", rulesets, "")):
        folder.mkdir(parents=True, exist_ok=True)
        for name, (body, line, fragment) in cases.items():
            (folder / f"{prefix}{name}.yaml").write_text(
                f"# odotettu: {line + 1}: {fragment}\n{body}", encoding="utf-8"
            )
    print(len(scenarios), len(rulesets))
