"""The editor's reference texts in Finnish: what each key, step, result and text helper means.

:mod:`tools.reference` prints them in ``scenarios/README.md``; tests check that each table
covers exactly what the scenario loader (:mod:`tools.scenario`) and the text templates accept,
so nothing is accepted and missing from the reference.
"""

from __future__ import annotations

from rommikirja.codes import ResultKind


#: What a scenario's ``text`` template may use, in Finnish, for the reference. A test checks that
#: this covers exactly what tools.templating gives the template.
TEXT_VARIABLES: dict[str, str] = {
    "s": "koko skenaario (otsikko, peli, säännöt …)",
    "names": "pelaajien nimet istumajärjestyksessä, esim. `{{ names[0] }}`",
    "rules": "skenaarion säännöt, esim. `{{ rules.target_score }}`",
    "start": "lähtötilanne: `start.hands[i]`, `start.stock`, `start.discard`, `start.table`",
    "end": "lopputilanne samoin kentin kuin start",
    "outcome": "jaon päättymisen tiedot (kuka meni ulos, mitä käsiin jäi); tyhjä, jos jako ei päättynyt",
    "score": "jaon pisteet: `score.points[i]`, `score.hand_values[i]`, `score.base`, `score.doubled`",
    "refusals": "vaiheet, jotka moottori hylkäsi (`refusals[0].refused`)",
    "checks": "check-vaiheet: `checks[0].cards`, `checks[0].valid`",
    "priced": "expect-vaiheet, joissa jako on hinnoiteltu toisilla säännöillä (`priced[0].score.points`)",
    "deals": "deal-vaiheet ja niiden tiedot (`deals[0].facts.stock_size`)",
    "waits": "waits-vaiheet (`waits[0].facts.completes`)",
    "winner": "pisteet saavan pelaajan nimi tai tyhjä",
    "points": "kortin pisteet näillä säännöillä: `points(kortti)`",
    "values": "korttien pisteet luettelona: `values(end.hands[1]) | join(\" + \")`",
    "value": "korttien yhteisarvo: `value(end.hands[1])`",
    "hand": "pelaajan käsi lähtötilanteessa: `hand(0)`",
    "final_hand": "pelaajan käsi lopussa: `final_hand(0)`",
    "arrange": "käden paras jako yhdistelmiin (gin): `arrange(kortit).deadwood_points`",
    "end_melds": "pöydän yhdistelmät lopussa",
    "laid_off": "gin: puolustajan koputtajan yhdistelmiin liittämät kortit",
}
TEXT_FILTERS: dict[str, str] = {
    "name": "kortin nimi sijamuodossa: `{{ kortti | name }}`, `{{ kortti | name(\"part\") }}`",
    "names": "korttien nimet luettelona: `{{ kortit | names }}`, `{{ kortit | names(\"gen\", \"tai\") }}`",
    "card": "kortti kuvana",
    "cards": "kortit kuvina",
    "meld": "yhdistelmä kuvina yhtenä ryhmänä",
    "word": "pieni luku sanana, myös sijamuodossa: 3 → kolme, `word(\"ade\")` → kolmella",
    "ordinal": "järjestysluku sanoina (1–10) sijamuodossa: `{{ n | ordinal(\"ade\") }}` → neljännellä",
    "numeral": "luku aina sanoina: `{{ 15 | numeral(\"gen\") }}` → viidentoista",
    "count": "luku ja sana taipuneina: `{{ n | count(\"kortti\", \"ade\") }}` → seitsemällä kortilla, "
    "`{{ n | count(\"piste\") }}` → 15 pistettä",
    "noun": "laskettava sana yksinään sijamuodossa: `{{ \"jako\" | noun(\"ela\") }}` → jaosta",
    "player": "pelaajan nimi sijamuodossa: `{{ names[0] | player(\"all\") }}` → Ainolle",
    "num": "luku, negatiivinen oikealla miinusmerkillä",
    "cap": "iso alkukirjain",
    "join_fi": "sanat luettelona: a, b ja c",
}
TEXT_GLOBALS: dict[str, str] = {
    "rank_name": "arvon nimi sijamuodossa: `rank_name(13, \"gen\")` → kuninkaan",
    "suit_name": "maan nimi sijamuodossa",
    "sum_text": "yhteenlasku moottorin luvuista: `sum_text(values(hand(1)))` → 11 + 20 + 10 + 5 = 46",
    "difference_text": "erotus: `difference_text(a, b)` → a − b = c",
    "product_text": "tulo: `product_text(a, b)` → a × b = c",
    "compare_text": "vertailu, joka pitää aina paikkansa: `compare_text(30, 51)` → 30 < 51",
    "hand_size_groups": "jakokoot ryhmiteltyinä: pelaajamäärät, joilla kortteja jaetaan yhtä monta",
    "opening_points_of": "mitä arvo on avauksen pisteissä: `opening_points_of(13)` → 10, "
    "`opening_points_of(1, True)` → 11 (ässä suurena tai ryhmässä)",
}


