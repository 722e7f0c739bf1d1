/* Rommikirja's search worker: Finnish search inside Material's search dialog.
 *
 * Material's dialog starts this worker (tools/search_hook.py names it in each page's
 * configuration) and speaks its message protocol: SETUP (0) with the site's search index
 * (search/search_index.json, written by tools/search_index.py), READY (1), QUERY (2) with the
 * typed text, RESULT (3) with the sections grouped by page, best first, highlighted.
 *
 * Query analysis, without Python: each word is looked up in the site's surface → lemma table
 * (Voikko's analysis of every word on the site, made at build time); a word the site never uses
 * is stripped of a Finnish ending and rebuilt until it is a word of the site, stemmed (Snowball's
 * Finnish stemmer, shipped with Material), split into known compound parts or, from five letters
 * on, matched with one typo. The club's search words (synonyms, English terms) add the site's own
 * words. A section scores by how many of the question's content words it has (stop words such as
 * mitä, kun, jos, on are dropped), weighted by how rare each word is and whether it stands in the
 * section's or the page's title; a word that names one game keeps that game's sections first.
 */
"use strict"

/* Material's stemmer files expect a lunr object; they only need these pieces of it. */
self.lunr = {
  Pipeline: { registerFunction() {} },
  generateStopWordFilter() { return () => undefined }
}
importScripts(
  "javascripts/lunr/min/lunr.stemmer.support.min.js",
  "javascripts/lunr/min/lunr.fi.min.js"
)
const snowball = self.lunr.fi.stemmer

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3
const WORD = /[\p{L}\p{N}]+/gu
const MAX_RESULTS = 15
const MAX_WORDS = 16             /* a pasted paragraph: its first words */
const SHOWN = 0.7
/* Ranking (BM25F-like, per section): a word in the section's title counts as `title` words of its
 * text, in its page's title as `page`; `b` is how much a long section is discounted; `other`, what
 * each further meaning of a word adds to its best one (a compound's parts, a synonym); `scope`,
 * the factor for sections of other pages when a query word names one game. Chosen on
 * tests/search_queries.yaml with a coarse grid, checked to hold on both halves of it alike. */
const P = { title: 3, page: 2, b: 0.3, other: 0.25, scope: 0.5 }
const W = { exact: 1, syn: 0.95, stem: 0.85, part: 0.6, split: 0.7, typo: 0.7 }

let S = null                     /* the search state, made by setup() */

function stem(word) {
  let out = word
  snowball({ update(fn) { out = fn(word); return out } })
  return out
}

function words(text) {
  return text.toLowerCase().match(WORD) || []
}

