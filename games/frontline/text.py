"""Text for players: card text generated from card data, action labels, the text board."""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from games.core.events import ShownRoll, plain_roll
from games.core.game import table_over
from games.core.i18n import aside, listed, normalize_locale, numbered, t, verb_names

from .cards import CARDS, Card, Effect, parse_deck
from .rules import UNIT_TYPE, board_numbers, no_counter_damage
from .state import HQ_START, Attack, ChooseDeck, Deploy, Keep, Move, PlayOrder, SetCounter, Swap

if TYPE_CHECKING:
    from .engine import FrontlineEngine


def effect_text(eff: Effect, locale: str, target_kind: str = "none") -> str:
    to = ""
    if eff.to == "target":
        to = t(locale, f"frontline.tgt.{target_kind}")
    elif eff.to:
        to = t(locale, f"frontline.sel.{eff.to}")
    params: dict[str, Any] = {
        "amount": abs(eff.amount), "atk": f"{eff.atk:+d}", "hp": f"{eff.hp:+d}", "to": to,
        "who": t(locale, f"frontline.who.{eff.who}"),
        "card": CARDS[eff.card].name[normalize_locale(locale)] if eff.card else "",
        "type": t(locale, f"frontline.type.{eff.type}") if eff.type else "",
        "keyword": t(locale, f"frontline.kw.{eff.keyword}") if eff.keyword else "",
        "hq": t(locale, f"frontline.hqfx.{eff.hq}") if eff.hq else "",
    }
    key = f"frontline.txt.{eff.do}"
    if eff.do in ("slots", "opcost") and eff.amount < 0:
        key += "_down"
    elif eff.do == "tutor" and eff.amount:
        key += "_bonus"
    return t(locale, key, **params)


def card_text(card: Card, locale: str) -> str:
    loc = normalize_locale(locale)
    if card.text:
        return card.text[loc]
    parts: list[str] = []
    if card.kind == "unit":
        parts += [t(loc, f"frontline.kw.{k}") for k in card.keywords]
        if card.armour:
            parts.append(t(loc, "frontline.kw.armour", n=card.armour))
        parts += [t(loc, f"frontline.flag.{f}") for f in card.flags]
    if card.effects:
        body = t(loc, "frontline.sep").join(effect_text(e, loc, card.target) for e in card.effects)
        if card.condition:
            body = t(loc, f"frontline.cond.{card.condition}") + body
        if card.trigger:
            body = t(loc, f"frontline.trigger.{card.trigger}") + body
        parts.append(t(loc, "frontline.hook.deploy", text=body) if card.kind == "unit" else body)
    for hook in ("destroyed", "discarded", "turn_start", "on_attack", "on_order"):
        effects = getattr(card, hook)
        if effects:
            body = t(loc, "frontline.sep").join(effect_text(e, loc) for e in effects)
            parts.append(t(loc, f"frontline.hook.{hook}", text=body))
    if card.promote:
        parts.append(t(loc, f"frontline.promote.{card.promote}", atk=card.vet_atk, hp=card.vet_hp))
    if card.deck_growth:
        parts.append(t(loc, "frontline.growth", n=card.deck_growth))
    return t(loc, "frontline.stop").join(p for p in parts if p)


def card_line(key: str, locale: str) -> str:
    """`Tiger I (7) tank 5/6 · 2 kredits to move or attack: Heavy armour 2` (the operation
    cost said in words: the playtest read "op 1" unexplained)"""
    loc = normalize_locale(locale)
    card = CARDS[key]
    head = aside(loc, card.name[loc], card.cost)
    if card.kind == "unit":
        head += f" {t(loc, f'frontline.type.{card.type}')} {card.atk}/{card.hp} · {t(loc, 'frontline.op', n=card.op)}"
    else:
        head += f" {t(loc, f'frontline.kind.{card.kind}')}"
    text = card_text(card, loc)
    return t(loc, "core.labelled", label=head, value=text) if text else head


def _named(key: str, no: int, loc: str) -> str:
    name = CARDS[key].name[loc]
    return f"{name} #{no}" if no else name


def unit_labels(units: Any, locale: str) -> dict[str, str]:
    """uid -> the label the menus, logs and the picture give a unit: its card name, with the
    number it got on coming onto the board beside a unit of its card (`Rearguard #2`, kept
    while it lives, as the view gives it: `rules.ordinal`). Never its id (`units`: a view's
    units; a view from before numbers numbers the board's twins in the order they came)."""
    loc = normalize_locale(locale)
    units = list(units)
    if all("no" in u for u in units):
        return {u["uid"]: _named(u["key"], u["no"], loc) for u in units}
    pairs = sorted(((u["uid"], u["key"]) for u in units), key=lambda pair: int(pair[0][1:]))
    return numbered((uid, CARDS[key].name[loc]) for uid, key in pairs)