#: The keys of ``setup:``, in Finnish, for the reference; a test checks these are exactly
#: :data:`tools.scenario.SETUP_KEYS`.
SETUP_HELP: dict[str, str] = {
    "hands": "pelaajien kädet istumajärjestyksessä, yksi korttiluettelo pelaajaa kohden (pakollinen): `- [7H, 8H, AS]`",
    "turn": "kuka aloittaa (nimi); oletus on ensimmäinen pelaaja",
    "dealer": "jakaja (nimi)",
    "stock": "nostopakka päältä alkaen: luettelon ensimmäinen kortti nostetaan ensin; riittää luetella "
    "päällimmäiset kortit, sillä nostopakassa on muuten kaikki pakan kortit, jotka eivät ole "
    "käsissä, pöydällä tai poistopakassa",
    "stock_size": "montako korttia nostopakassa on (oletus: kaikki muualle kuulumattomat kortit); "
    "kun se on annettu, käsien, pöydän ja molempien pakkojen korttien on oltava yhteensä koko pakka",
    "discard": "poistopakka pohjalta alkaen: luettelon viimeinen kortti on päällimmäinen",
    "discard_size": "montako korttia poistopakassa on, kun `discard` luettelee vain päällimmäiset "
    "(oletus: luettelon kortit); luettelemattomat kortit eivät saa tulla esimerkissä esiin",
    "table": "pöydän yhdistelmät, kukin `{owner: Aino, cards: [9S, 10S, JS]}`; niiden numerot (`onto:`) "
    "alkavat nollasta tässä järjestyksessä",
    "has_played": "pelaajat, jotka ovat jo pelanneet oman yhdistelmän (pöydän yhdistelmän omistaja on "
    "pelannut muutenkin): `has_played: [Eero]`",
    "opened": "Rommi 51: pelaajat, jotka ovat jo avanneet (sama tieto kuin `has_played`)",
    "totals": "yhteispisteet ennen tätä jakoa: `{Aino: 120, Eero: 45}`",
    "deals_played": "montako jakoa pelissä on jo pelattu ennen tätä",
    "phase": "gin-rommi: vuoron vaihe, `draw` tai `offer` (avokortin tarjous)",
}

#: Each kind of step (the key that makes a step of that kind) in Finnish; a test checks these are
#: exactly the move keys, the stand-alone step kinds and ``expect``.
STEP_HELP: dict[str, str] = {
    "draw": "nosto: `draw: stock` (nostopakasta) tai `draw: discard` (poistopakan päällimmäinen)",
    "meld": "uusi yhdistelmä pöytään: `meld: [7H, 8H, 9H]`; se tulee pöydän viimeiseksi",
    "lay_off": "korttien lisäys pöydän yhdistelmään: `lay_off: [10H]` ja `onto: 0`",
    "discard": "poisto: `discard: KS`; sen jälkeen vuoro siirtyy seuraavalle",
    "open": "avaus (Rommi 51, klassinen rommi): `open: [[7H, 8H, 9H], [KS, KC, KD]]`",
    "knock": "gin: koputus, arvona poistettava kortti: `knock: KS`",
    "pass": "gin: avokortin ohitus: `pass: true`",
    "claim": "klassinen rommi: ”rommi!”-huuto: `claim: Eero` ja `onto:` yhdistelmä, johon juuri poistettu kortti sopii",
    "misdraw": "klassinen rommi: nosto väärällä vuorolla: `misdraw: Eero`",
    "reject_exposed": "klassinen rommi: väärällä vuorolla paljastettu kortti laitetaan poistopakkaan",
    "expect": "tarkistus tässä kohdassa jakoa (avaimet alla)",
    "check": "kelpaako yhdistelmä: `check: [7H, 8H, 9H]` ja `valid: true` tai `valid: false` (`reason:` hylkäyskoodi)",
    "deal": "uusi jako sekoituksesta: montako korttia menee minnekin ja kuka aloittaa",
    "opening": "Rommi 51: voiko käsi avata, ja paras avaus pisteineen",
    "cut": "ensimmäisen jakajan arvonta: jokainen nostaa kortin, pienin jakaa",
    "arrange": "käden paras jako yhdistelmiin ja irtokortteihin (gin); 11 kortista myös paras poisto",
    "waits": "mitkä yksittäiset kortit täydentäisivät annetut kortit yhdistelmäksi",
}