function plain(htmlText) {
  return htmlText.replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e) =>
      ({ amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'", nbsp: " " })[e])
}

function escapeHTML(s) {
  return s.replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" })[c])
}

/* The lemmas (weight 1) and compound parts (weight W.part) of a word that is on the site
 * (memoized: callers must not change the map they get). */
function analysed(word) {
  let out = S.cache.get(word)
  if (out === undefined) S.cache.set(word, out = analyse1(word))
  return out
}

function analyse1(word) {
  const ids = S.forms.get(word)
  const out = new Map()
  if (ids === undefined) {
    out.set(word, W.exact)
    return out
  }
  for (const id of ids)
    if (id >= 0)
      out.set(S.terms[id], W.exact)
    else if (!out.has(S.terms[-id - 1]))
      out.set(S.terms[-id - 1], W.part)
  return out
}

function addAll(into, from, factor) {
  for (const [t, w] of from)
    if ((into.get(t) || 0) < w * factor)
      into.set(t, w * factor)
}

/* Is the word one the site (or the search words) knows as it is? */
function known(word) {
  return S.surface.has(word) || S.lemmas.has(word) || S.syn.has(word)
}

/* One-edit neighbours (delete, transpose, substitute, insert) among the known words. */
function typos(word, vocabulary = S.vocabulary) {
  const out = []
  const n = word.length
  for (let m = Math.max(n - 1, 4); m <= n + 1; m++)
    for (const cand of vocabulary.get(m) || [])
      if ((cand[0] === word[0] || cand[1] === word[1]) && editOne(word, cand))
        out.push(cand)
  return out
}

/* words by length, for typos() */
function byLength(list) {
  const out = new Map()
  for (const w of list) {
    if (!out.has(w.length)) out.set(w.length, [])
    out.get(w.length).push(w)
  }
  return out
}

function editOne(a, b) {
  if (a === b) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  if (a.length > b.length) return a.slice(i + 1) === b.slice(i)
  return a.slice(i) === b.slice(i + 1)
}

/* Finnish endings (case, number, possessive, clitic, verb forms), longest first, and what a base
 * form may end in instead: a word the site does not use is stripped and rebuilt, and the results
 * that are words of the site give its lemmas (koputtamalla → koputtaa, patakuninkaalla →
 * patakuninkaan → patakuningas, loputtua → loppua). */
const ENDINGS = `
  mattomana mättömänä malla mällä massa mässä masta mästä matta mättä maan mään minen misen
  ttaessa ttäessä essaan essään taessa täessä tuaan tyään ttuaan ttyään ttiin taan tään tiin
  vissa vissä viksi ville neiden neisiin neille neillä tuina tyinä tujen tyjen
  isiin iseen ihin iden itten issa issä ista istä illa illä ilta iltä ille ina inä iksi ita itä
  essa essä ella ellä elle elta eltä esta estä ena enä eksi
  ssa ssä sta stä lla llä lta ltä lle ksi tta ttä seen hin han hän kin kaan kään
  nsa nsä mme tte vat vät nut nyt neet tua tyä ttu tty tava tävä va vä ko kö pa pä
  ja jä en in an än na nä ta tä ni si a ä n t i e`.trim().split(/\s+/)
  .sort((a, b) => b.length - a.length)
const REBUILD = ["", "a", "ä", "i", "e", "n", "nen", "inen", "s", "aa", "ää", "t", "o", "ö", "u", "y", "ta", "tä"]
const GRADE = [["k", "kk"], ["p", "pp"], ["t", "tt"], ["v", "p"], ["d", "t"], ["ng", "nk"], ["mm", "mp"],
               ["nn", "nt"], ["ll", "lt"], ["rr", "rt"], ["j", "k"], ["", "k"], ["e", "i"], ["s", "nen"]]

function guesses(word) {
  const out = new Map()
  for (const ending of ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 3) continue
    const stem = word.slice(0, -ending.length)
    const stems = [stem]
    for (const [from, to] of GRADE) {
      const m = stem.match(new RegExp(`(${from})([aeiouyäö]*)$`))
      if (m && (from || stem.length >= 4)) stems.push(stem.slice(0, m.index) + to + m[2])
    }
    for (const st of stems)
      for (const tail of REBUILD) {
        const cand = st + tail
        if (cand !== word && (S.surface.has(cand) || S.lemmas.has(cand)))
          addAll(out, analysed(cand), W.stem)
      }
    if (out.size) return out
  }
  return out
}

/* A word the site does not use as such: its stem's lemmas, if any. */
function byStem(word) {
  const out = guesses(word)
  for (const s of new Set([stem(word), word.replace(/(ko|kö|kin|kaan|kään|han|hän|pa|pä)$/, "")])) {
    const hit = S.stems.get(s) || S.stems.get(stem(s))
    if (hit)
      for (const w of hit) addAll(out, analysed(w), W.stem)
  }
  return out
}

/* A compound not on the site: a known head + a known (or stemmed) tail, longest head first. */
function bySplit(word, depth) {
  for (let i = word.length - 3; i >= 3; i--) {
    const head = word.slice(0, i), tail = word.slice(i)
    if (!S.surface.has(head) && !S.lemmas.has(head))
      continue
    let tailTerms = known(tail) ? analysed(tail) : byStem(tail)
    if (!tailTerms.size && depth < 1)
      tailTerms = bySplit(tail, depth + 1) || tailTerms       /* three parts: head + split tail */
    if (tailTerms.size) {
      const out = new Map()
      addAll(out, analysed(head), W.split)
      addAll(out, tailTerms, depth ? 1 : W.split)
      return out
    }
  }
  return null
}

/* Everything one typed word may mean: lemma → weight. */
function meanings(word) {
  let out, own = true
  if (S.surface.has(word) || S.lemmas.has(word)) {
    out = new Map(analysed(word))
  } else if (S.syn.has(word)) {
    out = new Map()
    own = false
  } else {
    own = false
    out = byStem(word)
    if (!out.size) out = bySplit(word, 0) || new Map()
    if (!out.size && word.length >= 5) {
      for (const cand of typos(word)) addAll(out, S.syn.has(cand) && !S.surface.has(cand) && !S.lemmas.has(cand)
        ? synonyms(cand) : analysed(cand), W.typo)
      if (!out.size)
        for (const st of typos(stem(word), S.stemList))
          for (const w of S.stems.get(st)) addAll(out, analysed(w), W.typo * 0.9)
    }
  }
  /* the club's search words: weaker when the typed word is on the site as it is */
  const factor = own ? 0.6 : 1
  for (const [t] of [...out]) addAll(out, synonyms(t), out.get(t) * factor)
  addAll(out, synonyms(word), factor)
  return out
}