def state_labels(st, locale: str) -> dict[str, str]:
    """The labels of the units on the board (`Rearguard #2`: `rules.ordinal`)."""
    loc = normalize_locale(locale)
    numbers: dict[str, dict[str, int]] = {}
    for u in st.units.values():
        if u.key not in numbers:
            numbers[u.key] = board_numbers(st, u.key)
    return {uid: _named(u.key, numbers[u.key][uid] if numbers[u.key][uid] > 1 or uid in st.numbers else 0, loc)
            for uid, u in st.units.items()}


def label_of(st, uid: str, name: str, labels: dict[str, str]) -> str:
    """A unit's label by its id: as on the board (`labels`), or, once it has left the board,
    as it read there: its card's `name` with the number it held, if any."""
    if uid in labels:
        return labels[uid]
    return f"{name} #{st.numbers[uid]}" if uid in st.numbers else name


def view_units(view: dict[str, Any]) -> list[dict]:
    return [u for p in view["players"] for u in p["support"]] + list(view["front"])


def unit_text(st, seat: int, uid: str, locale: str, labels: dict[str, str] | None = None) -> str:
    """`Riflemen #2 2/3 (enemy, frontline)`: a unit by its label, strength, side and line (the
    words the picture heads its rows with)."""
    u = st.units[uid]
    labels = labels or state_labels(st, locale)
    side = t(locale, "frontline.label.own" if u.owner == seat else "frontline.label.enemy")
    line = t(locale, "frontline.label.frontline" if uid in st.front else "frontline.label.support")
    return t(locale, "frontline.label.unit_where", unit=labels[uid], atk=u.atk, hp=u.hp, side=side, line=line)


def _target(engine: "FrontlineEngine", st, seat: int, target: str | None, locale: str) -> str:
    if target is None:
        return ""
    if target == "hq":
        return t(locale, "frontline.label.enemy_hq")
    if target not in st.units:
        return target
    return unit_text(st, seat, target, locale)


def token_names(engine: "FrontlineEngine", st, seat: int, locale: str) -> dict[str, str]:
    """Verbs, ready-made decks, the seat's own hand cards (name, cost, strength; never another
    seat's), units on the board (name, attack/defence, side) and the enemy HQ."""
    from .cards import load_presets

    loc = normalize_locale(locale)
    names = verb_names("frontline", (a.model_fields["kind"].default for a in engine.actions), loc)
    for key, preset in load_presets().items():
        names[key] = preset.name[loc]
    for c in st.players[seat].hand:
        card = CARDS[c.key]
        strength = f" {card.atk + c.bonus}/{card.hp + c.bonus}" if card.kind == "unit" else ""
        seen = f" · {t(loc, 'frontline.label.revealed')}" if c.revealed else ""
        names[c.id] = aside(loc, card.name[loc], card.cost) + f"{strength}{seen}"
    labels = state_labels(st, loc)
    for uid in st.units:
        names[uid] = unit_text(st, seat, uid, loc, labels)
    names["hq"] = t(loc, "frontline.label.enemy_hq")
    return names


_CARD_ID = re.compile(r" \[c[0-9a-f]+\]")
_UNIT = re.compile(r"(.*) \((u\d+)\)")  # `Riflemen (u7)`, as the rules name a unit
_UID = re.compile(r"u\d+")
_HAND_ID = re.compile(r"c[0-9a-f]{6,}")  # a hand card's id (`c69f121183b`), secret to its holder
_KEY_OF = {name: key for key, card in CARDS.items() for name in card.name.values()}  # a unit's card by its name


def explain_roll(engine: "FrontlineEngine", st, params: dict[str, Any], following: list, locale: str,
                 labels: dict[str, str] | None = None) -> ShownRoll:
    """The roll for who goes first (1: the first seat, 2: the second) names who it chose."""
    shown = plain_roll(params, locale)
    if params.get("what") == "@frontline.first_roll" and shown.dice and 1 <= shown.dice[0] <= len(st.players):
        shown.result = st.players[shown.dice[0] - 1].name
    return shown


