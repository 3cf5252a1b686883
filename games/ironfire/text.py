"""Readable text: action labels for menus and the compact text board, made from views."""
from __future__ import annotations

from typing import Any

from games.core.events import ShownRoll, plain_roll
from games.core.i18n import normalize_locale, t, verb_names
from games.ironfire.data import CLASSES, round_half_up
from games.ironfire.engine import (
    POOL, PRESETS, Attack, ChooseDeck, ChooseFirst, Cut, Drop, Fire, Focus, Hit, IronState, Join, Pass, Pick,
    Ready, Stop, deck_size, normalize_deck,
)
from games.core.errors import RuleError


def card_name(key: str, locale: str) -> str:
    return POOL.name(key, normalize_locale(locale))


def option_name(key: str, locale: str) -> str:
    label = t(locale, f"ironfire.opt.{key}")
    return key if label.startswith("ironfire.") else label


def _unit_text(engine, state: IronState, seat: int, slot: str, locale: str) -> str:
    """A unit as `seat` may know it: its card name only if face up or its own."""
    unit = engine.unit(state, slot)
    if unit is None:
        return slot
    if unit.up or engine.seat_of(slot) == seat:
        return f"{slot} {card_name(unit.card, locale)}"
    return f"{slot} ({t(locale, 'ironfire.board.face_down')})"


def _unit_name(engine, state: IronState, seat: int, unit, locale: str) -> str:
    """`a3 Tiger I 9/13`: its slot (the board's coordinate), name and strength, as far as the
    seat may know them."""
    if unit.up or engine.seat_of(unit.slot) == seat:
        return f"{unit.slot} {card_name(unit.card, locale)} {unit.cv}/{POOL.combat[unit.card].cv}"
    return f"{unit.slot} ({t(locale, 'ironfire.board.face_down')})"


def token_names(engine, state: IronState, seat: int, locale: str) -> dict[str, str]:
    """Verbs, units on the board, cards of the pool, attack options and ready-made decks."""
    loc = normalize_locale(locale)
    names = verb_names("ironfire", (a.model_fields["kind"].default for a in engine.actions), loc)
    for key, (_, _, title) in PRESETS.items():
        names[key] = title.get(loc) or title["en"]
    for key in (*POOL.combat, *POOL.abilities):
        names[key] = f"{card_name(key, loc)} ({POOL.logistics(key)})"
    for option in ("infantry", "armour", "air", "ranged", "heal", "repair", "bomb", "supply"):
        names[option] = option_name(option, loc)
    for p in state.players:
        for unit in p.army:
            names[unit.slot] = _unit_name(engine, state, seat, unit, loc)
    return names


def explain_roll(engine, state: IronState, params: dict[str, Any], following: list, locale: str) -> ShownRoll:
    """Logistics: 38 + 2d6. Damage (102.3): the die, the environment, precision, then the
    percentage (focus fire, heavy damage) rounded half up, then fortification. Healing: the
    die times the percentage. The environment roll says which environment it gives (101.2)."""
    loc = normalize_locale(locale)
    shown = plain_roll(params, loc)
    what = str(params.get("what", "")).rsplit(".", 1)[-1]
    roll = shown.dice[0] if shown.dice else 0
    if what == "logistics":
        shown.terms = [(t(loc, "ironfire.term.base"), params["total"] - sum(shown.dice))]
    elif what == "env":
        env = "mountain" if roll in (4, 6) else "city" if roll == 5 else "normal"
        shown.result = t(loc, f"ironfire.env.{env}")
    elif what == "damage":
        terms = []
        if params.get("env"):
            terms.append((t(loc, "ironfire.term.env"), params["env"]))
        if params.get("precise"):
            terms.append((t(loc, "ironfire.term.precise"), 1))
        raw = roll + sum(v for _, v in terms)
        if raw < 0:
            terms.append((t(loc, "ironfire.term.floor"), -raw))
            raw = 0
        pct = params.get("pct", 100)
        scaled = round_half_up(raw * pct, 100)
        if scaled != raw:
            terms.append((f"×{pct}%", scaled - raw))
        if params.get("fortify") and scaled > 0:
            terms.append((t(loc, "ironfire.term.fortify"), -1))
        shown.terms = terms
    elif what == "heal" and params.get("total") != roll:
        shown.terms = [(f"×{params.get('pct', 100)}%", params["total"] - roll)]
    return shown


def prompt(engine, state: IronState, seat: int, locale: str) -> str | None:
    """A declared focus fire (102.3): its target's side may answer."""
    focus = state.focus
    if state.phase == "battle" and state.attack is None and focus is not None and focus.declared \
            and engine.seat_of(focus.target) == seat and seat != state.turn:
        return t(locale, "ironfire.prompt.focus", name=state.players[focus.seat].name,
                 unit=_unit_text(engine, state, seat, focus.target, locale))
    return None


