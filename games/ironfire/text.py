"""Readable text: action labels for menus and the compact text board, made from views."""
from __future__ import annotations

import functools
import re
from typing import Any

from games.core.events import ShownRoll, plain_roll
from games.core.game import marked_to_act
from games.core.i18n import aside, listed, localize_value, normalize_locale, numbered_as_seen, t, verb_names
from games.ironfire.cards import ATTACKS, OPTION, UNIT_ENV
from games.ironfire.data import CLASSES, round_half_up
from games.ironfire.engine import (
    POOL, PRESETS, Attack, ChooseDeck, ChooseFirst, Cut, Drop, Fire, Focus, Hit, IronState, Join, Pass, Pick,
    Ready, Stop, deck_size, normalize_deck,
)
from games.core.errors import RuleError


def card_name(key: str, locale: str) -> str:
    return POOL.name(key, normalize_locale(locale))


OPTION_KEYS = tuple(dict.fromkeys(o.key for opts in ATTACKS.values() for o in opts))  # every attack option


def option_name(key: str, locale: str) -> str:
    label = t(locale, f"ironfire.opt.{key}")
    return key if label.startswith("ironfire.") else label


CLASS_ORDER = {c: i for i, c in enumerate(CLASSES)}


def board_order(slot: str, cls: str | None) -> tuple[int, int]:
    """Where a card lies in its army's row on the picture: by class, then as it came."""
    return CLASS_ORDER.get(cls, 9), int(slot[1:])


def unit_labels(armies: list[list[tuple[str, str | None, str | None, int | None]]], locale: str) -> dict[str, str]:
    """slot -> the label a reader sees on the menus, in the log and on the picture's card: the
    card's name, or `face-down card`, with the number the engine gives it where there is one
    (`M2A1 105 mm Howitzer #2`, `face-down card #3`: `engine.ordinal`, the same for every
    reader, kept while the card stays on the board); the reader's own face-down card reads
    `Tiger I · face-down card #3`. A slot is never shown (`armies`: per seat, (slot, card key
    the table knows or None, card key the reader knows or None, the number)). A state or view
    from before the numbers were kept (a None) is numbered as the table sees it laid out."""
    if any(u[3] is None for army in armies for u in army):
        return _laid_out_labels(armies, locale)
    labels = {}
    for army in armies:
        for slot, card, mine, no in army:
            label = card_name(card, locale) if card else t(locale, "ironfire.board.face_down_card")
            label = f"{label} #{no}" if no else label
            if mine and not card:
                label = t(locale, "core.known_face_down", name=card_name(mine, locale), label=label)
            labels[slot] = label
    return labels


def _laid_out_labels(armies: list[list[tuple]], locale: str) -> dict[str, str]:
    """The labels of an old state: an ordinal where two share a name, counted as the table
    sees the armies laid out (by class, then as they came)."""
    public, known = {}, {}
    for army in armies:
        for slot, card, mine, _ in sorted(army, key=lambda u: board_order(u[0], POOL.combat[u[1]].cls if u[1] else None)):
            public[slot] = card_name(card, locale) if card else t(locale, "ironfire.board.face_down_card")
            if mine and not card:
                known[slot] = card_name(mine, locale)
    return numbered_as_seen(public, known, locale)


def view_labels(view: dict[str, Any], locale: str) -> dict[str, str]:
    return unit_labels([[(u["slot"], None if u.get("down") else u.get("card"), u.get("card"), u.get("no"))
                         for u in p["units"]] for p in view["players"]], locale)


def state_labels(engine, state: IronState, seat: int | None, locale: str) -> dict[str, str]:
    """The labels `seat`'s view gives (its own face-down cards by name, others' face down)."""
    return unit_labels([[(u.slot, u.card if u.up else None, u.card if u.up or s == seat else None,
                          engine.ordinal(state, u)) for u in p.army]
                        for s, p in enumerate(state.players)], locale)


def _unit_text(engine, state: IronState, seat: int, slot: str, locale: str) -> str:
    """`Tiger I #2 9/13`: a unit by its label and, if the seat may know it, its strength."""
    unit = engine.unit(state, slot)
    if unit is None:
        return slot
    label = state_labels(engine, state, seat, locale)[slot]
    if unit.up or engine.seat_of(slot) == seat:
        return f"{label} {unit.cv}/{POOL.combat[unit.card].cv}"
    return label


