# Issue 18 (bounds, identity, messages): the corpus cases make_corpus.py adds from here.
# Numbers in the texts are spelled from facts (names[0] | length is 4), so that each case tests its
# bound at render time, not the typed-number rule (which has cases of its own below).

M = "{% set m = names[0] | length %}"  # m = 4
HEAVY = (
    "[5H, 6H, 7H, 5S, 6S, 7S, 5D, 6D, 7D, 5C, 6C, 7C, \"5H'\", \"6H'\", \"7H'\", \"5S'\", \"6S'\", "
    "JK, \"JK'\", \"JK''\", \"JK'''\"]"
)
#: a 20-card, 4-joker, 2-deck position after the draw (listing every legal move here took 76 s)
BIG_HANDS = (
    "options: {decks: 2, jokers: 4, max_jokers_per_meld: 4, hand_size: {2: 20, 3: 7, 4: 7, 5: 6, 6: 6}}\n"
    "setup:\n  turn: Aino\n  hands:\n"
    "    - [5H, 6H, 7H, 5S, 6S, 7S, 5D, 6D, 7D, 5C, 6C, 7C, \"5H'\", \"6H'\", \"7H'\", JK, \"JK'\", "
    "\"JK''\", \"JK" + "'" * 3 + "\", AD]\n"
    "    - [AS, 2S, 3S, 4S, 8S, 9S, 10S, JS, QS, KS, AC, 2C, 3C, 4C, 8C, 9C, 10C, JC, QC, KC]\n"
    "  stock: [9H, 2D]\n  discard: [\"5S'\"]\nsteps:\n  - draw: stock\n  - expect:\n"
)
LEGAL = "source: own\ngame: rommi51\ntitle: Laillisuus\n" + BIG_HANDS
OPENINGS = "source: own\ngame: rommi51\ntitle: Avaus\noptions: {hand_size: {2: 20, 3: 20, 4: 20}}\nsteps:\n"