def event_labels(engine: "FrontlineEngine", st, events: list, locale: str) -> dict[str, str]:
    """Every unit of the game by its label, those the events name too (`Riflemen (u7)`,
    destroyed ones as they read on the board: `Rearguard #1`, beside its twin `#2`)."""
    return state_labels(st, locale)


def event_params(engine: "FrontlineEngine", st, key: str, params: dict[str, Any], locale: str,
                 labels: dict[str, str] | None = None) -> dict[str, Any]:
    """Hand lists read as card names, without the ids the rules write beside them; units by
    their labels (`Riflemen #2`; `labels`: as `event_labels` numbers a batch of events), or
    by name once they have left the board."""
    loc = normalize_locale(locale)
    out = dict(params)
    if key == "core.roll" and params.get("what") == "@frontline.first_roll" and len(st.players) == 2:
        # what each face means ("The table rolls who goes first: 1 = 1: alice" left 1 unexplained)
        out["what"] = t(loc, "frontline.first_roll_dice", first=st.players[0].name, second=st.players[1].name)
    cards = params.get("cards")
    if isinstance(cards, list):
        out["cards"] = [{loc: _CARD_ID.sub("", text) for loc, text in c.items()} if isinstance(c, dict) else c
                        for c in cards]
    for name in ("unit", "target"):
        value = params.get(name)
        if isinstance(value, str) and _UID.fullmatch(value) and value not in st.units:  # a stale one refused
            out[name] = t(loc, "frontline.label.gone")
        if isinstance(value, str) and _HAND_ID.fullmatch(value) and not any(c.id == value for p in st.players
                                                                             for c in p.hand):
            out[name] = t(loc, "frontline.label.gone_card")  # a card played or swapped since (a stale menu)
        if value == "hq" and key != "frontline.attack":  # a refusal's "hq" heads its sentence
            out[name] = t(loc, "frontline.label.the_enemy_hq")
        found = _UNIT.fullmatch(value.get(loc, "")) if isinstance(value, dict) else None
        if found is not None:
            labels = labels if labels is not None else state_labels(st, loc)
            out[name] = label_of(st, found.group(2), found.group(1), labels)
    if params.get("hook", "-") != "-":  # damage or destruction by a card's ability: which one
        card = params.get("by", "-")
        source = CARDS[card].name[loc] if card in CARDS else ""
        if params.get("by_unit", "-") != "-":  # a unit's ability: which of its card's units
            labels = labels if labels is not None else state_labels(st, loc)
            source = label_of(st, params["by_unit"], source, labels)
        hit = _UNIT.fullmatch(params["unit"].get(loc, "")) if isinstance(params.get("unit"), dict) else None
        own = hit is not None and hit.group(2) == params.get("by_unit")  # the unit's own ability, on itself
        out["source"] = t(loc, f"frontline.source_own.{params['hook']}" if own else f"frontline.source.{params['hook']}",
                          card=source)
    else:  # combat, or an event recorded before the source was
        out["source"] = ""
    if key in ("frontline.damage", "frontline.ambush"):  # combat damage a modifier changed shows how (3.3.7)
        terms = combat_terms_text(params, loc) if params.get("amount") else ""
        out["terms"] = (t(loc, "frontline.terms.then", terms=terms) if key == "frontline.damage" else
                        aside(loc, "", terms)) if terms else ""
    if key == "frontline.damage":  # combat that deals nothing says why (3.3.7: immune, heavy armour)
        out["why"] = ""
        hit = _UNIT.fullmatch(params["unit"].get(loc, "")) if isinstance(params.get("unit"), dict) else None
        if params.get("amount") == 0 and out["source"] == "" and hit is not None:
            # the unit as it stands, or (gone since: /game log reads with the last state) its card
            unit = st.units.get(hit.group(2)) or CARDS.get(_KEY_OF.get(hit.group(1), ""))
            if unit is not None and "immune" in unit.keywords:
                out["why"] = t(loc, "frontline.stopped_immune")
            elif unit is not None and unit.armour:
                out["why"] = t(loc, "frontline.stopped_armour", n=unit.armour)
    if key == "frontline.attack":  # an attacker that takes no counter damage says why (3.1)
        out["back"] = ""
        pair = [_unit_key(st, params.get(name), loc) for name in ("unit", "target")]
        if "" not in pair:
            why = no_counter_damage(UNIT_TYPE[pair[0]], UNIT_TYPE[pair[1]])
            out["back"] = t(loc, f"frontline.no_counter.{why}") if why else ""
    if key == "frontline.deck_code":  # the code /deck save takes, and what it holds by name
        main, ally, keys = parse_deck(params["code"])
        counts = Counter(keys)
        out["main"], out["ally"] = t(loc, f"frontline.nation.{main}"), t(loc, f"frontline.nation.{ally}")
        out["cards"] = listed(loc, (CARDS[k].name[loc] + (f" ×{n}" if n > 1 else "") for k, n in counts.items()))
    if key == "frontline.intel":  # 4.1.14: what the intel showed; nothing, and why (an empty hand, or all shown)
        shown = "cards" if params.get("cards") != "@core.none" else "empty" if params.get("hand") == 0 else "seen"
        out["shown"] = t(loc, f"frontline.intel_{shown}", cards=out.get("cards"))
    if key == "frontline.attack_hq":  # 3.1: the HQ never strikes back, unless fortified (its own line follows)
        fortified = params.get("fortified")  # unknown in events stored before it was recorded
        # that a bare HQ does not strike back is said where it informs: on the attack that first
        # damages it (it stood at full defence) and in the attack's menu facts, not on every attack
        first = isinstance(params.get("hq"), int) and params["hq"] + params.get("amount", 0) >= HQ_START
        out["back"] = "" if fortified is False and not first else \
            t(loc, "frontline.no_counter." + {True: "hq_fortified", False: "hq_bare"}.get(fortified, "hq"))
    for left in ("hp", "hq"):  # damage beyond what was left: none is left ("HQ -2")
        if isinstance(params.get(left), int) and params[left] < 0:
            out[left] = 0
    return out