def token_names(engine, state: IronState, seat: int, locale: str) -> dict[str, str]:
    """Verbs, units on the board, cards of the pool, attack options and ready-made decks."""
    loc = normalize_locale(locale)
    names = verb_names("ironfire", (a.model_fields["kind"].default for a in engine.actions), loc)
    for key, (_, _, title) in PRESETS.items():
        names[key] = title.get(loc) or title["en"]
    for key in (*POOL.combat, *POOL.abilities):
        names[key] = aside(loc, card_name(key, loc), POOL.logistics(key))
    for option in OPTION_KEYS:
        names[option] = option_name(option, loc)
    labels = state_labels(engine, state, seat, loc)
    for p in state.players:
        for unit in p.army:
            known = unit.up or engine.seat_of(unit.slot) == seat
            names[unit.slot] = labels[unit.slot] + (f" {unit.cv}/{POOL.combat[unit.card].cv}" if known else "")
    return names


def deck_entry(part: str, locale: str) -> str:
    """`sherman*4` -> `M4 Sherman ×4`; an unknown key as written."""
    key, _, count = part.partition("*")
    known = key in POOL.combat or key in POOL.abilities
    return (card_name(key, locale) if known else key) + (f" ×{count}" if count else "")


_SLOT = re.compile(r"[a-d]\d+")


def _named_slots(params: dict[str, Any], loc: str):
    """(param, slot, card name) for each card an event names as the rules do (`a3 Tiger I`)."""
    for name in ("unit", "target", "slot"):
        value = params.get(name)
        text = localize_value(value, loc) if isinstance(value, dict) else value
        if isinstance(text, str):
            slot, _, card = text.partition(" ")
            if _SLOT.fullmatch(slot):
                yield name, slot, card


@functools.lru_cache(maxsize=None)
def _card_keys(loc: str) -> dict[str, str]:
    """Combat card name -> key, in one language (events name cards; labels order them by key)."""
    return {card_name(key, loc): key for key in POOL.combat}


def event_labels(engine, state: IronState, events: list, locale: str) -> dict[str, str]:
    """The public labels of the armies with the cards the events name that have left them
    (destroyed in these events) as they read on the board (`Sniper Team #4: destroyed`)."""
    loc = normalize_locale(locale)
    by_name = _card_keys(loc)
    labels = state_labels(engine, state, None, loc)
    for _, params in events:
        for _, slot, card in _named_slots(params, loc):
            order = state.shown_order.get(by_name.get(card, ""), ())
            if slot not in labels and slot in order:
                labels[slot] = f"{card} #{order.index(slot) + 1}" if len(order) > 1 else card
    return labels


OWN_OPTIONS = frozenset(o.key for opts in ATTACKS.values() for o in opts if o.own)  # heal, repair, supply


def destroyed(engine, state: IronState, locale: str) -> dict[str, tuple[str, int]]:
    """slot -> (the label it read by, its seat) for each card destroyed in this game that the
    table saw face up: a slot in the order of cards turned face up (`shown_order`) that no
    longer holds that card. Only destruction takes a card off the board within a game, and a
    fog-of-war shuffle blanks the slots it renumbers (101.5), so the slots left are this game's."""
    loc = normalize_locale(locale)
    out = {}
    for card, slots in state.shown_order.items():
        for i, slot in enumerate(slots):
            unit = engine.unit(state, slot) if slot else None
            if slot and (unit is None or unit.card != card or not unit.up):
                label = f"{card_name(card, loc)} #{i + 1}" if len(slots) > 1 else card_name(card, loc)
                out[slot] = (label, engine.seat_of(slot))
    return out


def left_play(engine, state: IronState, seat: int, locale: str) -> dict[str, tuple[str, str]]:
    """What a player may still call by name that has left play (`Text.left_play`): the cards
    destroyed in this game, by the labels the board gave them, each with a sentence saying so."""
    loc = normalize_locale(locale)
    return {slot: (label, t(loc, "ironfire.left_play", unit=label, name=state.players[owner].name))
            for slot, (label, owner) in destroyed(engine, state, loc).items()}


