"""Typed numbers and card names behind constant expressions in a scenario text.

A number in a text comes from a fact, however it is spelled: ``{{ 99 }}``, ``{{ 98 + 1 }}``,
``{{ -99 }}``, ``{{ range(99) | length }}``, ``{{ "abc" | length }}``, ``{{ [99][0] }}`` all
print a number nobody computed, and ``{{ "herttay" ~ "si" }}`` a card name. :func:`typed_constants`
finds every part of an expression whose value reaches the output and does not depend on a fact
(nothing but constants and pure helpers), works its value out in the sandbox (constant folding
of the Jinja2 tree, with the sandbox's bounds; a part that fails to evaluate is left to the
rendering, which reports it) and refuses a number, or a text with digits or a card name.

Arithmetic on a fact may add or subtract 0 or 1 and multiply or divide by 1 or −1
(``{{ 0 - s.totals_after[1] }}``, ``{{ i + 1 }}``); any other constant in it is a typed number.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Iterator

from jinja2 import nodes
from jinja2.nodes import EvalContext
from jinja2.runtime import Undefined

#: Globals that give the same value for the same constant arguments (a call of one is constant).
PURE_GLOBALS = frozenset(
    {
        "range",
        "rank_name",
        "suit_name",
        "opening_points_of",
        "sum_text",
        "difference_text",
        "product_text",
        "compare_text",
    }
)
#: Context helpers whose arguments pick a fact (a player's index, cards) and are not printed.
PICKERS = frozenset({"hand", "final_hand", "points", "value", "values", "arrange"})
#: Filters one of whose arguments may be printed: name → (position, keyword) of that argument.
PRINTED_ARGS = {
    "join": (0, "d"),
    "default": (0, "default_value"),
    "d": (0, "default_value"),
    "sum": (1, "start"),
    "replace": (1, "new"),
    "join_fi": (0, "conj"),
    "names": (1, "conj"),
}
#: Constants arithmetic on a fact may use: operator → values.
HARMLESS = {"+": (0, 1), "-": (0, 1), "*": (1, -1), "/": (1, -1), "//": (1, -1)}

_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "lteq": operator.le,
    "gt": operator.gt,
    "gteq": operator.ge,
    "in": lambda a, b: a in b,
    "notin": lambda a, b: a not in b,
}


class _NotConst(Exception):
    pass


class Folder:
    """Constant values of expression nodes, worked out in ``env`` (a :class:`tools.sandbox.Sandbox`)."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.eval_ctx = EvalContext(env)
        self.memo: dict[int, Any] = {}

    def value(self, node: nodes.Node) -> Any:
        """The node's value; :class:`_NotConst` when it depends on a fact or cannot be worked out."""
        key = id(node)
        if key in self.memo:
            got = self.memo[key]
            if got is _NotConst:
                raise _NotConst()
            return got
        try:
            got = self._value(node)
            if isinstance(got, Undefined):
                raise _NotConst()
        except _NotConst:
            self.memo[key] = _NotConst
            raise
        except Exception:  # fails when evaluated: the rendering says why
            self.memo[key] = _NotConst
            raise _NotConst() from None
        self.memo[key] = got
        return got

    def _value(self, node: nodes.Node) -> Any:
        v, env = self.value, self.env
        if isinstance(node, nodes.Const):
            return node.value
        if isinstance(node, nodes.List):
            return [v(i) for i in node.items]
        if isinstance(node, nodes.Tuple):
            return tuple(v(i) for i in node.items)
        if isinstance(node, nodes.Dict):
            return {v(p.key): v(p.value) for p in node.items}
        if isinstance(node, nodes.Concat):
            return env.bounded_concat(lambda parts: "".join(map(str, parts)), tuple(v(n) for n in node.nodes))
        if isinstance(node, nodes.BinExpr):
            if node.operator in ("and", "or"):
                left = v(node.left)
                return (v(node.right) if left else left) if node.operator == "and" else (left or v(node.right))
            return env.call_binop(None, node.operator, v(node.left), v(node.right))
        if isinstance(node, nodes.UnaryExpr):
            x = v(node.node)
            return not x if node.operator == "not" else -x if node.operator == "-" else +x
        if isinstance(node, nodes.CondExpr):
            if v(node.test):
                return v(node.expr1)
            if node.expr2 is None:
                raise _NotConst()
            return v(node.expr2)
        if isinstance(node, nodes.Compare):
            left = v(node.expr)
            for op in node.ops:
                right = v(op.expr)
                if not _COMPARE[op.op](left, right):
                    return False
                left = right
            return True
        if isinstance(node, (nodes.Filter, nodes.Test)):
            if node.node is None or node.dyn_args is not None or node.dyn_kwargs is not None:
                raise _NotConst()
            args = [v(a) for a in node.args]
            kwargs = {k.key: v(k.value) for k in node.kwargs}
            call = env.call_filter if isinstance(node, nodes.Filter) else env.call_test
            return call(node.name, v(node.node), args, kwargs, eval_ctx=self.eval_ctx)
        if isinstance(node, nodes.Getattr):
            return env.getattr(v(node.node), node.attr)
        if isinstance(node, nodes.Getitem):
            return env.getitem(v(node.node), v(node.arg))
        if isinstance(node, nodes.Slice):
            return slice(*(None if n is None else v(n) for n in (node.start, node.stop, node.step)))
        if isinstance(node, nodes.Call):
            if node.dyn_args is not None or node.dyn_kwargs is not None:
                raise _NotConst()
            if isinstance(node.node, nodes.Name) and node.node.name in PURE_GLOBALS:
                func = env.globals[node.node.name]
            elif isinstance(node.node, nodes.Getattr):
                func = v(node.node)
                if not isinstance(getattr(func, "__self__", None), str) or not env.is_safe_callable(func):
                    raise _NotConst()
            else:
                raise _NotConst()
            return func(*(v(a) for a in node.args), **{k.key: v(k.value) for k in node.kwargs})
        raise _NotConst()


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _numbers(value: Any, depth: int = 0) -> Iterator[Any]:
    if _is_number(value):
        yield value
    elif isinstance(value, (list, tuple, range)) and depth < 4 or type(value).__name__ == "BoundedRange":
        for item in list(value)[:50]:
            yield from _numbers(item, depth + 1)
    elif isinstance(value, dict) and depth < 4:
        for item in list(value.items())[:50]:
            yield from _numbers(item, depth + 1)