#: Keys a move step may have besides the move itself.
STEP_EXTRA_HELP: dict[str, str] = {
    "onto": "`lay_off` ja `claim`: pöydän yhdistelmän numero nollasta alkaen pöydän järjestyksessä: ensin "
    "asetelman `table`-yhdistelmät, sitten jaossa pelatut uudet yhdistelmät siinä järjestyksessä "
    "kuin ne pelattiin (uusi yhdistelmä tulee aina viimeiseksi)",
    "refused": "siirron kuuluu hylkäytyä tällä koodilla (koodit alla); hylätty siirto ei muuta jakoa",
    "melds": "`knock`: koputtajan yhdistelmät korttiluetteloina (muuten moottori valitsee parhaat)",
    "jokers": "mitä kukin siirron jokeri esittää: `jokers: {JK: AH}`",
    "deliberate": "siirto on tarkoituksella heikompi kuin moottorin paras (gin-rommin koputus tai poisto, "
    "kun gin olisi ollut tarjolla; poisto, vaikka käden olisi voinut pelata ulos): arvona syy, "
    "ja esimerkin tekstin on kerrottava se lukijalle; ilman merkintää verify hylkää "
    "selvästi heikon opetussiirron",
    "opastus": "opetusjako (`opetus-<peli>.yaml`): oppaan oma ohje tälle siirrolle, yksi rivi pelkkää tekstiä "
    "(muuten ohje tehdään siirrosta ja säännöstä)",
}

#: The keys of an ``expect:`` step in Finnish; a test checks these are exactly
#: :data:`tools.scenario.EXPECT_KEYS`.
EXPECT_HELP: dict[str, str] = {
    "over": "onko jako päättynyt: `true` tai `false`",
    "winner": "kuka saa jaon pisteet, yleensä ulos mennyt pelaaja (nimi, tai `null`, jos ei kukaan)",
    "scorer": "sama kuin `winner`",
    "result": "miten jako päättyi (tulos, arvot alla)",
    "reason": "sama kuin `result`",
    "rummy": "menikö pelaaja ulos kerralla (rommi): `true` tai `false`",
    "points": "jaon pisteet pelaajittain: `[18, 0]` tai `{Aino: 18, Eero: 0}`",
    "hand_values": "käteen jääneiden korttien arvot pelaajittain",
    "totals": "yhteispisteet jaon jälkeen pelaajittain",
    "deadwood": "gin: irtokorttien pisteet pelaajittain",
    "layoffs": "gin: puolustajan koputtajan yhdistelmiin lisäämät kortit",
    "defender_melds": "gin: puolustajan omat yhdistelmät",
    "game_over": "päättyikö koko peli tähän jakoon",
    "leaders": "johtajat pelin lopussa (nimet)",
    "next_dealer": "seuraavan jaon jakaja (nimi)",
    "turn": "kuka on vuorossa (nimi)",
    "hand": "pelaajan kortit (järjestyksellä ei väliä): `{Eero: [AS, 7C]}`",
    "hand_size": "korttien määrä käsissä pelaajittain",
    "stock": "nostopakan päällimmäiset kortit päältä alkaen",
    "stock_size": "nostopakan korttien määrä",
    "discard": "poistopakka pohjalta päällimmäiseen (ilman asetelman luettelemattomia kortteja, ks. `discard_size`)",
    "table": "pöydän yhdistelmät pöydän järjestyksessä: `[[9S, 10S, JS], [3H, 3C, 3D]]`",
    "legal": "siirrot, jotka moottorin mukaan ovat nyt sallittuja: `[{discard: KS}]`",
    "not_legal": "siirrot, jotka moottorin mukaan ovat nyt kiellettyjä",
    "options": "hinnoittele jako toisilla säännöillä: `options: {rummy_doubling: false}` ja `points:` samassa kohdassa",
}

#: What ``result:`` may say (the engine's DealScore.kind), in Finnish: :class:`rommikirja.codes.ResultKind`'s help.
RESULT_HELP: dict[str, str] = {k.value: k.help for k in ResultKind}