def _refused_card(engine, state: IronState, slot: str, loc: str) -> str:
    """A card a refusal names by its bare slot (`attack b12 armour`, typed or clicked late): the
    slot itself while a card lies there (the host names it as the seat's menus do), else the
    label of the card destroyed there, else a plain "that card": never an id a player cannot read."""
    if engine.unit(state, slot) is not None:
        return slot
    gone = destroyed(engine, state, loc).get(slot)
    return t(loc, "ironfire.board.destroyed", unit=gone[0]) if gone else t(loc, "ironfire.board.unknown")


def event_params(engine, state: IronState, key: str, params: dict[str, Any], locale: str,
                 labels: dict[str, str] | None = None) -> dict[str, Any]:
    """The cards the rules name by slot and name (`a3 Tiger I`) read by their public labels
    (`Tiger I #2`, as on the public picture; `labels`: as `event_labels` numbers a batch of
    events); a card no longer on the board by its name alone."""
    loc = normalize_locale(locale)
    out = dict(params)
    if key == "core.roll" and "lo" in params:  # a damage or healing roll names its range (lo, hi)
        lo, hi = (params["lo"], params["hi"]) if params["lo"] >= 0 else (-params["hi"], -params["lo"])
        out["what"] = t(loc, str(params["what"])[1:] + "_range", lo=lo, hi=hi)
    if key == "core.roll" and "notation" in params:  # the number of attacks or targets names its dice (`1d3`)
        out["what"] = t(loc, str(params["what"])[1:] + "_dice", dice=params["notation"])
    if key == "ironfire.attack":  # the logistics an attack costs, paid at once (207.3), or nothing
        out["paid"] = t(loc, "ironfire.attack_paid", cost=params["cost"]) if params.get("cost") else ""
        # healing, repair and supply aim at one's own cards: they are no attack ("Field Medics attacks (heal)")
        own = str(params.get("option", "")).rsplit(".", 1)[-1] in OWN_OPTIONS
        out["does"] = t(loc, "ironfire.does_own" if own else "ironfire.does_attack", option=params.get("option"),
                        n=params.get("n"), targets=params.get("targets"))
    if key == "ironfire.start" and params.get("bans", "@core.none") != "@core.none":  # banned cards by name
        out["bans"] = listed(loc, (deck_entry(k, loc) for k in str(params["bans"]).split(",")))
    if key in ("ironfire.army", "ironfire.reinforced") and isinstance(params.get("cards"), list):  # `Yak-3 ×2`
        counts: dict[str, int] = {}
        for card in params["cards"]:
            name = localize_value(card, loc)
            counts[name] = counts.get(name, 0) + 1
        out["cards"] = listed(loc, (name + (f" ×{n}" if n > 1 else "") for name, n in counts.items()))
    if key == "ironfire.round":  # the first of several rounds says what lasts: lighter damage is wiped between rounds (102.5)
        out["hint"] = t(loc, "ironfire.round_hint") if params.get("round") == 1 and params.get("rounds", 1) > 1 else ""
    if key == "ironfire.deck_yours":  # the deck's code (`sherman*4,pershing`) in card names
        out["code"] = listed(loc, (deck_entry(part, loc) for part in str(params["code"]).split(",")))
    if key.startswith("ironfire.") and isinstance(params.get("option"), str):  # an option a refusal echoes
        if params["option"] in OPTION_KEYS:  # `with b3 infantry`
            out["option"] = option_name(params["option"], loc)
        elif _SLOT.fullmatch(params["option"]):  # a card typed where the option goes (`attack a1 b7`)
            out["option"] = _refused_card(engine, state, params["option"], loc)
    for name in ("unit", "target"):  # an option typed where a card goes (`attack salvo infantry`): a word, quoted
        if key.startswith("ironfire.") and params.get(name) in OPTION_KEYS:
            out[name] = f"“{option_name(params[name], loc)}”"
    if isinstance(params.get("options"), str):  # a card's attacks, as the menus name them
        out["options"] = listed(loc, (option_name(o, loc) for o in params["options"].split(",") if o))
    for name, slot, card in _named_slots(params, loc):
        if not card and key != "ironfire.member_lost":  # a refusal's bare slot
            out[name] = _refused_card(engine, state, slot, loc)
            continue
        labels = labels if labels is not None else state_labels(engine, state, None, loc)
        gone = t(loc, "ironfire.board.lost_member" if key == "ironfire.member_lost" else "ironfire.board.gone")
        unit = engine.unit(state, slot)
        if unit is not None and not (unit.up and card_name(unit.card, loc) == card):
            # the slot holds another card now, or this one face down: the fog of war shuffled and
            # renumbered the armies since (101.5). A card an event names was face up then.
            out[name] = card or gone
            continue
        out[name] = labels.get(slot) or card or gone
    return out