def describe(engine, state: IronState, seat: int, action, locale: str) -> str:
    loc = normalize_locale(locale)
    if isinstance(action, ChooseDeck):
        if action.choice in PRESETS:
            name = PRESETS[action.choice][2]
            return t(loc, "ironfire.act.deck", name=name.get(loc) or name["en"])
        try:
            return t(loc, "ironfire.act.deck_custom", size=deck_size(normalize_deck(action.choice)))
        except RuleError:
            return action.code()
    if isinstance(action, ChooseFirst):
        name = state.players[action.seat].name if 0 <= action.seat < len(state.players) else str(action.seat)
        return t(loc, "ironfire.act.first", name=name)
    if isinstance(action, Pick):
        cost = POOL.logistics(action.card) if action.card in POOL.combat or action.card in POOL.abilities else "?"
        return t(loc, "ironfire.act.pick", card=card_name(action.card, loc), cost=cost)
    if isinstance(action, Drop):
        return t(loc, "ironfire.act.drop", card=card_name(action.card, loc))
    if isinstance(action, Ready):
        return t(loc, "ironfire.act.reinforce_done" if state.phase == "recount" else "ironfire.act.ready")
    if isinstance(action, Attack):
        return t(loc, "ironfire.act.attack", unit=_unit_text(engine, state, seat, action.unit, loc),
                 option=option_name(action.option, loc))
    if isinstance(action, Hit):
        return t(loc, "ironfire.act.hit", unit=_unit_text(engine, state, seat, action.target, loc))
    if isinstance(action, Stop):
        return t(loc, "ironfire.act.stop")
    if isinstance(action, Focus):
        return t(loc, "ironfire.act.focus", unit=_unit_text(engine, state, seat, action.target, loc))
    if isinstance(action, Join):
        return t(loc, "ironfire.act.join", unit=_unit_text(engine, state, seat, action.unit, loc),
                 option=option_name(action.option, loc))
    if isinstance(action, Fire):
        return t(loc, "ironfire.act.fire")
    if isinstance(action, Pass):  # without a focus fire to answer, the end of one's attacks (ruling 22)
        return t(loc, "ironfire.act.pass" if state.focus is not None else "ironfire.act.end_attacks")
    if isinstance(action, Cut):
        return t(loc, "ironfire.act.cut", unit=_unit_text(engine, state, seat, action.unit, loc))
    return action.code()


def unit_line(u: dict[str, Any], locale: str, short: bool = False) -> str:
    """`a3 Tiger I 9/13 (heavy)`; short: `a3 tiger 9/13*` (* heavy, ~ cut, ' attacked, ? face down;
    a card at full strength shows one number)."""
    if not u.get("card"):
        return f"{u['slot']} ?" if short else f"{u['slot']} [{t(locale, 'ironfire.board.face_down')}]"
    if short:
        marks = "".join(m for m, key in (("*", "heavy"), ("~", "cut"), ("'", "attacked"), ("?", "down")) if u.get(key))
        value = str(u["cv"]) if u["cv"] == u["max"] else f"{u['cv']}/{u['max']}"  # full strength: one number
        return f"{u['slot']} {u['card']} {value}{marks}"
    flags = []
    if u.get("heavy"):
        flags.append(t(locale, "ironfire.board.heavy"))
    if u.get("cut"):
        flags.append(t(locale, "ironfire.board.cut"))
    if u.get("attacked"):
        flags.append(t(locale, "ironfire.board.done"))
    if u.get("down"):
        flags.append(t(locale, "ironfire.board.face_down"))
    extra = f" ({', '.join(flags)})" if flags else ""
    return f"{u['slot']} {card_name(u['card'], locale)} {u['cv']}/{u['max']}{extra}"


def summary(view: dict[str, Any], locale: str) -> str:
    """The text board; when a big table would pass 1500 characters, cards are written short."""
    text = _board(view, normalize_locale(locale), short=False)
    if len(text) > 1500:
        text = _board(view, normalize_locale(locale), short=True)
    return text if len(text) <= 1500 else text[:1497] + "..."


def _board(view: dict[str, Any], loc: str, short: bool) -> str:
    head = t(loc, "ironfire.board.phase", game=view["game"], match=view["match"],
             phase=t(loc, f"ironfire.phase.{view['phase']}"), round=view["round"], rounds=view["rounds"],
             env=t(loc, f"ironfire.env.{view['env']}"), fog=t(loc, "ironfire.board.fog") if view["fog"] else "")
    lines = [head]
    active = set(view.get("active") or [])
    for p in view["players"]:
        logi = (t(loc, "ironfire.board.logi_used", used=p["army_logistics"], value=p["logistics"])
                if "army_logistics" in p else t(loc, "ironfire.board.logi", value=p["logistics"]))
        logi = f" · {logi}" if p["logistics"] else ""  # no logistics before they are rolled
        mark = " ▶" if p["seat"] in active else ""
        out = f" [{t(loc, 'ironfire.board.out')}]" if p["out"] else ""
        out += f" [{t(loc, 'ironfire.board.attacks_done')}]" if p.get("done") else ""
        lines.append(f"[{p['letter']}] {p['name']}{out}{mark}{logi} · {t(loc, 'ironfire.board.reserve', n=p['reserve'])}")
        order = {c: i for i, c in enumerate(CLASSES)}
        units = sorted(p["units"], key=lambda u: (order.get(u.get("cls"), 9), int(u["slot"][1:])))
        if units:
            lines.append("  " + "; ".join(unit_line(u, loc, short) for u in units))
        if p["abilities"]:
            lines.append(f"  {t(loc, 'ironfire.board.abilities')}: " + ", ".join(card_name(a, loc) for a in p["abilities"]))
        if p.get("picked"):
            lines.append("  + " + ", ".join(card_name(c["card"], loc) for c in p["picked"]))
    return "\n".join(lines)