def add(case, text, rep, TEXT_LINE):
    T = TEXT_LINE
    # --- growth of strings, lists and numbers (the sandbox measures every value)
    case(
        "bound-concat-doubling",
        text(
            M + "{% set ns = namespace(x=names[0]) %}{% for i in range(m * m) %}"
            "{% set ns.x = ns.x ~ ns.x %}{% endfor %}"
        ),
        T,
        "text: lauseke tekee liian suuren arvon",
    )
    case(
        "bound-plus-list-doubling",
        text(
            M + "{% set ns = namespace(x=names) %}{% for i in range(m * m * m) %}"
            "{% set ns.x = ns.x + ns.x %}{% endfor %}"
        ),
        T,
        "text: lauseke tekee liian suuren arvon",
    )
    case(
        "bound-plus-string-doubling",
        text(
            M + "{% set ns = namespace(x=names[0]) %}{% for i in range(m * m) %}"
            "{% set ns.x = ns.x + ns.x %}{% endfor %}"
        ),
        T,
        "text: lauseke tekee liian suuren arvon",
    )
    case(
        "bound-join-separator",
        text(M + "{% set s = names[0] * (m ** m * m) %}{{ (names * (m ** m * m)) | join(s) }}"),
        T,
        "text: lauseke tekee liian suuren arvon",
    )
    case(
        "bound-made-budget",
        text(
            M + "{% set s = names[0] * (m ** m * m) %}{% for i in range(m ** m) %}"
            "{% set t = s ~ s ~ s ~ s ~ s %}{% endfor %}"
        ),
        T,
        "text: lausekkeet tekevät liikaa välituloksia",
    )
    case(
        "bound-list-filter",
        text(
            M + "{% set ns = namespace(x=names) %}{% for i in range(m * m) %}"
            "{% set ns.x = (ns.x + ns.x) | list %}{% endfor %}"
        ),
        T,
        "text: lauseke tekee liian suuren arvon",
    )
    case(
        "bound-map-filter",
        text(
            M + "{% set ns = namespace(x=[names[0] * (m ** m * m)]) %}{% for i in range(m * m) %}"
            "{% set ns.x = (ns.x | map('upper') | list) + ns.x %}{% endfor %}"
        ),
        T,
        "text: lausekkeet tekevät liikaa välituloksia",
    )
    case(
        "bound-sum-of-lists",
        text(M + "{% set L = [names * (m ** m * m * m)] * (m ** m) %}{{ L | sum(start=[]) | length }}"),
        T,
        "text: lauseke tekee liian suuren arvon",
    )
    case(
        "bound-integer-squaring",
        text(M + "{% set ns = namespace(x=m) %}{% for i in range(m * m) %}{% set ns.x = ns.x * ns.x %}{% endfor %}"),
        T,
        "text: lasku tekee liian suuren luvun",
    )
    case(
        "bound-join-of-copies",
        text(M + "{% set s = names[0] * (m ** m) %}{{ ([s] * (m * m * m * m)) | join | upper }}"),
        T,
        "text: lauseke tekee liian suuren arvon",
    )
    # block output (set blocks, macros, call blocks) is measured as it is gathered
    S = M + "{% set s = names[0] * (m ** m * m) %}"
    case(
        "bound-set-block-loop",
        text(S + "{% set b %}{% for i in range(m ** m * m) %}{{ s }}{% endfor %}{% endset %}{{ b | length }}"),
        T,
        "text: lausekkeet tekevät liikaa välituloksia",
    )
    case(
        "bound-macro-output",
        text(S + "{% macro f() %}{% for i in range(m ** m * m) %}{{ s }}{% endfor %}{% endmacro %}{{ f() | length }}"),
        T,
        "text: lausekkeet tekevät liikaa välituloksia",
    )
    case(
        "bound-literal-in-block",
        text(
            M
            + "{% set b %}{% for i in range(m ** m * m * m) %}{% for j in range(m * m) %}"
            + "lorem ipsum dolor " * 10
            + "{% endfor %}{% endfor %}{% endset %}{{ b | length }}"
        ),
        T,
        "text: lausekkeet tekevät liikaa välituloksia",
    )
    case(
        "bound-call-block",
        text(
            S + "{% macro f() %}{{ caller() }}{{ caller() }}{% endmacro %}{% set b %}"
            "{% for i in range(m ** m * m) %}{% call f() %}{{ s }}{% endcall %}{% endfor %}"
            "{% endset %}{{ b | length }}"
        ),
        T,
        "text: lausekkeet tekevät liikaa välituloksia",
    )
    # --- printing: never a Python repr
    case("print-list", text("{{ names }}"), T, "text: lauseke tulostaisi luettelon sellaisenaan")
    case("print-none", text("{{ none }}"), T, "text: lauseke tulostaisi tyhjän arvon sellaisenaan")
    case("print-bool", text("{{ names[0] == names[1] }}"), T, "text: lauseke tulostaisi totuusarvon sellaisenaan")
    case("print-options-dict", text("{{ s.options }}"), T, "text: lauseke tulostaisi avain: arvo -taulun sellaisenaan")
    case("print-rules-object", text("{{ rules }}"), T, "text: lauseke tulostaisi ohjelman sisäisen arvon")
    case("print-score-object", text("{{ score }}"), T, "text: lauseke tulostaisi ohjelman sisäisen arvon")
    case("print-step-object", text("{{ s.steps[0] }}"), T, "text: lauseke tulostaisi ohjelman sisäisen arvon")
    case("print-self", text("{{ self }}"), T, "text: nimi ”self” ei ole tekstin käytettävissä")
    case(
        "print-rules-as-mapping",
        text("{{ rules.as_mapping() }}"),
        T,
        "text: kenttää tai metodia ”as_mapping” ei voi käyttää",
    )
    case(
        "print-rules-with-options",
        text("{{ rules.with_options(jokers=names | length) }}"),
        T,
        "text: kenttää tai metodia ”with_options” ei voi käyttää",
    )
    case("print-scenario-path", text("{{ s.path }}"), T, "text: arvolla ei ole kenttää ”path”")
    case("print-scenario-data", text("{{ s.data }}"), T, "text: arvolla ei ole kenttää ”data”")
    case("print-concat-list", text("{{ names[0] ~ names }}"), T, "text: lauseke tulostaisi luettelon sellaisenaan")
    case("print-string-filter", text("{{ names | string }}"), T, "text: lauseke tulostaisi luettelon sellaisenaan")
    case(
        "print-join-nested",
        text("{{ [names, names] | join(', ') }}"),
        T,
        "text: lauseke tulostaisi luettelon sellaisenaan",
    )
    case("print-num-list", text("{{ names | num }}"), T, "text: lauseke tulostaisi luettelon sellaisenaan")
    case("print-lower-dict", text("{{ s.options | lower }}"), T, "text: lauseke tulostaisi avain: arvo -taulun")
    # filter arguments and joined items print like {{ }} output: text, numbers and cards only
    R = "text: lauseke tulostaisi ohjelman sisäisen arvon"
    case("print-join-rules-separator", text("{{ names | join(rules) }}"), T, R)
    case("print-join-scenario-separator", text("{{ names | join(d=s) }}"), T, R)
    case("print-join-fi-scenario", text("{{ names | join_fi(s) }}"), T, R)
    case("print-join-fi-points", text("{{ names | join_fi(points) }}"), T, R)
    case("print-join-fi-start", text("{{ names | join_fi(start) }}"), T, R)
    case("print-join-fi-conj-keyword", text("{{ names | join_fi(conj=rules) }}"), T, R)
    case("print-names-conj", text("{{ start.hands[0] | names('nom', rules) }}"), T, R)
    case("print-join-attribute", text("{{ s.steps | join(attribute='after') }}"), T, R)
    case("print-join-items-objects", text("{{ [rules, score] | join(', ') }}"), T, R)
    case("print-join-fi-items-objects", text("{{ [rules] | join_fi }}"), T, R)
    # codes of the program (option values, s.source, s.game) and card codes are not prose
    C = "text: lauseke tulostaisi ohjelman koodin ”"
    case("code-rules-style", text("{{ names[0] }} pelaa {{ rules.style }}."), T, C + "rummy”")
    case("code-rules-ace", text("{{ names[0] }}: ässä on {{ rules.ace }}."), T, C + "low”")
    case("code-rules-item", text("{{ rules['final_discard'] }}"), T, C + "optional”")
    case("code-rules-method", text("{{ rules.ace.capitalize() }}"), T, C + "Low”")
    case("code-rules-filter", text("{{ rules.style | upper }}"), T, C + "rummy”")
    case("code-rules-concat", text("{{ names[0] ~ ' ' ~ rules.ace }}"), T, C + "low”")
    case("code-rules-chars", text("{% for c in rules.style %}{{ c }}{% endfor %}"), T, C + "r”")
    case("code-rules-name", text("{{ s.rules.name }}"), T, C + "perusrommi”")
    case("code-source", text("{{ names[0] }} ({{ s.source }})"), T, C + "own”")
    case("code-game", text("{{ s.game }}"), T, C + "perusrommi”")
    case("code-score-kind", text("{{ names[0] }}: {{ score.kind }}"), T, C + "went_out”")
    case("code-card-field", text("{{ names[0] }} pelaa {{ start.hands[0][0].code }}."), T, C + "7H”")
    K = "text: lauseke tulostaisi kortin koodin ”"
    case("card-code-bare", text("{{ names[0] }} pelaa {{ start.hands[0][0] }}."), T, K + "7H”")
    case("card-code-string", text("{{ start.hands[0][0] | string }}"), T, K + "7H”")
    case("card-code-join-fi", text("{{ start.hands[0] | join_fi }}"), T, K + "7H”")
    case("card-code-join", text("{{ start.hands[1] | join(', ') }}"), T, K + "AS”")
    case("card-code-concat", text("{{ names[0] ~ start.hands[0][1] }}"), T, K + "8H”")
    case("card-code-lower", text("{{ start.hands[0][0] | lower }}"), T, K + "7H”")
    # --- typed numbers and card names behind constant expressions
    case("typed-sum", text("{{ names[0] }} saa {{ 98 + 1 }}."), T, "text: luku 99 on kirjoitettu lausekkeeseen käsin")
    case(
        "typed-negative", text("{{ names[0] }} saa {{ -99 }}."), T, "text: luku −99 on kirjoitettu lausekkeeseen käsin"
    )
    case("typed-range-length", text("{{ range(99) | length }}"), T, "text: luku 99 on kirjoitettu lausekkeeseen käsin")
    case(
        "typed-card-glued",
        text("{{ names[0] }} pelaa {{ 'herttay' ~ 'si' }}."),
        T,
        "text: kortin nimi ”herttaysi” on koottu lausekkeeseen vakioista",
    )
    case("typed-card-upper", text("{{ ('pata' ~ 'kasi') | upper }}"), T, "text: kortin nimi ”PATAKASI” on koottu")
    case("typed-list-index", text("{{ [99][0] }}"), T, "text: luku 99 on kirjoitettu lausekkeeseen käsin")
    case("typed-length-of-text", text("{{ 'kissa' | length }}"), T, "text: luku 5 on kirjoitettu lausekkeeseen käsin")
    case("typed-fact-plus", text("{{ names | length + 97 }}"), T, "text: luku 97 on kirjoitettu lausekkeeseen käsin")
    case("typed-loop-items", text("{% for i in [4, 5] %}{{ i }}{% endfor %}"), T, "text: luku 4 on kirjoitettu")
    case("typed-join-separator", text("{{ names | join(3) }}"), T, "text: luku 3 on kirjoitettu lausekkeeseen käsin")
    case("typed-attribute", text("{{ (98).real }}"), T, "text: luku 98 on kirjoitettu lausekkeeseen käsin")
    case("typed-sum-text", text("{{ sum_text([60, 39]) }}"), T, "text: lauseke kokoaa vakioista tekstin, jossa on luku")
    case(
        "typed-macro-argument",
        text("{% macro f(x) %}{{ x }}{% endmacro %}{{ f(99) }}"),
        T,
        "text: luku 99 on kirjoitettu",
    )
    case(
        "typed-with",
        text("{% with x = 99 %}{{ x }}{% endwith %}"),
        T,
        "text: luku 99 on kirjoitettu lausekkeeseen käsin",
    )
    case("typed-default", text("{{ nothing | default(99) }}"), T, "text: luku 99 on kirjoitettu lausekkeeseen käsin")
    case("typed-condition-branch", text("{{ names[0] if names else 42 }}"), T, "text: luku 42 on kirjoitettu")
    case("typed-power-set", text("{% set x = 2 ** 5 %}{{ names[x % 2] }}"), T, "text: luku 32 on kirjoitettu")
    case("typed-reversed-card", text("{{ 'isyattreh' | reverse }}"), T, "text: kortin nimi ”herttaysi” on koottu")
    # card names glued around constant outputs; numbers from filters; numerals of other kinds
    G = "text: kortin nimi ”{0}” syntyy tekstistä ja sen väliin tulostetusta vakiosta"
    case("glued-empty-constant", text("{{ names[0] }} nostaa hertta{{ '' }}seiskan."), T, G.format("herttaseiskan"))
    case("glued-constant-piece", text("{{ names[0] }} nostaa pata{{ 'ka' }}sin."), T, G.format("patakasin"))
    case("glued-empty-join", text("{{ names[0] }} nostaa ruutu{{ [] | join }}kympin."), T, G.format("ruutukympin"))
    case("glued-two-constants", text("{{ names[0] }}: risti{{ '' }}{{ '' }}ässä."), T, G.format("ristiässä"))
    case(
        "filter-int",
        text("{{ names[0] }} saa {{ names[0] | int }} pistettä."),
        T,
        "text: suodinta ”int” ei voi käyttää",
    )
    case(
        "filter-float",
        text("{{ names[0] }} saa {{ names[0] | float }} pistettä."),
        T,
        "text: suodinta ”float” ei voi käyttää",
    )
    N = "text: merkki ”{0}” (U+{1:04X}) on numeromerkki"
    for name, ch in (
        ("superscript", "⁹"),
        ("roman", "Ⅻ"),
        ("circled", "⑳"),
        ("fraction", "½"),
        ("superscript-two", "²"),
    ):
        case(f"numeral-{name}", text(f"{{{{ names[0] }}}} saa {ch} pistettä."), T, N.format(ch, ord(ch)))
    case("numeral-in-constant", text("{{ names[0] }} saa {{ 'Ⅻ' }} pistettä."), T, N.format("Ⅻ", ord("Ⅻ")))
    case(
        "playing-card-symbol",
        text("{{ names[0] }} nostaa \U0001f0b7."),
        T,
        "text: merkki ”\U0001f0b7” (U+1F0B7) on korttisymboli",
    )
    case("playing-card-joker-symbol", text("{{ names[0] }} nostaa \U0001f0cf."), T, "on korttisymboli")
    # --- hidden characters (file:line, the character named)
    case("hidden-zero-width-in-word", text("{{ names[0] }} nostaa hertta\u200bysin."), T, "näkymätön merkki U+200B")
    case("hidden-soft-hyphen-in-word", text("{{ names[0] }} nostaa hertta\u00adysin."), T, "näkymätön merkki U+00AD")
    case("hidden-bidi-override-text", text("{{ names[0] }} \u202evoittaa."), T, "näkymätön merkki U+202E")
    case("hidden-bidi-isolate-title", rep("title: Testi", "title: Te\u2067sti"), 3, "näkymätön merkki U+2067")
    case(
        "hidden-joiner-in-name",
        rep("title: Testi\n", "title: Testi\nplayers: [Ai\u200dno, Eero]\n"),
        4,
        "näkymätön merkki U+200D",
    )
    case(
        "hidden-word-joiner-in-name",
        rep("title: Testi\n", "title: Testi\nplayers: [Aino, Ee\u2060ro]\n"),
        4,
        "näkymätön merkki U+2060",
    )
    case(
        "hidden-bidi-in-comment",
        rep("title: Testi\n", "title: Testi\n# \u2066kommentti\u2069\n"),
        4,
        "näkymätön merkki U+2066",
    )
    case("hidden-rtl-mark", rep("title: Testi", "title: Testi\u200f"), 3, "näkymätön merkki U+200F")
    case("hidden-arabic-letter-mark", rep("title: Testi", "title: Testi\u061c"), 3, "näkymätön merkki U+061C")
    case("hidden-bom-inside", rep("  turn: Aino", "  turn: Ai\ufeffno"), 5, "näkymätön merkki U+FEFF")
    # default-ignorable characters and blank fillers (Unicode's DerivedCoreProperties), stacked marks
    for code, where in (
        (0x3164, "title"),
        (0x115F, "title"),
        (0x1160, "name"),
        (0xFFA0, "name"),
        (0x2800, "title"),
        (0x034F, "name"),
        (0xE0041, "title"),
        (0xE0001, "comment"),
        (0x17B4, "name"),
        (0x180B, "title"),
        (0xFE0F, "card"),
        (0xFE00, "name"),
        (0x1D173, "title"),
        (0xFFF0, "comment"),
        (0x1BCA0, "name"),
    ):
        ch = chr(code)
        body, line = {
            "title": (rep("title: Testi", f"title: Te{ch}sti"), 3),
            "name": (rep("title: Testi\n", f"title: Testi\nplayers: [Ai{ch}no, Eero]\n"), 4),
            "comment": (rep("title: Testi\n", f"title: Testi\n# kommentti {ch}\n"), 4),
            "card": (rep("  stock: [9H, 2C]", f"  stock: [9H, \"2\u2663{ch}\"]"), 9),
        }[where]
        case(f"ignorable-{code:04x}-in-{where}", body, line, f"näkymätön merkki U+{code:04X} (")
    case(
        "combining-run-title",
        rep("title: Testi", "title: Testi" + "\u0336" * 53),
        3,
        "rivillä on 53 yhdistyvää merkkiä peräkkäin (ensimmäinen U+0336 (yhdistyvä merkki))",
    )
    case(
        "combining-run-name",
        rep("title: Testi\n", "title: Testi\nplayers: [Aino\u0301\u0302\u0303, Eero]\n"),
        4,
        "rivillä on 3 yhdistyvää merkkiä peräkkäin",
    )
    # look-alike identity: Latin letters, ASCII digits, NFKC-stable; players differ by what they look like
    case(
        "identity-cyrillic-player",
        rep("title: Testi\n", "title: Testi\nplayers: [Aino, \u0410ino]\n"),
        4,
        "players: ”\u0410ino” ei kelpaa nimeksi: merkki U+0410 (kyrillinen kirjain) ei ole latinalainen kirjain",
    )
    case(
        "identity-greek-player",
        rep("title: Testi\n", "title: Testi\nplayers: [Aino, Eer\u03bf]\n"),
        4,
        "merkki U+03BF (kreikkalainen kirjain) ei ole latinalainen kirjain",
    )
    case(
        "identity-long-s-player",
        rep("title: Testi\n", "title: Testi\nplayers: [Aino, A\u017f\u017fi]\n"),
        4,
        "merkki U+017F (muu kuin tavallinen (ASCII-)kirjain, joka näyttää tavalliselta merkiltä s) on toisen merkin muunnelma",
    )
    case(
        "identity-player-twice-by-case",
        rep("title: Testi\n", "title: Testi\nplayers: [Aino, AINO]\n"),
        4,
        "players: ”AINO” näyttää samalta kuin ”Aino”; pelaajilla on oltava eri nimet",
    )
    case(
        "identity-cyrillic-title",
        rep("title: Testi", "title: \u0422esti"),
        3,
        "title: merkki U+0422 (kyrillinen kirjain) ei ole latinalainen kirjain",
    )
    case("identity-fullwidth-title", rep("title: Testi", "title: Ｔesti"), 3, "title: merkki U+FF34 (täysleveä merkki")
    # messages: a rule file given as a scenario, lone CR line breaks, sexagesimal numbers, explicit tags
    case(
        "rule-file-as-scenario",
        "name: kerhorommi\nmax_turnovers: 1\n",
        1,
        "skenaario: tämä on sääntötiedosto eikä skenaario",
    )
    case(
        "cr-only-line-breaks",
        rep("title: Testi\n", "title: Testi\n").replace("\n", "\r"),
        1,
        "rivinvaihtona on pelkkä CR-merkki",
    )
    case(
        "order-sexagesimal",
        rep("title: Testi\n", "title: Testi\norder: 1:30\n"),
        4,
        "luku ”1:30” on kirjoitettu kaksoispistein, jolloin YAML lukee sen 60-järjestelmän lukuna (90)",
    )
    case(
        "title-explicit-timestamp",
        rep("title: Testi", "title: !!timestamp 2001-12-14"),
        3,
        "tyyppimerkintä !!timestamp ei ole sallittu",
    )
    case("title-explicit-str", rep("title: Testi", "title: !!str Testi"), 3, "tyyppimerkintä !!str ei ole sallittu")
    case(
        "yaml-line-separator-in-comment",
        rep("title: Testi\n", "title: Testi\n# kommentti\u2028order: 1\n"),
        4,
        "lukee rivinvaihdoksi",
    )
    case(
        "yaml-paragraph-separator",
        rep("title: Testi\n", "title: Testi\n# kommentti\u2029\n"),
        4,
        "lukee rivinvaihdoksi",
    )
    case("yaml-next-line-char", rep("title: Testi\n", "title: Testi\n# kommentti\x85\n"), 4, "lukee rivinvaihdoksi")
    # --- card codes: ASCII only
    case(
        "card-fullwidth-digit",
        rep("  stock: [9H, 2C]", "  stock: [9H, ６H]"),
        9,
        "”６H” ei ole kortti: siinä on merkki U+FF16",
    )
    case(
        "card-arabic-indic-digit",
        rep("  stock: [9H, 2C]", "  stock: [9H, ٧H]"),
        9,
        "”٧H” ei ole kortti: siinä on merkki U+0667",
    )
    case("card-long-s", rep("  stock: [9H, 2C]", "  stock: [9H, 5ſ]"), 9, "”5ſ” ei ole kortti: siinä on merkki U+017F")
    case("card-no-break-space", rep("  stock: [9H, 2C]", "  stock: [9H, \"2C\u00a0\"]"), 9, "siinä on merkki U+00A0")
    case(
        "card-superscript",
        rep("  stock: [9H, 2C]", "  stock: [9H, ²S]"),
        9,
        "”²S” ei ole kortti: siinä on merkki U+00B2",
    )
    case("card-cyrillic-letter", rep("  stock: [9H, 2C]", "  stock: [9H, 7\u041d]"), 9, "siinä on merkki U+041D")
    case("card-fullwidth-joker", rep("  stock: [9H, 2C]", "  stock: [9H, ＪＫ]"), 9, "siinä on merkki U+FF2A")
    case(
        "card-typographic-apostrophe", rep("  stock: [9H, 2C]", "  stock: [9H, 2C\u2019]"), 9, "siinä on merkki U+2019"
    )
    case("card-fullwidth-in-text-list", rep("  discard: [5S]", "  discard: \"5S ２C\""), 10, "siinä on merkki U+FF12")
    # --- integers of any base
    case(
        "int-hex-huge",
        rep("title: Testi\n", "title: Testi\norder: 0x" + "f" * 4000 + "\n"),
        4,
        "kokonaisluku on liian suuri",
    )
    case(
        "int-binary-long",
        rep("title: Testi\n", "title: Testi\norder: 0b" + "1" * 64 + "\n"),
        4,
        "kokonaisluku on liian suuri",
    )
    case(
        "int-sexagesimal",
        rep("title: Testi\n", "title: Testi\norder: 59:59:59:59:59:59\n"),
        4,
        "kokonaisluku on liian suuri",
    )
    # --- the opening search's budget and the step limit
    case(
        "opening-aliased-300",
        OPENINGS + f"  - &o {{opening: {HEAVY}}}\n" + "  - *o\n" * 299,
        6,
        "avausten etsiminen vaatii tässä esimerkissä liikaa työtä",
    )
    case(
        "opening-written-out-60",
        OPENINGS + f"  - opening: {HEAVY}\n" * 60,
        29,
        "avausten etsiminen vaatii tässä esimerkissä liikaa työtä",
    )
    case(
        "steps-aliased-301",
        rep(
            "steps:\n  - draw: stock\n",
            "steps:\n  - &c {check: [7H, 8H, 9H]}\n" + "  - *c\n" * 300 + "  - draw: stock\n",
        ),
        11,
        "steps: liikaa vaiheita (304; enintään 300)",
    )
    # --- legal / not_legal ask the engine about each listed move, never list all moves
    case(
        "expect-not-legal-big-position",
        LEGAL + "      not_legal: [{discard: AD}]\n",
        15,
        "not_legal: siirto poistaa ruutuässän on moottorin mukaan sallittu",
    )
    case(
        "expect-legal-big-position",
        LEGAL + "      legal: [{discard: AD}, {discard: KS}]\n",
        15,
        "legal: siirto poistaa patakuninkaan on moottorin mukaan kielletty",
    )