def explain_roll(engine, state: IronState, params: dict[str, Any], following: list, locale: str,
                 labels: dict[str, str] | None = None) -> ShownRoll:
    """Logistics: 38 + 2d6. Damage (102.3): the die, the environment, precision, then the
    percentage (focus fire, heavy damage) rounded half up, then fortification. Healing: the
    die times the percentage. The environment roll says which environment it gives (101.2)."""
    loc = normalize_locale(locale)
    shown = plain_roll(params, loc)
    what = str(params.get("what", "")).rsplit(".", 1)[-1]
    roll = shown.dice[0] if shown.dice else 0
    if what == "logistics":
        shown.terms = [(t(loc, "ironfire.term.base"), params["total"] - sum(shown.dice))]
    elif what == "first" and _rolls_again(params.get("who"), following):
        shown.result = t(loc, "ironfire.term.tie")  # tied for the highest: this seat rolls again (101.1)
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
        floored = raw < 0
        raw = max(0, raw)
        pct = params.get("pct", 100)
        after = [(t(loc, "ironfire.term.fortify"), -1)] if params.get("fortify") and round_half_up(raw * pct, 100) > 0 \
            else []
        # a step that sets the figure (`→ 0`, `→ 3 (focus fire: …)`) counts as a term of what it
        # changed, so the terms still add up to the total (tests/platform/test_roll_lines.py)
        steps = [(t(loc, "ironfire.term.floor"), raw - roll - sum(v for _, v in terms))] if floored else []
        if pct != 100:
            steps.append((listed(loc, _pct_sources(pct, loc)), round_half_up(raw * pct, 100) - raw))
        shown.terms = terms + [step for step in steps if step[1]] + after
        _outcome(engine, state, shown, following, loc, labels)
        if pct != 100 or floored:  # a step that sets the figure reads as what it did (`→ 0 (at least 0)`)
            _scaled(shown, params, roll, terms, raw, pct, after, loc, floored)
    elif what == "heal":  # 207.2: a negative damage roll restores; it reads as what it restores
        shown.dice, shown.total = [-d for d in shown.dice], -params["total"]
        _outcome(engine, state, shown, following, loc, labels)
        if params.get("pct", 100) != 100:
            step = round_half_up(-roll * params["pct"], 100) + roll
            shown.terms = [(listed(loc, _pct_sources(params["pct"], loc)), step)] if step else []
            _scaled(shown, params, -roll, [], -roll, params["pct"], [], loc)
    return shown


def _term(label: str, value: int, loc: str) -> str:
    return " " + aside(loc, f"{'−' if value < 0 else '+'} {abs(value)}", label)


def _scaled(shown: ShownRoll, params: dict[str, Any], roll: int, terms: list, raw: int, pct: int, after: list,
            loc: str, floored: bool = False) -> None:
    """A percentage (102.3, 203.1; ruling 6: "percentages add, then the result rounds half up")
    reads as what it did to the figure before it: `1 → 1 (heavily damaged: 1 × 50% = 0.5,
    rounded half up)`, never as a term that adds 0; damage below 0 as `→ 0 (at least 0)`, not
    `1 − 2 + 1 = 0`. The line is then worded here in full."""
    dice = str(roll) + "".join(_term(label, v, loc) for label, v in terms)
    if floored:
        dice += t(loc, "ironfire.term.floor_step")
    if pct != 100:
        scaled = round_half_up(raw * pct, 100)
        exact = raw * pct / 100
        dice += t(loc, "ironfire.term.pct_step" if exact == scaled else "ironfire.term.pct_round", scaled=scaled,
                  sources=_pct_sources(pct, loc), raw=raw, pct=pct, exact=f"{exact:g}")
    dice += "".join(_term(label, v, loc) for label, v in after)
    check = ""
    if shown.target or shown.result:
        check = t(loc, "core.roll_check", target=shown.target, result=shown.result)
    lo, hi = (params["lo"], params["hi"]) if params.get("lo", 0) >= 0 else (-params["hi"], -params["lo"])
    what = t(loc, str(params["what"])[1:] + ("_range" if "lo" in params else ""), lo=lo, hi=hi)
    shown.wording = ("ironfire.rolled", {"what": what, "dice": dice, "total": shown.total, "check": check})


