"""The moves: each parameter (where it comes from, its condition, a blind draw), the move's
condition, body and `say:`."""
from __future__ import annotations

from .. import model as m
from .. import nodes as ast
from ..nodes import BOOL, SEAT, type_name
from .names import UNCHECKED, _is_zone


class Moves:
    """The `moves:` section."""

    def check_moves(self, moves, scope) -> dict:
        out = {}
        for i, (name, mv) in enumerate(moves.items()):
            span = moves.key_span(name)
            s = scope.plus("player", ("builtin", SEAT, "player"))
            self.locals_read = set()
            params = []
            blind_names = set()
            names = [str(x) for x in mv.get("params", {})]
            for j, (pname, p) in enumerate(mv.get("params", {}).items()):
                self.later_params = set(names[j + 1:]) - set(names[:j + 1])
                pspan = mv["params"].key_span(pname)
                self.reserved(str(pname), pspan)
                src = self.typed(p.get("from"), p.at("from"), s)
                if src is not None and not isinstance(src.type, tuple):
                    self.err(f"parameter '{pname}' must come from a list or zone, not a "
                             f"{type_name(src.type)}", src.span)
                    src = None
                ptype = src.type[1] if src is not None else UNCHECKED
                blind = bool(p.get("blind", False))
                if blind and src is not None and not _is_zone(src):
                    self.err(f"parameter '{pname}': blind choice needs a zone to draw from", pspan)
                local = f"p_{pname}"
                s = s.plus(str(pname), ("local", ptype, local))
                cond = None
                if "if" in p:
                    if blind:
                        self.err(f"parameter '{pname}' is chosen blind, so it cannot have a condition", p.at("if"))
                    cond = self.typed(p["if"], p.at("if"), s, BOOL, "a condition")
                if blind:
                    blind_names.add(str(pname))
                params.append(m.Param(str(pname), src, cond, blind, ptype, pspan))
            self.later_params = set()
            cond = None
            if "if" in mv:
                cond = self.typed(mv["if"], mv.at("if"), s, BOOL, "a move's condition")
                if cond is not None and blind_names & _names_used(cond):
                    self.err("a condition cannot look at a card chosen blind", cond.span)
            self.in_move = str(name)
            try:
                body = self.stmts(mv.get("do", []), mv.at("do"), s, allow_choose=False)
            finally:
                self.in_move = None
            out[str(name)] = m.Move(str(name), i, params, cond, body, str(mv.get("description", "")),
                                    mv.get("text"), span)
            if "say" in mv:
                self.say_lets = _bound_in(mv.get("do"))     # names its do: binds, unknown to it
                try:
                    out[str(name)].say = self.say(mv["say"], mv.at("say"), s, "move")
                finally:
                    self.say_lets = set()
            for p in params:
                if f"p_{p.name}" not in self.locals_read:
                    self.warn(f"parameter '{p.name}' of move '{name}' is never used: each of its "
                              f"values makes a move of its own that does the same; use it in the "
                              f"move (its if:, do: or say:, or a later parameter), or remove it", p.span)
        return out


def _names_used(node) -> set:
    return {x.id for x in ast.walk(node) if isinstance(x, ast.Name)}


def _bound_in(items) -> set:
    """The names a list of statements binds (`let:` names, `for_each` variables), nested too."""
    out: set = set()
    if isinstance(items, list):
        for st in items:
            if not isinstance(st, dict):
                continue
            if isinstance(st.get("let"), dict):
                out |= {str(k) for k in st["let"]}
            if "for_each" in st:
                out.add(str(st["for_each"]))
            for key in ("then", "else", "do", "repeat", "otherwise"):
                out |= _bound_in(st.get(key))
    return out