def _texts(value: Any, depth: int = 0) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple, dict)) and depth < 4:
        for item in list(value)[:50]:
            yield from _texts(item, depth + 1)


class _Flow:
    """The parts of expressions whose values reach the output."""

    def __init__(self, folder: Folder) -> None:
        self.folder = folder
        self.found: list[tuple[nodes.Node, Any]] = []  # (constant part, its value)

    def printed(self, node: nodes.Node | None) -> None:
        """``node``'s value is printed (or is part of what is)."""
        if node is None:
            return
        if isinstance(node, (nodes.Filter, nodes.Test)) and node.node is not None:
            try:  # a typed number through a filter: name the number ({{ 99 | word }})
                inner = self.folder.value(node.node)
            except _NotConst:
                pass
            else:
                if _is_number(inner):
                    self.found.append((node.node, inner))
                    return
        try:
            value = self.folder.value(node)
        except _NotConst:
            pass
        else:
            self.found.append((node, value))
            return
        if isinstance(node, nodes.Filter):
            self.printed(node.node)
            where = PRINTED_ARGS.get(node.name)
            if where is not None:
                pos, key = where
                if len(node.args) > pos:
                    self.printed(node.args[pos])
                for kw in node.kwargs:
                    if kw.key == key:
                        self.printed(kw.value)
        elif isinstance(node, nodes.CondExpr):
            self.printed(node.expr1)
            self.printed(node.expr2)
        elif isinstance(node, nodes.Concat):
            for n in node.nodes:
                self.printed(n)
        elif isinstance(node, (nodes.List, nodes.Tuple)):
            for n in node.items:
                self.printed(n)
        elif isinstance(node, nodes.Dict):
            for pair in node.items:
                self.printed(pair.key)
                self.printed(pair.value)
        elif isinstance(node, nodes.BinExpr):
            for side in (node.left, node.right):
                try:
                    value = self.folder.value(side)
                except _NotConst:
                    self.printed(side)
                    continue
                if (
                    _is_number(value)
                    and value not in HARMLESS.get(node.operator, ())
                    and node.operator not in ("and", "or")
                ):
                    self.found.append((side, value))
                elif not _is_number(value):
                    self.found.append((side, value))
        elif isinstance(node, (nodes.Neg, nodes.Pos)):
            self.printed(node.node)
        elif isinstance(node, (nodes.Getitem, nodes.Getattr)):
            self.printed(node.node)
        elif isinstance(node, nodes.Call):
            if isinstance(node.node, nodes.Getattr):
                self.printed(node.node.node)
            elif not (isinstance(node.node, nodes.Name) and node.node.name in PICKERS):
                for n in node.args:
                    self.printed(n)
                for kw in node.kwargs:
                    self.printed(kw.value)
                self.printed(node.dyn_args)
                self.printed(node.dyn_kwargs)