def _pct_sources(pct: int, loc: str) -> list[str]:
    """A damage percentage's sources (102.3, 203.1: heavy damage -50 %, focus fire +25 %,
    added before they apply): 125 is focus fire, 50 heavy damage, 75 both."""
    heavy = pct < 100
    focus = pct - 100 + (50 if heavy else 0) == 25
    return [t(loc, f"ironfire.term.{name}") for name, on in (("focus", focus), ("heavy", heavy)) if on]


def _rolls_again(who: Any, following: list) -> bool:
    """Whether `who` rolls for the first player again before one is named: a tie for the highest."""
    for key, params in following:
        if key == "ironfire.first":
            return False
        if key == "core.roll" and params.get("who") == who and str(params.get("what", "")).endswith(".first"):
            return True
    return False


OUTCOMES = {"ironfire.damaged": "took", "ironfire.destroyed": "destroyed", "ironfire.healed": "regains"}


def _outcome(engine, state: IronState, shown: ShownRoll, following: list, loc: str,
             labels: dict[str, str] | None) -> None:
    """A damage or healing roll ends with what it did to its card (the event after it, folded in)."""
    key, params = following[0] if following else ("", {})
    if key not in OUTCOMES:
        return
    named = event_params(engine, state, key, params, loc, labels)
    shown.target = named["unit"]
    shown.result = t(loc, "ironfire.term." + OUTCOMES[key], **named)
    shown.absorbs = 1


def prompt(engine, state: IronState, seat: int, locale: str) -> str | None:
    """A declared focus fire (102.3): its target's side may answer."""
    focus = state.focus
    if state.phase == "battle" and state.attack is None and focus is not None and focus.declared \
            and engine.seat_of(focus.target) == seat and seat != state.turn:
        return t(locale, "ironfire.prompt.focus", name=state.players[focus.seat].name,
                 unit=_unit_text(engine, state, seat, focus.target, locale))
    return None


def _dice_words(count: int, sides: int, plus: int, fixed: bool) -> str:
    return str(plus) if fixed else f"{count}d{sides}" + (f"+{plus}" if plus else "")


def _card_facts(key: str, loc: str, left: int | None = None) -> str:
    """`Armour · combat value 12 · 2 left in your deck · vs armour 3–5 (costs 2 logistics), vs
    infantry 1–2 ×1d2`: a combat card's class, value, the copies `left` to pick, and attacks
    (206.1), each option's damage range and its logistics cost (207.3, paid at each attack: a
    newcomer who filled the budget learnt only at "ready" that such attacks need spare)."""
    card = POOL.combat[key]
    attacks = []
    for opt in ATTACKS.get(key, ()):
        low, high = sorted((abs(opt.dmg_min), abs(opt.dmg_max)))
        n = "" if opt.n.fixed and opt.n.plus == 1 else f" ×{_dice_words(opt.n.count, opt.n.sides, opt.n.plus, opt.n.fixed)}"
        cost = aside(loc, "", t(loc, "ironfire.facts.costs", n=opt.cost)) if opt.cost else ""
        attacks.append(f"{option_name(opt.key, loc)} {low if low == high else f'{low}–{high}'}{n}{cost}")
    copies = [t(loc, "ironfire.facts.left", n=left)] if left is not None else []
    text = " · ".join([t(loc, f"ironfire.cls.{card.cls}"), t(loc, "ironfire.facts.cv", cv=card.cv), *copies,
                       t(loc, "ironfire.facts.sep").join(attacks)])
    return text if len(text) <= 100 else text[:99] + "…"


def _deck_facts(code: str, loc: str) -> str:
    """`31 cards · Infantry 10, Armour 9, Air 5, Ranged 4 · 3 ability cards`: what a ready-made
    deck holds by class (a newcomer chose among four deck names blind)."""
    classes: dict[str, int] = {}
    abilities = 0
    for part in code.split(","):
        key, _, count = part.partition("*")
        n = int(count or 1)
        if key in POOL.combat:
            classes[POOL.combat[key].cls] = classes.get(POOL.combat[key].cls, 0) + n
        else:
            abilities += n
    by_class = t(loc, "ironfire.facts.sep").join(f"{t(loc, f'ironfire.cls.{c}')} {n}"
                                                 for c, n in sorted(classes.items(), key=lambda p: CLASS_ORDER.get(p[0], 9)))
    parts = [t(loc, "ironfire.facts.cards", n=sum(classes.values()) + abilities), by_class]
    if abilities:
        parts.append(t(loc, "ironfire.facts.abilities", n=abilities))
    return " · ".join(parts)