def combat_terms_text(params: dict[str, Any], loc: str) -> str:
    """`3 − heavy armour 1`, `double damage 2 × 2`, `3 → 1: it takes at most 1 …`: how a unit's attack
    became the combat damage dealt (3.3.7 / adj. 4: doubling first, then heavy armour, then the
    cap of 1); "" when nothing changed it, or for damage that was no combat (no `atk`)."""
    if "atk" not in params:
        return ""
    dmg, text = params["atk"], str(params["atk"])
    if params.get("x2"):
        dmg, text = 2 * dmg, t(loc, "frontline.terms.double", atk=params["atk"])
    if params.get("armour") and dmg:
        dmg, text = max(0, dmg - params["armour"]), text + t(loc, "frontline.terms.armour", n=params["armour"])
    if params.get("cap") and dmg > 1:
        dmg, text = 1, text + t(loc, "frontline.terms.cap")
    return text if text != str(params["atk"]) else ""


def _unit_key(st, label: Any, loc: str) -> str:
    """The card key of a unit an event names (`Riflemen (u7)`): the unit's own while it is on
    the board, else its card's by name (/game log reads with the last state); "" if unknown."""
    hit = _UNIT.fullmatch(label.get(loc, "")) if isinstance(label, dict) else None
    if hit is None:
        return ""
    unit = st.units.get(hit.group(2))
    return unit.key if unit is not None else _KEY_OF.get(hit.group(1), "")


def _hand_facts(key: str, bonus: int, loc: str) -> str:
    """`costs 1 kredit · infantry 1/2 · 1 kredit to move or attack: …`: a card in hand as
    `card_line` says it, less its name (the choice's label gives it), at most 100 characters (a select
    option's description)."""
    card = CARDS[key]
    cost = t(loc, "frontline.facts.cost", n=card.cost)
    if card.kind == "unit":
        head = f"{cost} · {t(loc, f'frontline.type.{card.type}')} {card.atk + bonus}/{card.hp + bonus} · " \
            f"{t(loc, 'frontline.op', n=card.op)}"
    else:
        head = f"{cost} · {t(loc, f'frontline.kind.{card.kind}')}"
    text = card_text(card, loc)
    line = t(loc, "core.labelled", label=head, value=text) if text else head
    return line if len(line) <= 100 else line[:99] + "…"


def _deck_facts(code: str, loc: str) -> str:
    """`39 cards · infantry 13, tank 9, fighter 5 · 6 orders, 2 counter-orders`: a ready-made
    deck by unit type and card kind (a newcomer picked among six deck names blind)."""
    _, _, keys = parse_deck(code)
    types = Counter(CARDS[k].type for k in keys if CARDS[k].kind == "unit")
    kinds = Counter(CARDS[k].kind for k in keys if CARDS[k].kind != "unit")
    parts = [t(loc, "frontline.facts.cards", n=len(keys)),
             t(loc, "frontline.facts.sep_list").join(f"{t(loc, f'frontline.type.{k}')} {n}" for k, n in types.most_common())]
    if kinds:
        parts.append(t(loc, "frontline.facts.sep_list").join(t(loc, f"frontline.facts.{k}", n=n) for k, n in kinds.most_common()))
    return " · ".join(parts)