def _shown(value: Any) -> str:
    text = str(value).replace(".", ",")
    return text.replace("-", "−") if text.startswith("-") else text


def _glued_words(
    tree: nodes.Template, folder: Folder, typed_words: Callable[[str], tuple[bool, list[str]]]
) -> list[tuple[int, str]]:
    """(line, card name) for card names that appear only when an output's literal text and its
    constant outputs are read together, as the page shows them (``hertta{{ '' }}seiska``)."""
    found = []
    for node in tree.find_all(nodes.Output):
        if len(node.nodes) < 2:
            continue
        pieces: list[str] = []
        for expr in node.nodes:
            if isinstance(expr, nodes.TemplateData):
                pieces.append(expr.data)
                continue
            try:
                value = folder.value(expr)
            except _NotConst:
                value = None
            # a fact's value breaks the text: what is glued around it is not typed
            pieces.append(value if isinstance(value, str) else str(value) if _is_number(value) else "\0")
        own = {w.lower() for piece in pieces for w in typed_words(piece)[1]}
        for word in typed_words("".join(pieces))[1]:
            if word.lower() not in own:
                found.append((node.lineno, word))
    return found


def typed_constants(
    tree: nodes.Template,
    env: Any,
    number_hint: str,
    card_hint: str,
    typed_words: Callable[[str], tuple[bool, list[str]]],
) -> list[tuple[int, str]]:
    """(line, message) for every constant part of an expression whose value would be printed:
    a number, or a text with digits or card names that no single constant of it holds (those the
    caller reports as typed constants)."""
    folder = Folder(env)
    saved = env.budget, env.made_left, env.made_limit
    env.budget, env.made_left, env.made_limit = 10_000, 100_000, 100_000
    flow = _Flow(folder)
    loops: list[nodes.For] = []
    try:
        for node in tree.find_all((nodes.Output, nodes.Assign, nodes.For, nodes.Macro, nodes.With)):
            if isinstance(node, nodes.Output):
                for expr in node.nodes:
                    if not isinstance(expr, nodes.TemplateData):
                        flow.printed(expr)
            elif isinstance(node, nodes.Assign):
                flow.printed(node.node)
            elif isinstance(node, nodes.With):
                for value in node.values:
                    flow.printed(value)
            elif isinstance(node, nodes.Macro):
                for value in node.defaults:
                    flow.printed(value)
            else:
                loops.append(node)
        for loop in loops:  # a constant list looped over, its item printed ({% for i in [99] %}{{ i }})
            targets = (
                {n.name for n in loop.target.find_all(nodes.Name)}
                if isinstance(loop.target, nodes.Tuple)
                else {loop.target.name}
                if isinstance(loop.target, nodes.Name)
                else set()
            )
            if any(
                isinstance(e, nodes.Name) and e.name in targets
                for out in loop.find_all(nodes.Output)
                for e in out.nodes
            ):
                flow.printed(loop.iter)
        glued = _glued_words(tree, folder, typed_words)
    finally:
        env.budget, env.made_left, env.made_limit = saved
    out: list[tuple[int, str]] = [
        (line, f"kortin nimi ”{word}” syntyy tekstistä ja sen väliin tulostetusta vakiosta; {card_hint}")
        for line, word in glued
    ]
    for node, value in flow.found:
        line = node.lineno
        numbers = list(_numbers(value))
        if numbers:
            const = isinstance(node, nodes.Const) or isinstance(node, nodes.Neg) and isinstance(node.node, nodes.Const)
            out.append(
                (
                    line,
                    f"luku {_shown(numbers[0])} on kirjoitettu lausekkeeseen käsin"
                    f"{'' if const else ' (lauseke on vakio)'}; {number_hint}",
                )
            )
            continue
        if isinstance(node, nodes.Const):
            continue  # a text constant: the caller checks each one
        own = {
            w.lower() for c in node.find_all(nodes.Const) if isinstance(c.value, str) for w in typed_words(c.value)[1]
        }
        own_digits = any(isinstance(c.value, str) and typed_words(c.value)[0] for c in node.find_all(nodes.Const))
        for text in _texts(value):
            digits, words = typed_words(text)
            if digits and not own_digits:
                out.append((line, f"lauseke kokoaa vakioista tekstin, jossa on luku; {number_hint}"))
            for word in words:
                if word.lower() not in own:
                    out.append((line, f"kortin nimi ”{word}” on koottu lausekkeeseen vakioista; {card_hint}"))
    return out