def action_facts(engine, state: IronState, seat: int, action, locale: str) -> str:
    """Under an attack in the menus (a select option's description): the damage each attack
    deals as the roll will count it (102.3: the range, the environment, precision, then heavy
    damage -50 % and focus fire +25 %, rounded half up), how many attacks and targets; "" for
    any other choice (the menus showed no damage at all)."""
    if isinstance(action, ChooseDeck) and action.choice in PRESETS:  # a ready-made deck: its size and make-up
        return _deck_facts(PRESETS[action.choice][1], normalize_locale(locale))
    if isinstance(action, Pick) and action.card in POOL.combat:  # what the card is, to choose an army
        return _card_facts(action.card, normalize_locale(locale), state.players[seat].reserve.count(action.card))
    if isinstance(action, Pick) and action.card in POOL.abilities:  # what the ability card grants (401)
        text = POOL.abilities[action.card].text
        words = text.get(normalize_locale(locale)) or text.get("en", "")
        return words if len(words) <= 100 else words[:99] + "…"
    if not isinstance(action, (Attack, Join)):
        return ""
    unit = engine.unit(state, action.unit)
    opt = OPTION.get((unit.card, action.option)) if unit is not None else None
    if opt is None:
        return ""
    loc = normalize_locale(locale)
    p = state.players[seat]
    low, high = sorted((abs(opt.dmg_min), abs(opt.dmg_max)))
    mods = []
    if not opt.own:
        env = UNIT_ENV[unit.card].get(state.env, 0)
        if env:
            mods.append(f"{t(loc, 'ironfire.term.env')} {env:+d}")
        plus = env + (1 if engine.has_ability(p, unit, "precision") else 0)
        if engine.has_ability(p, unit, "precision"):
            mods.append(f"{t(loc, 'ironfire.term.precise')} +1")
        low, high = max(0, low + plus), max(0, high + plus)
    pct = 100 + (25 if isinstance(action, Join) else 0) \
        - (50 if unit.heavy and not engine.has_ability(p, unit, "veteran") else 0)
    if pct != 100:
        mods.append(listed(loc, _pct_sources(pct, loc)) + f" ×{pct}%")
        low, high = round_half_up(low * pct, 100), round_half_up(high * pct, 100)
    fortified = set() if opt.own else _fortified(engine, state, seat, action, opt)
    if True in fortified:  # 102.3: fortification takes 1 off after the percentage, never below 0
        mods.append(f"{t(loc, 'ironfire.term.fortify')} −1")
        low = max(0, low - 1)
        high = high if False in fortified else max(0, high - 1)
    amount = str(low) if low == high else f"{low}–{high}"
    words = [t(loc, "ironfire.facts.heal" if opt.own else "ironfire.facts.damage", amount=amount)
             + (aside(loc, "", ", ".join(mods)) if mods else "")]
    if not (opt.n.fixed and opt.n.plus == 1):
        words.append(t(loc, "ironfire.facts.attacks", n=_dice_words(opt.n.count, opt.n.sides, opt.n.plus, opt.n.fixed)))
    if isinstance(action, Attack) and not (opt.targets.fixed and opt.targets.plus == 1):
        words.append(t(loc, "ironfire.facts.targets", n=_dice_words(opt.targets.count, opt.targets.sides,
                                                                     opt.targets.plus, opt.targets.fixed)))
    return " · ".join(words)