def action_facts(engine: "FrontlineEngine", st, seat: int, action, locale: str) -> str:
    """Under a card to play in the menus, what it is and does (a newcomer had to open their
    hand to see "Riflemen (1) infantry 1/2"); under an attack on the enemy HQ, whether it
    strikes back (3.1: "the HQ never does", unless fortified); "" for any other choice."""
    if isinstance(action, ChooseDeck):  # a ready-made deck: what it holds
        from .cards import load_presets
        preset = load_presets().get(action.deck)
        return _deck_facts(preset.code, normalize_locale(locale)) if preset is not None else ""
    if isinstance(action, (Deploy, PlayOrder, SetCounter)):  # what the card does, beside its name and cost
        held = next((c for c in st.players[seat].hand if c.id == action.card), None)
        return _hand_facts(held.key, held.bonus, normalize_locale(locale)) if held is not None else ""
    if not isinstance(action, Attack) or action.target != "hq":
        return ""
    fortified = "retaliate" in st.players[1 - seat].hq_effects
    return t(normalize_locale(locale), "frontline.facts.hq_fortified" if fortified else "frontline.facts.hq_bare")


def describe(engine: "FrontlineEngine", st, seat: int, action, locale: str) -> str:
    loc = normalize_locale(locale)
    hand = {c.id: c for c in st.players[seat].hand}

    def hname(cid: str) -> str:
        """Two copies of a card read alike unless they differ in what a player weighs: a
        bonus gathered in the deck (3.4.6), or the opponent having seen it (1.3.1)."""
        c = hand.get(cid)
        if c is None:
            return cid
        bonus = f" +{c.bonus}/+{c.bonus}" if c.bonus else ""
        name = CARDS[c.key].name[loc] + bonus
        return aside(loc, name, t(loc, "frontline.label.revealed")) if c.revealed else name

    tgt = _target(engine, st, seat, getattr(action, "target", None), loc)
    if isinstance(action, ChooseDeck):
        from .cards import load_presets
        preset = load_presets().get(action.deck)
        return t(loc, "frontline.label.deck", deck=preset.name[loc] if preset else action.deck[:40])
    if isinstance(action, Swap):
        return t(loc, "frontline.label.swap", card=hname(action.card))
    if isinstance(action, Keep):
        return t(loc, "frontline.label.keep")
    if isinstance(action, Deploy):
        return t(loc, "frontline.label.deploy_on" if tgt else "frontline.label.deploy", card=hname(action.card), target=tgt)
    if isinstance(action, PlayOrder):
        return t(loc, "frontline.label.order_on" if tgt else "frontline.label.order", card=hname(action.card), target=tgt)
    if isinstance(action, SetCounter):
        return t(loc, "frontline.label.counter", card=hname(action.card))
    if isinstance(action, Move):
        return t(loc, "frontline.label.move", unit=_target(engine, st, seat, action.unit, loc))
    if isinstance(action, Attack):
        return t(loc, "frontline.label.attack", unit=_target(engine, st, seat, action.unit, loc), target=tgt)
    return t(loc, "frontline.label.end")


def unit_short(u: dict, label: str, locale: str) -> str:
    name = CARDS[u["key"]].name[normalize_locale(locale)]
    marks = "".join(t(locale, f"frontline.mark.{k}") for k in u["keywords"])
    if u["armour"]:
        marks += f"[{u['armour']}]"
    if u["veteran"]:
        marks += "★"
    if u["pinned"]:
        marks += "⏸"
    if u["lent_by"] is not None:
        marks += "⇄"  # borrowed until the end of this turn
    return f"{label} {u['atk']}/{u['hp']}{marks}"


def marks_key(units: list[dict], locale: str) -> str | None:
    """What the marks beside the units shown mean ("6/5[1]★" reads as nothing to a newcomer),
    each mark once; None when no unit carries one."""
    key: dict[str, str] = {}
    for u in units:
        for k in u["keywords"]:
            key[t(locale, f"frontline.mark.{k}")] = t(locale, f"frontline.kw.{k}")
        if u["armour"]:
            key[f"[{u['armour']}]"] = t(locale, "frontline.kw.armour", n=u["armour"])
        for flag, mark in (("veteran", "★"), ("pinned", "⏸"), ("lent_by", "⇄")):
            if u[flag] not in (None, False, 0):
                key[mark] = t(locale, f"frontline.label.{flag.removesuffix('_by')}")
    if not key:
        return None
    return t(locale, "core.labelled", label=t(locale, "frontline.label.marks"),
             value=" · ".join(f"{mark} {meaning}" for mark, meaning in key.items()))