function synonyms(word) {
  const out = new Map()
  for (const id of S.syn.get(word) || []) out.set(S.terms[id], W.syn)
  return out
}

function isStop(word) {
  if (S.stop.has(word)) return true
  const ids = S.forms.get(word)
  return !!ids && ids.length > 0 && ids.every(id => id >= 0 && S.stop.has(S.terms[id]))
}

/* The typed text as content words, each with its meanings; phrases of the search words first. */
function analyse(query) {
  const typed = words(query).slice(0, MAX_WORDS)
  const out = []
  outer: for (let i = 0; i < typed.length; i++) {
    for (let n = 3; n >= 2; n--) {            /* the search words' phrases: lay off, discard pile */
      const phrase = typed.slice(i, i + n).join(" ")
      if (i + n <= typed.length && S.syn.has(phrase)) {
        out.push({ word: phrase, terms: synonyms(phrase), stop: false })
        i += n - 1
        continue outer
      }
    }
    const word = typed[i]
    out.push({ word, terms: meanings(word), stop: isStop(word) })
  }
  const content = out.filter(q => !q.stop)
  return content.length ? content : out
}

function setup({ config, docs }) {
  /* without the build's Finnish tables (an index not written by tools/search_hook.py) the search
   * still answers, with the stemmer and the typo tolerance only */
  const fi = config.fi || { terms: [], forms: {}, syn: {}, stop: [] }
  const forms = new Map(Object.entries(fi.forms))
  S = { terms: fi.terms, forms, stop: new Set(fi.stop), syn: new Map(Object.entries(fi.syn)),
        surface: new Set(), lemmas: new Set(fi.terms), stems: new Map(), docs: [], pages: new Map(),
        cache: new Map() }
  for (const doc of docs) {
    const [path] = doc.location.split("#")
    if (!S.pages.has(path)) S.pages.set(path, doc)
  }
  for (const doc of docs) {
    if (!doc.location.includes("#") && !doc.text) continue
    const page = S.pages.get(doc.location.split("#")[0])
    const plainText = plain(doc.text).replace(/\s+/g, " ").trim()
    const entry = { doc, page, title: new Map(), text: new Map(), pageTitle: new Map(), length: 0,
                    plain: plainText, tokens: [], first: new Map() }
    const fields = [["title", doc.title], ["text", plainText], ["pageTitle", page.title]]
    for (const [field, value] of fields)
      for (const m of value.matchAll(WORD)) {
        const w = m[0].toLowerCase()
        S.surface.add(w)
        const lemmas = analysed(w)
        if (field === "text") {
          entry.length++
          entry.tokens.push([m.index, m.index + m[0].length, lemmas])
        }
        if (field !== "pageTitle")
          for (const t of lemmas.keys()) if (!entry.first.has(t)) entry.first.set(t, w)
        for (const [t, weight] of lemmas) {
          const f = entry[field]
          f.set(t, (f.get(t) || 0) + weight)
        }
      }
    S.docs.push(entry)
  }
  for (const w of [...S.surface, ...S.lemmas, ...S.syn.keys()]) {
    const s = stem(w)
    if (!S.stems.has(s)) S.stems.set(s, [])
    S.stems.get(s).push(w)
  }
  S.stemList = byLength(S.stems.keys())
  S.pageTerms = new Map()
  for (const [path, page] of S.pages) {
    const t = new Set()
    for (const w of words(page.title)) for (const [l, weight] of analysed(w)) if (weight === W.exact) t.add(l)
    S.pageTerms.set(path, t)
  }
  S.vocabulary = byLength(new Set([...S.surface, ...S.lemmas, ...[...S.syn.keys()].filter(k => !k.includes(" "))]))
  S.df = new Map()
  for (const e of S.docs)
    for (const t of new Set([...e.title.keys(), ...e.text.keys()]))
      S.df.set(t, (S.df.get(t) || 0) + 1)
  S.avg = S.docs.reduce((a, e) => a + e.length, 0) / S.docs.length
}

/* How well one section answers one query word: best of the word's meanings. */
function wordScore(e, terms) {
  let best = 0, hit = null, sum = 0
  const N = S.docs.length
  for (const [t, weight] of terms) {
    const tf = (e.text.get(t) || 0) + P.title * (e.title.get(t) || 0) + P.page * (e.pageTitle.get(t) || 0)
    if (!tf) continue
    const idf = Math.log(1 + N / (S.df.get(t) || 1))
    const s = weight * idf * tf / (tf + 1.2 * (1 - P.b + P.b * e.length / S.avg))
    sum += s
    if (s > best) { best = s; hit = t }
  }
  return [best + P.other * (sum - best), hit]
}

