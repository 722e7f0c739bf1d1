"""Texts the tests share. Scenario text: one small perusrommi position of their own (independent of the
shipped scenarios), in which Aino goes out by drawing the 9 of hearts onto her 7 and 8.

Tests put it together from the parts they need and add their own steps, options and text; the
parts keep their line numbers (a test that names a line counts from the top of :data:`DEAL`).
And :data:`KALLE`, a club player's name with all its case forms as ``scenarios/nimet.yaml`` has them.
"""

#: The header and the deal (lines 1–10): Aino holds 7H 8H, the stock's top card is the 9H.
DEAL = """\
source: own
game: perusrommi
title: Testi
setup:
  turn: Aino
  hands:
    - [7H, 8H]
    - [AS, 7C, KD]
  stock: [9H, 2C]
  discard: [5S]
"""

#: Two melds of each player on the table, both having played (lay-offs open to both).
TABLE = """\
  table:
    - {owner: Aino, cards: [3C, 4C, 5C, 6C]}
    - {owner: Aino, cards: [9D, 10D, JD, QD]}
    - {owner: Eero, cards: [8S, 9S, 10S, JS]}
    - {owner: Eero, cards: [2D, 3D, 4D]}
  has_played: [Aino, Eero]
"""

#: Aino draws the 9 of hearts and goes out with the run.
GOES_OUT = """\
steps:
  - draw: stock
  - meld: [7H, 8H, 9H]
  - expect:
      winner: Aino
"""

#: A club name with every singular case, as in ``scenarios/nimet.yaml``.
KALLE = """\
Kalle:
  gen: Kallen
  part: Kallea
  ill: Kalleen
  ine: Kallessa
  ela: Kallesta
  all: Kallelle
  ade: Kallella
  abl: Kallelta
  ess: Kallena
  tra: Kalleksi
"""