def _fortified(engine, state: IronState, seat: int, action, opt) -> set[bool]:
    """Whether the targets this attack may hit are fortified (401: an ability card granting
    `fortify` to their card): the focus fire's own target for a card joining it, else each
    card the attack may target. A face-down card may be, if its army holds such an ability
    card: all the seat may know."""
    if isinstance(action, Join):
        focus = state.focus
        target = engine.unit(state, focus.target) if focus is not None else None
        targets = [target] if target is not None else []
    else:
        targets = engine.valid_targets(state, seat, opt)
    found = set()
    for target in targets:
        owner = state.players[engine.seat_of(target.slot)]
        if target.up:
            found.add(engine.has_ability(owner, target, "fortify"))
        else:
            found |= {False, engine.grants(owner, "fortify")}
    return found


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
        if state.phase == "army":  # the seat's own secret selection: how much of the budget it leaves unused
            p = state.players[seat]
            used = sum(POOL.logistics(c.card) for c in p.picked)
            # 207.3: an attack that costs logistics needs more spare than its cost; a newcomer who
            # filled the budget found their Katyushas could never fire (newcomer15)
            short = any(o.cost and o.cost >= p.logistics - used for c in p.picked for o in ATTACKS.get(c.card, ()))
            return t(loc, "ironfire.act.ready_army_short" if short else "ironfire.act.ready_army",
                     used=used, budget=p.logistics)
        return t(loc, "ironfire.act.reinforce_done" if state.phase == "recount" else "ironfire.act.ready")
    if isinstance(action, Attack):  # an option's logistics cost is paid at once (207.3): the menu says so
        unit = engine.unit(state, action.unit)
        opt = OPTION.get((unit.card, action.option)) if unit is not None else None
        key = "ironfire.act.own" if opt is not None and opt.own else \
            "ironfire.act.attack_cost" if opt is not None and opt.cost else "ironfire.act.attack"
        if action.option not in CLASSES and key != "ironfire.act.own":  # `rocket salvo attack`, not `attacks rocket salvo`
            key += "_named"
        return t(loc, key,
                 unit=_unit_text(engine, state, seat, action.unit, loc), option=option_name(action.option, loc),
                 cost=opt.cost if opt is not None else 0)
    if isinstance(action, Hit):
        return t(loc, "ironfire.act.hit", unit=_unit_text(engine, state, seat, action.target, loc))
    if isinstance(action, Stop):  # no target chosen yet: stopping throws the whole attack away (102.2)
        nothing = state.attack is not None and not state.attack.hit
        return t(loc, "ironfire.act.skip" if nothing else "ironfire.act.stop")
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


def unit_line(u: dict[str, Any], label: str, locale: str, short: bool = False) -> str:
    """`Tiger I #2 9/13 (heavy)` (`label` from `view_labels`); short: `Tiger I #2 9/13*` (* heavy,
    ~ cut, ' attacked; a card at full strength shows one number). A face-down card's label says so."""
    if not u.get("card"):
        return label
    if short:
        marks = "".join(m for m, key in (("*", "heavy"), ("~", "cut"), ("'", "attacked")) if u.get(key))
        value = str(u["cv"]) if u["cv"] == u["max"] else f"{u['cv']}/{u['max']}"  # full strength: one number
        return f"{label} {value}{marks}"
    flags = []
    if u.get("heavy"):
        flags.append(t(locale, "ironfire.board.heavy"))
    if u.get("cut"):
        flags.append(t(locale, "ironfire.board.cut"))
    if u.get("attacked"):
        flags.append(t(locale, "ironfire.board.done"))
    extra = t(locale, "ironfire.board.flags", flags=listed(locale, flags)) if flags else ""
    return f"{label} {u['cv']}/{u['max']}{extra}"


_NUMBERED = re.compile(r"(.*) (#\d+)")  # `Guards Rifles #2`: the name, the number


def army_lines(units: list[dict[str, Any]], labels: dict[str, str], loc: str, short: bool) -> list[str]:
    """An army one line per card name, in board order (a phone shows 16 cards on one line as
    a wall of text): `Guards Rifles: #1 9/9 · #2 9/9 (attacked)`, or the card's own line
    where it is the only one (`IS-2 #1 16/16`); face-down cards likewise."""
    groups: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for u in units:
        found = _NUMBERED.fullmatch(labels[u["slot"]])
        name, no = found.groups() if found else (labels[u["slot"]], "")
        groups.setdefault(name, []).append((no, u))
    lines = []
    for name, members in groups.items():
        if len(members) == 1:
            lines.append(unit_line(members[0][1], labels[members[0][1]["slot"]], loc, short))
        elif not any(u.get("card") for _, u in members):  # the others' face-down cards: numbers only
            lines.append(t(loc, "core.labelled", label=name, value=_runs([int(no[1:]) for no, _ in members])))
        else:
            lines.append(t(loc, "core.labelled", label=name,
                           value=" · ".join(unit_line(u, no, loc, short) for no, u in members)))
    return lines