function score(e, query) {
  let total = 0, matched = 0, weightAll = 0
  const hits = []
  for (const q of query) {
    const [s, t] = wordScore(e, q.terms)
    const rare = Math.max(...[...q.terms.keys()].map(t => Math.log(1 + S.docs.length / (S.df.get(t) || S.docs.length))), 0.5)
    weightAll += rare
    if (s > 0) { total += s; matched += rare; hits.push(t) }
    else hits.push(null)
  }
  return [total * (0.3 + 0.7 * (matched / weightAll) ** 2) , hits]
}

/* The section's text around its first match, with every word of the matched lemmas marked. */
function teaser(e, matched) {
  const t = e.plain
  const marks = []
  for (const [a, b, lemmas] of e.tokens)
    for (const lemma of matched)
      if (lemmas.has(lemma)) { marks.push([a, b]); break }
  const from = marks.length ? Math.max(0, marks[0][0] - 60) : 0
  const until = Math.min(t.length, from + 240)
  let out = "", at = from
  for (const [a, b] of marks) {
    if (a < from || b > until) continue
    out += escapeHTML(t.slice(at, a)) + "<mark>" + escapeHTML(t.slice(a, b)) + "</mark>"
    at = b
  }
  out += escapeHTML(t.slice(at, until))
  return `<p>${from > 0 ? "…" : ""}${out}${until < t.length ? "…" : ""}</p>`
}

function markTitle(title, matched) {
  return escapeHTML(title).replace(WORD, w => {
    for (const lemma of analysed(w.toLowerCase()).keys())
      if (matched.has(lemma)) return `<mark>${w}</mark>`
    return w
  })
}

/* The one page a query word names, if any: a word in the title of a single page (gin,
 * perusrommin, 51) scopes the question to that game. */
function scope(query) {
  const pages = new Set()
  for (const q of query) {
    const named = new Set()
    for (const [t, w] of q.terms)
      if (w >= W.stem)
        for (const [path, titleTerms] of S.pageTerms) if (titleTerms.has(t)) named.add(path)
    if (named.size === 1) pages.add([...named][0])
  }
  return pages.size === 1 ? [...pages][0] : null
}

function search(text) {
  const query = analyse(text)
  if (!query.length) return { items: [] }
  const only = scope(query)
  const scored = []
  for (const e of S.docs) {
    let [s, hits] = score(e, query)
    if (only !== null && e.page.location !== only) s *= P.scope
    if (s > 0) scored.push({ e, s, hits })
  }
  scored.sort((a, b) => b.s - a.s)
  const groups = new Map()
  for (const { e, s, hits } of scored.slice(0, MAX_RESULTS)) {
    const matched = new Set(hits.filter(Boolean))
    const terms = {}
    query.forEach((q, i) => {
      const w = hits[i] && e.first.get(hits[i])
      if (w) terms[w] = true
      else if (!hits[i]) terms[q.word] = false
    })
    const item = { location: e.doc.location, title: markTitle(e.doc.title, matched),
                   text: teaser(e, matched), score: s, terms }
    const key = e.page.location
    if (!groups.has(key)) groups.set(key, [])
    groups.get(key).push(item)
  }
  for (const [key, items] of groups) {
    /* Material shows a page's sections that score as high as its best one and folds the rest
     * under "N lisää tällä sivulla": show those nearly as good too (the order stays). */
    const best = items[0].score
    for (const item of items)
      if (item.score >= SHOWN * best) item.score = best
    if (!items.some(i => i.location === key)) {
      const page = S.pages.get(key)
      items.push({ location: page.location, title: escapeHTML(page.title), text: "", score: 0, terms: {} })
    }
  }
  return { items: [...groups.values()] }
}

/* The index is set up (half a second of work on a phone or a busy laptop) a moment after the
 * dialog hands it over, not at once: the page is loading then, and on a page with practice the
 * rules engine is starting too; a query asked before that sets it up first. */
const SETUP_DELAY_MS = 3000
let waiting = null
let timer = 0
function setUpNow() {
  clearTimeout(timer)
  if (waiting) { const data = waiting; waiting = null; setup(data) }
}

addEventListener("message", ev => {
  const message = ev.data
  if (message.type === SETUP) {
    waiting = message.data
    clearTimeout(timer)
    timer = setTimeout(setUpNow, SETUP_DELAY_MS)
    postMessage({ type: READY })
  } else if (message.type === QUERY) {
    setUpNow()
    let data
    try {
      data = search(message.data)
    } catch (err) {
      console.warn(err)
      data = { items: [] }
    }
    postMessage({ type: RESULT, data })
  }
})

/* For tests and the bench: the analysis of a query, outside the dialog. */
self.rommikirjaHaku = { setup, search, analyse }