def hq_left(p: dict) -> int:
    """A side's HQ as shown: an HQ hit past zero has nothing left, not minus something."""
    return max(0, p["hq"])


def lasting_line(p: dict, units: list[dict], labels: dict[str, str], locale: str) -> str | None:
    """The side's lasting effects (4.1.8): flags and continuous effects on its units, and its
    HQ's effects, in full words; None when there are none."""
    parts = [t(locale, "core.labelled", label=labels[u["uid"]], value=t(locale, "frontline.sep").join(
        [t(locale, f"frontline.flag.{f}") for f in u["flags"]] + [t(locale, f"frontline.kw.{e}") for e in u["effects"]]))
        for u in units if u["flags"] or u["effects"]]
    # the HQ by its owner: "HQ 20: ..." read as a unit called "HQ 20" (newcomer15)
    parts += [t(locale, "core.labelled", label=t(locale, "frontline.label.hq_of", name=p["name"]),
                value=t(locale, f"frontline.hqfx.{e}")) for e in p["hq_effects"]]
    return t(locale, "core.labelled", label=t(locale, "frontline.label.lasting"), value=t(locale, "frontline.label.lasting_sep").join(parts)) if parts else None


def summary(view: dict[str, Any], locale: str) -> str:
    loc = normalize_locale(locale)
    lines: list[str] = []
    players = view["players"]
    phase = view["phase"]
    lines.append(t(loc, f"frontline.phase_name.{phase}") + (
        " · " + t(loc, "frontline.label.turn", n=view["turn_no"], name=players[view["turn"]]["name"])
        if phase == "main" and not table_over(view) else ""))
    me = view.get("seat")
    order = [1 - me, me] if me in (0, 1) else [1, 0]
    labels = unit_labels(view_units(view), loc)
    for i, s in enumerate(order):
        p = players[s]
        # while decks are chosen there are no kredits, hand nor deck yet ("卡组 0" read as a deck's number)
        row = t(loc, "frontline.label.player_choosing", name=p["name"], hq=hq_left(p)) if phase == "deck" else \
            t(loc, "frontline.label.player", name=p["name"], hq=hq_left(p), k=p["kredits"], slots=p["slots"],
              hand=p["hand_count"], deck=p["deck_count"])
        support = " | ".join(unit_short(u, labels[u["uid"]], loc) for u in p["support"]) or t(loc, "core.none")
        block = [row, t(loc, "core.labelled", label=t(loc, "frontline.label.support"), value=support)]
        own_front = view["front"] if view["front_owner"] == s else []
        lasting = lasting_line(p, p["support"] + own_front, labels, loc)
        if lasting:
            block.append(lasting)
        if p["revealed"] and s != me:
            block.append(t(loc, "core.labelled", label=t(loc, "frontline.label.revealed"), value=listed(
                loc, (CARDS[k].name[loc] for k in p["revealed"]))))
        if i == 0:
            lines += block
            owner = view["front_owner"]
            who = players[owner]["name"] if owner is not None else t(loc, "frontline.label.nobody")
            lines.append(t(loc, "core.labelled", label=t(loc, "frontline.label.front", who=who), value=(
                " | ".join(unit_short(u, labels[u["uid"]], loc) for u in view["front"]) or t(loc, "core.none"))))
        else:
            lines += list(reversed(block))
    key = marks_key([u for p in players for u in p["support"]] + view["front"], loc)
    if key:
        lines.append(key)
    if view.get("hand") is not None:
        lines.append(t(loc, "core.labelled", label=t(loc, "frontline.label.hand"),
                       value="" if view["hand"] else t(loc, "core.none")).rstrip())
        for c in view["hand"]:  # one line per card with its text: the player's own view only
            mark = ("⚑" if c["active"] else "") + ("👁" if c["revealed"] else "") + ("✓" if c["marked"] else "")
            bonus = f" +{c['bonus']}/+{c['bonus']}" if c["bonus"] else ""
            lines.append(f"• {mark}{card_line(c['key'], loc)}{bonus}"[:120])
    text = "\n".join(lines)
    return text if len(text) <= 1500 else text[:1499] + "…"