def _runs(numbers: list[int]) -> str:
    """`#21–#40 · #43`: numbers in a row written as their first and last."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return " · ".join(f"#{run[0]}–#{run[-1]}" if len(run) > 2 else " · ".join(f"#{n}" for n in run) for run in runs)


def summary(view: dict[str, Any], locale: str) -> str:
    """The text board; when a big table would pass 1500 characters, cards are written short."""
    text = _board(view, normalize_locale(locale), short=False)
    if len(text) > 1500:
        text = _board(view, normalize_locale(locale), short=True)
    return text if len(text) <= 1500 else text[:1497] + "..."


def before_rolls(view: dict[str, Any]) -> bool:
    """Choosing decks or the first player: this game's environment (101.2) and rounds (102.1)
    are not rolled yet (what the state holds is nothing, or the last game's)."""
    return view["phase"] in ("deck", "first")


def board_head(view: dict[str, Any], loc: str) -> str:
    """`Game 1/1 · attacks · round 1/2 · Mountains`; before the rolls only the game and its
    phase (the playtest read "choosing decks · round 0/0 · Open ground", then rolled Mountains)."""
    fog = t(loc, "ironfire.board.fog") if view["fog"] else ""
    phase = t(loc, f"ironfire.phase.{view['phase']}")
    if before_rolls(view):
        return t(loc, "ironfire.board.phase_early", game=view["game"], match=view["match"], phase=phase, fog=fog)
    # choosing armies comes before the first round: "round 0/2" counted one that never is
    key = "ironfire.board.phase_army" if view["phase"] == "army" else "ironfire.board.phase"
    return t(loc, key, game=view["game"], match=view["match"], phase=phase,
             round=view["round"], rounds=view["rounds"], env=t(loc, f"ironfire.env.{view['env']}"), fog=fog)


def seat_logistics(p: dict[str, Any], loc: str) -> str:
    """`37 of 42 logistics used` (the army's of the budget) or `logistics 42`; nothing before they are rolled."""
    if not p["logistics"]:
        return ""
    if "army_logistics" in p:
        return t(loc, "ironfire.board.logi_used", used=p["army_logistics"], value=p["logistics"])
    return t(loc, "ironfire.board.logi", value=p["logistics"])


def seat_reserve(view: dict[str, Any], p: dict[str, Any], loc: str) -> str:
    """`12 cards left in the deck`: what a seat can still pick or reinforce from; nothing before
    the decks are dealt out (the deck-choice board read "deck 0", as if a deck's number)."""
    if view["phase"] in ("deck", "first"):
        return ""
    return t(loc, "ironfire.board.reserve", n=p["reserve"])


def _board(view: dict[str, Any], loc: str, short: bool) -> str:
    lines = [board_head(view, loc)]
    active = marked_to_act(view, view.get("active"))
    labels = view_labels(view, loc)
    for p in view["players"]:
        logi = seat_logistics(p, loc)
        logi = f" · {logi}" if logi else ""
        mark = " ▶" if p["seat"] in active else ""
        out = f" [{t(loc, 'ironfire.board.out')}]" if p["out"] else ""
        out += f" [{t(loc, 'ironfire.board.attacks_done')}]" if p.get("done") else ""
        reserve = seat_reserve(view, p, loc)
        reserve = f" · {reserve}" if reserve else ""
        lines.append(f"[{p['letter']}] {p['name']}{out}{mark}{logi}{reserve}")
        units = sorted(p["units"], key=lambda u: board_order(u["slot"], u.get("cls")))
        if view["phase"] in ("recount", "over"):  # who attacked in a round that is over means nothing
            units = [{**u, "attacked": False} for u in units]
        lines += ["  " + line for line in army_lines(units, labels, loc, short)]
        if p["abilities"]:
            lines.append("  " + t(loc, "core.labelled", label=t(loc, "ironfire.board.abilities"),
                                  value=listed(loc, (card_name(a, loc) for a in p["abilities"]))))
        if p.get("picked"):
            lines.append("  + " + listed(loc, (card_name(c["card"], loc) for c in p["picked"])))
    return "\n".join(lines)
