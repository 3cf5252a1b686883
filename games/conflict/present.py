"""Text for players: action labels, the compact text board and the board image, all made
from views (the image and the board) or from what the acting seat may know (labels)."""
from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from games.core.events import ShownRoll, plain_roll
from games.core.game import Text, table_over, wants_key
from games.core.i18n import aside, has, listed, localize_value, normalize_locale, sentences, t, verb_names
from games.core.render import font, last_move, png_bytes, with_banner, wrap

from games.conflict import rules as R
from games.conflict.data import FIELDED, content
from games.conflict.model import Unit



def units_of(view: dict[str, Any]) -> list[list]:
    """The view's unit strings as [id, owner, loc, up, hp, key|None, rider|None, riding|None,
    number, mask?] (number: the one its label shows; 0 in a view of before session 17)."""
    out = []
    for text in view["units"]:
        f = text.split(" ")
        row = [f[0], int(f[1]), f[2], f[3] == "1", int(f[4]), None if f[5] == "?" else f[5],
               None if f[6] == "-" else f[6], None if f[7] == "-" else f[7]]
        number = int(f[8]) if len(f) > 8 and f[8].isdigit() else 0
        out.append(row + [number] + f[9 if len(f) > 8 and f[8].isdigit() else 8:])
    return out


def _name(named: Any, locale: str) -> str:
    return localize_value(named.name, locale)


def territory_name(state, tid: str, locale: str, bonus: int = 0) -> str:
    """`Ural (Bob, 3/5)`: a territory by name, with its owner and durability (two factions may
    hold territories of one name); `bonus`: what choosing it as capital adds (R.capital_bonus)."""
    terr = state.territories[tid]
    return aside(locale, _name(content().territories[terr.key], locale),
                 t(locale, "conflict.terr_note", owner=state.players[terr.owner].name,
                   dur=terr.dur + bonus, max=terr.max + bonus))


def term_name(term: str, locale: str, short: bool = False) -> str:
    """An agreement's term as a reader says it: a preset by name with what it does
    (`peace (no attacks on each other)`; `short`: by name alone), a term of the players' own
    as they wrote it."""
    key = f"conflict.term.{term}"
    if not has(key, locale):
        return term
    return t(locale, key) if short else aside(locale, t(locale, key), t(locale, f"conflict.term_note.{term}"))


def terms_text(terms: Any, locale: str, short: bool = False) -> str:
    """An agreement's terms by name (`terms`: a list; an older log's event holds them joined by " / ")."""
    items = terms.split(" / ") if isinstance(terms, str) else list(terms or ())
    return listed(locale, (term_name(x, locale, short) for x in items))


def agreement_name(state, agreement_id: str, locale: str) -> str:
    """An agreement as menus name it: its parties and its terms by name (`alice–bob: peace, trade`),
    never its id; what the terms do is under the choice (`action_facts`): with it, four terms
    made a label of 151 characters, past the 100 a select option shows."""
    for a in state.agreements:
        if a.id == agreement_id:
            return t(locale, "core.labelled", label=f"{state.players[a.a].name}–{state.players[a.b].name}",
                     value=terms_text(a.terms, locale, short=True))
    return agreement_id


def unit_labels(units: list[tuple], locale: str) -> dict[str, str]:
    """id -> the label menus, logs and the picture give a unit, the same for every reader: its
    card's name as the table knows it, with the number it holds among its card's units (`Militia
    #2`; the first none), a face-down unit by its number among the face-down units (`face-down
    unit #2`): each kept for the unit's life (rules.number_unit), where a number counted anew at
    every post changed a unit's label when another turned over. The reader's own face-down unit
    reads `Sniper · face-down unit #2`. Never its id (`units`: (id, key the table knows or None,
    key the reader knows or None, the number its label shows); a unit of a state stored before
    numbers takes the lowest free one, in id order)."""
    cards = content().cards
    ordered = sorted(units, key=lambda unit: int(unit[0][1:]))
    taken: dict[str | None, set[int]] = {}
    for uid, key, _, *number in ordered:
        if number and number[0]:
            taken.setdefault(key, set()).add(number[0])
    labels = {}
    for uid, key, mine, *number in ordered:
        n = number[0] if number and number[0] else 0
        if not n:  # a state stored before numbers were kept
            held = taken.setdefault(key, set())
            n = next(k for k in range(1, len(held) + 2) if k not in held)
            held.add(n)
        if key:
            labels[uid] = _name(cards[key], locale) + (f" #{n}" if n > 1 else "")
        else:
            label = t(locale, "conflict.face_down", n=n)
            labels[uid] = t(locale, "core.known_face_down", name=_name(cards[mine], locale), label=label) if mine else label
    return labels


def state_labels(state, seat: int | None, locale: str) -> dict[str, str]:
    """The labels `seat`'s view gives (its own face-down units by name, others' face down)."""
    return unit_labels([(u.id, u.key if u.up else None, u.key if u.up or u.owner == seat else None,
                         u.no if u.up else u.down) for u in state.units.values()], locale)


def view_labels(view: dict[str, Any], locale: str) -> dict[str, str]:
    return unit_labels([(u[0], u[5] if u[3] else None, u[5], u[8]) for u in units_of(view)], locale)


def board_unit_labels(view: dict[str, Any], locale: str) -> dict[str, str]:
    """Units as the board lists them under a territory: a unit in another faction's territory
    with its owner (`小明的突击队`: the playtest's "风原 [迫击炮组,盾阵步兵,突击队]" hid whose
    突击队 stood among 机器人1's units), a vehicle with the unit riding in it (`自行火炮（搭乘：
    步枪兵 #1）`: a rider was on neither the text board nor the picture)."""
    labels = view_labels(view, locale)
    units = units_of(view)
    riders = {u[7]: labels[u[0]] for u in units if u[7]}
    out = {}
    for u in units:
        label = labels[u[0]]
        terr = view["terrs"].get(u[2])
        if terr is not None and terr[1] != u[1]:
            label = t(locale, "conflict.owned_unit", owner=view["players"][u[1]]["name"], unit=label)
        if u[0] in riders:
            label = aside(locale, label, t(locale, "conflict.carrying", unit=riders[u[0]]))
        out[u[0]] = label
    return out


def unit_name(state, seat: int, uid: str, locale: str, labels: dict[str, str] | None = None) -> str:
    """A unit as the seat may know it, with its territory (`Militia #2 @ Pinewood`)."""
    u = state.units[uid]
    labels = labels or state_labels(state, seat, locale)
    where = _name(content().territories[state.territories[u.loc].key], locale) if u.loc in state.territories else ""
    return labels[uid] + (f" @ {where}" if where else "")


def faction_shown(player: dict[str, Any], locale: str) -> str:
    """A player's faction on the board, or, while the factions are chosen in secret, that it
    is not shown yet (the board read "alice [?]")."""
    key = player["faction"]
    return _name(content().factions[key], locale) if key else t(locale, "conflict.word.faction_hidden")


def card_offered(card, cost: list, locale: str, figures: tuple | None = None) -> str:
    """A hand card as the menus offer it: a unit, character or vehicle with what it costs the
    seat now (`cost`: `R.cost_terms`, the printed cost and its talent's and Economic Supremacy's
    cuts, shown term by term: "cost 1" where the card said 3 told nothing of why) and what it
    fights with (the playtest's deploy menu read "Colonel Ross" alone): `figures`, the terms of
    its power, guard and range as the seat's unit would have them (`fielded_terms`), by their
    sums (the terms are under the option: `step_facts`), else the card's; the rest by name with
    what they do (the newcomer had to read `/rules 9` to learn what a fitting does)."""
    if card.type not in FIELDED:
        return aside(locale, _name(card, locale), t(locale, f"conflict.effect.{card.key}"))
    power, guard, reach = (_strength(R.total(terms), locale) for terms in figures) if figures else \
        (card.power, card.guard, card.range)
    return aside(locale, _name(card, locale), t(locale, "conflict.stats", cost=strength_shown(cost, locale, inline=True),
                                                power=power, guard=guard, range=reach))


def fielded_terms(state, seat: int, key: str) -> tuple[list, list, list]:
    """The terms of the power, guard and range `seat`'s unit of card `key` would have wherever
    it stands and whatever it does (Body Augmentation, a talent, EMP, the Combat Engine): what
    the deploy menu shows; a fight's own terms (charge, leader, the capital) come with the attack."""
    power, guard = R.strength_terms(state, Unit(id="", key=key, owner=seat, loc=""))
    return power, guard, R.range_terms(state, seat, key)


def step_facts(engine, state, seat: int, steps: list[str], locale: str) -> str:
    """Under a menu option, what its step means: a combat card's results against each card
    (the lay menu's four cards carried no word of what they do; RULES.md, Unit against unit),
    and under a unit card of the deploy menu the terms of the figures its label sums (Sky
    Alliance's range +1 went unshown) and, for a vehicle, that it needs a crew; under a card of
    the discard menu, which of how many to discard it is."""
    loc = normalize_locale(locale)
    if len(steps) > 1 and steps[0] == "lay":
        return t(loc, f"conflict.combat_card.{steps[-1]}") if has(f"conflict.combat_card.{steps[-1]}", loc) else ""
    if len(steps) > 1 and steps[0] == "discard" and state.phase == "end" and 0 <= seat < state.n:
        limit = R.hand_limit(state, seat)  # which card of how many (the menu's head said neither)
        count = len(state.players[seat].hand) - limit if limit is not None else 0
        return t(loc, "conflict.discard_step", n=len(steps) - 1, count=count) if count > 1 else ""
    if len(steps) != 2 or steps[0] != "deploy" or not 0 <= seat < state.n:
        return ""
    key = next((c.key for c in state.players[seat].hand if c.id == steps[1]), None)
    if key is None or R.cdef(key).type not in FIELDED:
        return ""
    parts = [t(loc, "conflict.needs_crew")] if R.cdef(key).type == "vehicle" else []
    for word, terms in zip(("power", "guard", "range"), fielded_terms(state, seat, key)):
        if len(terms) > 1:
            parts.append(t(loc, f"conflict.fielded.{word}", value=strength_shown(terms, loc, inline=True)))
    facts = " · ".join(parts)
    if len(facts) > FACTS_FIT:  # a select option's description holds 100 characters: the sums alone then
        facts = parts[0] if R.cdef(key).type == "vehicle" else ""
    return facts


def token_names(engine, state, seat: int, locale: str) -> dict[str, str]:
    """Verbs, factions, the seat's own hand cards, units, territories, agreements and words."""
    data = content()
    loc = normalize_locale(locale)
    names = verb_names("conflict", (a.model_fields["kind"].default for a in engine.actions), loc)
    names.update({key: _name(f, loc) for key, f in data.factions.items()})
    for word in ("up", "down", "hand", "fit", "A", "D", "S", "R", "none"):
        names[word] = t(loc, f"conflict.word.{word}")
    if 0 <= seat < state.n:
        cuts = R.cost_cuts(state, seat)
        for card in state.players[seat].hand:
            names[card.id] = card_offered(data.cards[card.key], R.cost_terms(state, seat, card.key, cuts), loc,
                                          fielded_terms(state, seat, card.key) if card.key in FIELDED_KEYS else None)
    view = engine.view(state, seat)  # only what the seat may see (no one's territories during setup)
    labels = view_labels(view, loc)
    for uid in labels:
        names[uid] = unit_name(state, seat, uid, loc, labels)
    for tid in view["terrs"]:
        names[tid] = territory_name(state, tid, loc)
    if state.phase == "setup" and 0 <= seat < state.n:  # a dealt territory is chosen as the capital (`arrange`)
        bonus = R.capital_bonus(state, seat)  # the first step said "铜岭（小明，4/4）": what for, and what 4/4 is
        for tid in state.players[seat].dealt:
            terr = state.territories[tid]
            names[tid] = t(loc, "conflict.capital_pick", name=_name(content().territories[terr.key], loc),
                           dur=terr.dur + bonus, max=terr.max + bonus)
            # the arrange menu's next steps: which of the others share the capital's inner row
            names[f"+{tid}"] = t(loc, "conflict.inner_pick", name=_name(content().territories[terr.key], loc),
                                 dur=terr.dur, max=terr.max)
    for a in state.agreements:
        names[a.id] = agreement_name(state, a.id, loc)
    # a seat number is a player (`aid CARD 2 GIFT`: the menu's step after the card names who);
    # the other numbers in codes (rows, prices) end their codes, so their menu step is labelled
    # by the whole action's description instead
    for i, p in enumerate(state.players):
        names.setdefault(str(i), p.name)
    return names


FIELDED_KEYS = frozenset(key for key, card in content().cards.items() if card.type in FIELDED)
_UID = re.compile(r"u\d+")
# events whose `{name}` is the unit's: it reads as the unit's label (their lines show no id)
_NAMED_UNIT = {f"conflict.ev.{k}" for k in ("deploy", "move", "sell_offer", "buy_offer", "traded", "airdrop", "strike",
                                              "doomed", "doomed_own", "destroyed")}
# events that name a unit other than their `unit` by name beside its id: the id's field -> the
# name's (a strike on a unit carries `tname`, the card's bare name: "Mortar Team #2 attacks
# Combat Engineers." while the board held Combat Engineers #1 and #2)
_NAME_OF = {"conflict.ev.strike": {"target": "tname"}}
# unit fields named by their label alone though the unit is gone by the end of the post: the
# line itself says so, or it was still in play when the line happened ("alice does not help
# Self-Propelled Gun (no longer in play)." read as if the help came too late)
_GONE_PLAIN = {("conflict.ev.crew_out", "vehicle"), ("conflict.ev.pass", "unit"), ("conflict.ev.pass_own", "unit"),
               ("conflict.ev.cover", "unit"),
               ("conflict.ev.fund", "unit")}


# a unit's card key by its name (a `destroyed` event carries the name the table knew)
_CARD_BY_NAME = {tuple(sorted(dict(card.name).items())): key for key, card in content().cards.items()}
# events that turn a unit over: the table knew it as it lay before (face down, or by its name)
_FLIPS = ("conflict.ev.flip_up", "conflict.ev.flip_down")
# a unit gone by the time the line is shown (destroyed later in the same post): its role
_GONE_ROLE = {("conflict.ev.combat", "a"): "conflict.gone_attacker", ("conflict.ev.reveal", "a"): "conflict.gone_attacker",
              ("conflict.ev.combat", "b"): "conflict.gone_defender", ("conflict.ev.reveal", "b"): "conflict.gone_defender"}


def event_labels(engine, state, events: list, locale: str) -> dict[str, str]:
    """Units gone by the end of the post, labelled as the post's `destroyed` line knew them (by
    name, or face down, with the number it held: "Paratroopers" against "Paratroopers #2"), for
    the lines before it: the playtests read "that unit (no longer in play) escapes to Skyport.",
    "那个单位（已不在场上） 退回 峡谷。" and "Revealed: Paratroopers (no longer in play) … against
    Paratroopers …". With the board's (a `destroyed` event of before session 17 holds no number:
    its unit is numbered with the board's, as then); none when nothing of the post is gone."""
    loc = normalize_locale(locale)
    gone: dict[str, tuple[str | None, int]] = {}  # id -> the card key the table knew (None: face down), number
    for key, params in events:
        uid = params.get("unit")
        if key == "conflict.ev.destroyed" and isinstance(uid, str) and uid not in state.units:
            name = params.get("name")
            gone[uid] = (_CARD_BY_NAME.get(tuple(sorted(name.items()))) if isinstance(name, dict) else None,
                         params.get("no") or 0)
    if not gone:
        return {}
    board = [(u.id, u.key if u.up else None, u.key if u.up else None, u.no if u.up else u.down)
             for u in state.units.values()]
    return unit_labels(board + [(uid, k, k, n) for uid, (k, n) in gone.items()], loc)


def event_params(engine, state, key: str, params: dict[str, Any], locale: str,
                 labels: dict[str, str] | None = None) -> dict[str, Any]:
    """Units by their public labels (`Militia #2`, `face-down unit #3`, as on the public
    picture), never by id: every parameter holding a unit id (`unit`, `vehicle`, a combat's
    `a` and `b`, a deflection's `old` and `new`) becomes a label, and a line's `name` of the
    unit becomes its label too; a unit no longer on the board keeps its name alone (or its
    role in the fight), or the name the event carries (`a_name`: as the table knew it then).
    A unit turned over is named as the table knew it before, with its territory (`where`):
    face down before a turn face up, by its name before a turn face down, whatever it shows
    after later turns in the same post."""
    loc = normalize_locale(locale)
    out = dict(params)
    joint = labels or {}  # `event_labels`: the board and the units destroyed in this post, numbered together
    gone = {uid: label for uid, label in joint.items() if uid not in state.units}
    labels = None
    if key in _FLIPS and params.get("unit") in state.units:
        flipped = state.units[params["unit"]]
        was_up = key == "conflict.ev.flip_down"
        # as the table saw it before: by its card's label, or face down by the number it held then
        as_up = unit_labels([(flipped.id, flipped.key, flipped.key, flipped.no)], loc)[flipped.id]
        labels = {**(joint or state_labels(state, None, loc)),
                  flipped.id: as_up if was_up else unit_labels(
                      [(flipped.id, None, None, params.get("down") or flipped.down)], loc)[flipped.id]}
        if not was_up:  # "it is Light Tank #2": the label it carries from now on, as the next lines say
            out["name"] = as_up
        out["where"] = _name(content().territories[state.territories[flipped.loc].key], loc) \
            if flipped.loc in state.territories else ""
    for field, value in params.items():
        if not (isinstance(value, str) and _UID.fullmatch(value)):
            continue
        labels = labels if labels is not None else joint or state_labels(state, None, loc)
        if (key, field) in _GONE_PLAIN and value in gone:  # "out of the wrecked Light Tank #1", gone a line ago
            out[field] = gone[value]
            continue
        on_board = label = labels.get(value) if value in state.units else None
        if label is None and value in gone:  # destroyed later in this post
            label = t(loc, "conflict.gone_named", name=gone[value])
        elif label is None and params.get(f"{field}_name"):  # gone since, named as the table knew it then
            label = t(loc, "conflict.gone_named", name=localize_value(params[f"{field}_name"], loc))
        out[field] = label or t(loc, _GONE_ROLE.get((key, field), "conflict.gone"))
        shown = on_board if on_board is not None else gone.get(value)  # "Bot 1's Paratroopers #2 is destroyed."
        if field == "unit" and key in _NAMED_UNIT and shown is not None:
            given = localize_value(params.get("name"), loc)
            given = t(loc, given[1:]) if isinstance(given, str) and given.startswith("@") else given
            if shown.startswith(str(given)):  # the name with its ordinal (a name the label hides stays)
                out["name"] = shown
        if field in _NAME_OF.get(key, {}) and label is not None:  # "attacks Combat Engineers #2", as the board
            out[_NAME_OF[key][field]] = out[field]
    if params.get("rider") and isinstance(out.get("rider"), str):  # a moving vehicle names who rides along
        moved = out.get("unit")
        for field in ("unit", "name"):
            if field in out and out[field] == moved:
                out[field] = aside(loc, moved, t(loc, "conflict.carrying", unit=out["rider"]))
    if key == "conflict.ev.spy_report":  # face-down units by label, each with what it is
        labels = labels if labels is not None else joint or state_labels(state, None, loc)
        names = params.get("names") if isinstance(params.get("names"), list) else []
        out["units"] = listed(loc, (
            t(loc, "conflict.ev.spy_unit", label=t(loc, "conflict.gone_named", name=gone[uid]) if uid in gone
              else labels.get(uid, t(loc, "conflict.gone")),
              name=localize_value(n, loc))
            for uid, n in zip(_UID.findall(str(params.get("units", ""))), names))) or t(loc, "core.none")
    for field, fragment in _OPTIONAL.get(key, {}).items():  # the engine's "-": nobody, said by leaving it out
        value = params.get(field)
        out[field] = "" if value in (None, "-", "", []) else t(loc, fragment, name=localize_value(value, loc))
    if key == "conflict.ev.special":  # what it cost (logged since session 14)
        out["paid"] = "" if "cost" not in params else t(
            loc, "conflict.ev.special_paid_hand" if params.get("discarded") else "conflict.ev.special_paid",
            cost=params["cost"], count=params.get("discarded"))
    if key == "conflict.ev.special" and params.get("terr"):  # a bomb names the territory it falls on
        out["target"] = t(loc, "conflict.ev.special_terr", name=params["target"], terr=localize_value(params["terr"], loc))
    if "terms" in params:  # an agreement's terms by name, never their codes
        out["terms"] = terms_text(params["terms"], loc)
    if key == "conflict.ev.broken" and "other" not in params:  # logged before it named the party and terms
        out["other"] = t(loc, "conflict.ev.broken_old_other")
        out["terms"] = t(loc, "conflict.ev.broken_old_terms")
    if key == "conflict.ev.discard" and "names" in params:  # one line for the whole excess (a card a line before)
        out["name"] = listed(loc, (localize_value(name, loc) for name in params["names"]))
    if key == "conflict.ev.equip" and isinstance(params.get("name"), dict):  # the fitting with what it does
        card = _CARD_BY_NAME.get(tuple(sorted(params["name"].items())))
        if card is not None:
            out["name"] = aside(loc, localize_value(params["name"], loc), t(loc, f"conflict.effect.{card}"))
    if key == "conflict.ev.equip" and "old" not in params:  # logged before the line named the fitting discarded
        out["old"] = t(loc, "conflict.ev.equip_old_unnamed")
    if key == "conflict.ev.pair":  # what the pair did to each side, and the ability that changed the table's number
        out.update(_pair_words(state, params, loc, labels if labels is not None else joint or state_labels(state, None, loc),
                               gone))
    if key == "conflict.ev.wiped_out":  # whose Nuclear Doomsday it counts toward, where that goal can be won
        out["credit"] = "" if not params.get("goal") else t(
            loc, "conflict.ev.credit" if params.get("player") == params.get("by") else "conflict.ev.credit_source",
            player=params.get("player"), count=params.get("count"), left=params.get("left"))
    if key == "conflict.ev.reveal":  # the strengths Attack against Defend compares (logged since session 13)
        terms = params.get("terms") or {}  # each figure's terms (logged since session 16)
        out["strength"] = t(loc, "conflict.ev.strength", **{
            k: strength_shown(terms[k], loc) if k in terms else _strength(params[k], loc) for k in ("pa", "ga", "pd", "gd")}) \
            if all(k in params for k in ("pa", "ga", "pd", "gd")) else ""
    for name in _CARD_PARAMS.get(key, ()):  # combat cards by name, never their letters
        if name in params:
            out[name] = combat_cards(params[name], loc)
    return out


def _pair_words(state, params: dict[str, Any], loc: str, labels: dict[str, str], gone: dict[str, str]) -> dict[str, str]:
    """A pair's `change` (`: attacker −1, defender −3`) and `why` (each ability that made a
    number differ from the combat table, with its effect: the playtest's pair lines left a
    Demolition's extra point unexplained); both empty in a log from before they were recorded."""
    if "da" not in params:
        return {"change": "", "why": ""}
    minus = "\u2212"
    sides = []
    for side, d, cancelled in (("attacker", -params["da"], params.get("ca")), ("defender", -params["db"], params.get("cb"))):
        word = t(loc, f"conflict.word.{side}")
        if cancelled:  # the damage and Aegis's cancelling in one term ("no change" beside "Aegis cancels" read as a contradiction)
            sides.append(t(loc, "conflict.ev.pair_side_aegis" if d else "conflict.ev.pair_side_aegis_all",
                           side=word, dealt=f"{minus}{d + 1}", delta=f"{minus}{d}"))
        elif d:
            sides.append(t(loc, "conflict.ev.pair_side", side=word, delta=f"+{-d}" if d < 0 else f"{minus}{d}"))
    change = t(loc, "conflict.ev.pair_change", changes=listed(loc, sides)) if sides else t(loc, "conflict.ev.pair_nothing")
    notes = []
    for note in params.get("why") or ():
        ability, uid = note.split(" ")
        label = labels.get(uid) if uid in state.units else gone.get(uid)
        notes.append(t(loc, f"conflict.why.{ability}", unit=label or t(loc, "conflict.gone")))
    why = sentences(loc, notes)
    return {"change": change, "why": (" " if why and loc != "zh-CN" else "") + why}


def explain_roll(engine, state, params: dict[str, Any], following: list, locale: str,
                 labels: dict[str, str] | None = None) -> ShownRoll:
    """A coin (1 is heads) says which face it showed; the first player's roll, whom it chose."""
    shown = plain_roll(params, locale)
    if params.get("coin"):
        face = "heads" if params.get("total") == 1 else "tails"
        # Aegis: what the face does to the fight (the bare "heads" told nothing)
        shown.result = t(locale, f"conflict.coin.aegis_{face}" if params.get("what") == "@conflict.card.aegis"
                         else f"conflict.coin.{face}")
    elif params.get("what") == "@conflict.first_player" and 0 <= state.first < state.n:
        # the roll made state.first, and it stays; said with the die's range and what a number
        # means ("rolls the first player: 3 = **3**: **Bot 2**" told a newcomer neither)
        shown.wording = ("conflict.first_roll", {"sides": state.n, "n": params.get("total"),
                                                 "name": state.players[state.first].name})
    return shown


def prompt(engine, state, seat: int, locale: str) -> str | None:
    """Another faction's move waits for this seat: a response, combat cards, an approval."""
    pend = state.pending
    if pend is None or seat == state.turn or not 0 <= pend.by < state.n:
        return None
    act = _pending_act(state, seat, pend, locale) if pend.kind in ("react", "combat") else ""
    unit = unit_name(state, seat, pend.unit, locale) if pend.unit in state.units else ""
    me = state.players[seat]  # the heir's share, as the bequest's line will count it
    name = state.players[pend.by].name
    if pend.kind == "approve":  # what is asked, as the table's line said it (ask_move, *_offer, propose)
        terr = territory_name(state, pend.target, locale) if pend.target in state.territories else ""
        return t(locale, f"conflict.prompt.approve_{pend.what}", name=name, unit=unit, terr=terr, price=pend.price,
                 terms=terms_text(pend.terms, locale))
    legal = engine.legal_actions(state, seat)
    if pend.kind in ("react", "doom") and len(legal) == 1:  # opened as the table sees it (issue 17): say so
        return sentences(locale, [t(locale, f"conflict.prompt.{pend.kind}_only", name=name, act=act, unit=unit),
                                  t(locale, "core.prompt_only", choice=describe(engine, state, seat, legal[0], locale),
                                    seen=t(locale, f"conflict.prompt.seen_{pend.kind}"))])
    return t(locale, f"conflict.prompt.{pend.kind}", name=name, act=act, unit=unit,
             cards=len(me.hand) + bool(me.upgrade), res=me.res)


def _pending_act(state, seat: int, pend, locale: str) -> str:
    """What a reaction window or a fight answers, as the acting seat's menu named it: the unit
    and what it attacks, or the card and its target (the playtest's DM said only "Bot 1 acts
    against you")."""
    def named(target: str) -> str:
        if target in state.units:
            return unit_name(state, seat, target, locale)
        return territory_name(state, target, locale) if target in state.territories else target

    if pend.kind == "combat" or pend.what == "strike":  # "Bot 1 attacks: Attack X with Y" read as a code
        return t(locale, "conflict.prompt.strike_act", unit=named(pend.unit), target=named(pend.target))
    target = named(pend.target) if pend.target else \
        t(locale, "conflict.prompt.you") if pend.other in (-1, seat) else state.players[pend.other].name
    return t(locale, "conflict.prompt.react_card", card=_name(content().cards[pend.what], locale), target=target)


def describe(engine, state, seat: int, action, locale: str) -> str:
    data = content()
    loc = normalize_locale(locale)
    hand = {c.id: c.key for c in state.players[seat].hand} if 0 <= seat < state.n else {}
    params: dict[str, Any] = {}
    for field in type(action).model_fields:
        if field == "kind":
            continue
        value = getattr(action, field)
        params["name" if field == "key" else field] = _label(state, seat, field, value, hand, loc, data, action.kind)
    pend = state.pending
    if action.kind == "price" and pend is not None and pend.kind == "price" and pend.unit in state.units:
        # the price step is the seller's or buyer's own: each choice says what it prices, and for whom
        return t(loc, f"conflict.act.price_{pend.what}", amount=action.amount, unit=unit_name(state, seat, pend.unit, loc),
                 other=state.players[pend.other].name)
    if action.kind == "arrange" and 0 <= seat < state.n:
        # which territories each row gets, as `_do_arrange` lays them ("3 in the inner row" named none)
        inner, outer = R.arranged_rows(state.players[seat].dealt, action.capital, action.inner)
        named = {tid: localize_value(data.territories[state.territories[tid].key].name, loc) for tid in inner + outer}
        params["inner_row"] = listed(loc, (named[tid] for tid in inner[1:])) or t(loc, "core.none")
        capital, bonus = state.territories[action.capital], R.capital_bonus(state, seat)  # one's own: no owner
        params["capital"] = aside(loc, localize_value(data.territories[capital.key].name, loc),
                                  f"{capital.dur + bonus}/{capital.max + bonus}")
        params["outer_row"] = listed(loc, (named[tid] for tid in outer)) or t(loc, "core.none")
    if action.kind == "flip" and action.unit in state.units:  # which way it turns, and what that does
        return t(loc, f"conflict.act.flip_{'down' if state.units[action.unit].up else 'up'}", **params)
    if action.kind == "equip" and params["card"] != str(action.card):
        # what the fitting does, and that it discards the one fitted now (one per faction): the
        # newcomer's second fitting took the first away without a word
        key = hand[action.card]
        old = state.players[seat].upgrade
        note = t(loc, f"conflict.effect.{key}")
        if old:
            note = t(loc, "conflict.fit_replaces", effect=note, old=_name(data.cards[old], loc))
        params["card"] = aside(loc, params["card"], note)
    return t(loc, f"conflict.act.{action.kind}", **params)


def action_facts(engine, state, seat: int, action, locale: str) -> str:
    """Under a choice in the menus (a select option's description), what its label has no room
    for: a faction's talent and capital effect, what the rules enforce of an agreement to break,
    an attack's power and guard as the fight would compare them. In the labels they made
    choices of 105 to 151 characters, past the 100 a select option shows; "" for other choices."""
    loc = normalize_locale(locale)
    if action.kind == "faction":  # the playtest's menu named three factions only
        faction = content().factions[action.key]
        return t(loc, "conflict.faction_powers", talent=t(loc, f"conflict.talent.{faction.talent}"),
                 capital=t(loc, f"conflict.capital.{faction.capital}"))
    if action.kind == "deploy":  # what a face does (clickplay16: nothing told a newcomer what face down is for)
        return t(loc, f"conflict.face_facts.{action.face}")
    if action.kind in ("claim", "next") and state.phase == "battle" and state.round == 1:
        return t(loc, "conflict.round_one")  # why no attack is offered (RULES.md, Battle: ⚖ nobody attacks in round one)
    if action.kind in ("claim", "next") and state.phase == "battle" and not state.assault and not state.fought \
            and 0 <= seat < state.n and not any(c.key == "attack" for c in state.players[seat].hand):
        return t(loc, "conflict.no_attack_card")  # an attack needs the card (RULES.md, Attack)
    if action.kind == "breakpact":
        terms = next((a.terms for a in state.agreements if a.id == action.agreement), [])
        enforced = [term for term in terms if term in R.ENFORCED_TERMS]
        if not enforced:
            return t(loc, "conflict.pact_recorded") if terms else ""
        return t(loc, "conflict.pact_enforced", terms=terms_text(enforced, loc))
    if action.kind == "strike" and action.target in state.units:  # what the fight compares, term by term (issue 18)
        terms = []
        for field, role in (("unit", "attack"), ("target", "defend")):
            u = state.units.get(getattr(action, field))
            if u is None:
                return ""
            terms.append(R.strength_terms(state, u, role))  # the target is face up (a face-down one cannot be attacked)
        for named in (True, False):  # the terms while they fit under the choice, else the figures alone
            shown = [t(loc, "conflict.strength_short", power=strength_shown(power, loc, named),
                       guard=strength_shown(guard, loc, named)) for power, guard in terms]
            facts = t(loc, "conflict.strike_facts", unit=shown[0], target=shown[1])
            if len(facts) <= FACTS_FIT:
                break
        return facts
    return ""


FACTS_FIT = 100  # a select option's description holds 100 characters (Discord)


def menu_steps(engine, state, seat: int, action) -> list[str]:
    """Combat cards are chosen one at a time, in the order laid (`lay ADR`: Attack, then Defend,
    then Rest): one list of up to 65 orders was too long to choose from, and Discord shows 25 a
    select. Each step offers the cards left, and from the first card on the menu may confirm.
    The cards discarded at the end of a turn likewise, one a step in hand order (`discard c1,c2`),
    and the territories of the inner row after the capital (`arrange t3 +t5 +t7` for `arrange t3 t5,t7`)."""
    if action.kind == "lay" and action.cards != "none":
        return ["lay", *action.cards]
    if action.kind == "discard":  # the cards to discard, one a step (in hand order)
        return ["discard", *action.cards.split(",")]
    if action.kind == "arrange":  # the capital, then each territory that shares its inner row (`+t5`)
        return ["arrange", action.capital, *(f"+{tid}" for tid in (action.inner or "").split(",") if tid)]
    return action.code().split()


def laid_in_order(cards: str, locale: str) -> str:
    """Combat cards as a lay menu offers them: numbered in the order laid (`1. Attack, 2. Defend`;
    no arrow: labels keep arrows off, where one reads as a shooter and its target)."""
    if cards in ("", "-", "none"):
        return t(locale, "conflict.word.nocards")
    return t(locale, "conflict.laid_sep").join(f"{i}. {t(locale, f'conflict.word.{c}')}" for i, c in enumerate(cards, 1))


def _label(state, seat, field, value, hand, loc, data, kind) -> str:
    if field in ("card", "gift"):
        key = hand.get(value)
        return f"{_name(data.cards[key], loc)}" if key else str(value)
    if field in ("unit", "vehicle", "target") and value in state.units:
        u = state.units[value]
        return unit_name(state, seat, value, loc)
    if field == "capital" and value in state.territories:  # as the board will show it once chosen
        return territory_name(state, value, loc, R.capital_bonus(state, seat))
    if field in ("tid", "target") and value in state.territories:
        return territory_name(state, value, loc)
    if field == "seat" and isinstance(value, int) and 0 <= value < state.n:
        return state.players[value].name
    if field == "key" and kind == "faction":  # what it gives is under the choice (`action_facts`)
        return _name(data.factions[value], loc)
    if field == "key" and value in data.cards:
        return _name(data.cards[value], loc)
    if field in ("face", "what"):
        return t(loc, f"conflict.word.{value}")
    if field == "cards" and kind == "discard":
        return listed(loc, (_name(data.cards[hand[card]], loc) if card in hand else card for card in value.split(",")))
    if field == "cards":
        return laid_in_order(value, loc)
    if field == "text" and kind == "term":
        return term_name(value, loc)
    if field == "agreement":
        return agreement_name(state, value, loc)
    return str(value)


def _strength(value: Any, locale: str) -> str:
    """A power or guard as the reveal says it: Death System's guard is unlimited, not 99."""
    return t(locale, "conflict.word.unlimited") if value == R.UNLIMITED else str(value)


def strength_shown(terms: list, locale: str, named: bool = True, inline: bool = False) -> str:
    """A power, guard or cost with the terms that make it (`R.strength_terms`, `R.cost_terms`):
    the card's number alone when nothing changes it, else the sum and its terms by name (`5 (3 +
    leader 1 + charge 1)`, `0 (2 − EMP 2)`, `unlimited (Death System)`): the menus said "power 5"
    where the card said 3, and nothing said why (issue 18). `named` False: the sum alone;
    `inline`: inside brackets already, the terms then their sum (`3 − talent 1 = 2`), never a
    bracket in a bracket."""
    terms = [tuple(term) for term in terms]  # a logged event holds them as lists
    total = R.total(terms)
    if total == R.UNLIMITED:
        return aside(locale, _strength(total, locale), listed(locale, (
            _term_name(key, locale) for key, value in terms if value is None))) if named else _strength(total, locale)
    if len(terms) == 1 or not named:
        return str(total)
    parts = [str(terms[0][1])]
    for key, value in terms[1:]:
        parts.append(f"{'+' if value >= 0 else chr(0x2212)} {_term_name(key, locale)} {abs(value)}")
    return f"{' '.join(parts)} = {total}" if inline else aside(locale, str(total), " ".join(parts))


def _term_name(key: str, locale: str) -> str:
    """A term by what it is: a fitting by its card's name, the rest from the catalog."""
    if key in content().cards:
        return _name(content().cards[key], locale)
    return t(locale, f"conflict.mod.{key}")


def combat_cards(cards: str, locale: str) -> str:
    """Combat cards in the order laid, by name (`ADR` -> `Attack·Defend·Rest`); none laid
    (`none`, or `-` in an event) is said in words."""
    if cards in ("", "-", "none"):
        return t(locale, "conflict.word.nocards")
    return "·".join(t(locale, f"conflict.word.{c}") for c in cards)


# events naming someone who may be nobody (the engine's "-"): the words around that name
_OPTIONAL = {"conflict.ev.eliminated": {"by": "conflict.ev.eliminated_by"},
             "conflict.ev.equip": {"old": "conflict.ev.equip_old"},
             "conflict.ev.saved": {"helpers": "conflict.ev.saved_helpers"},
             "conflict.ev.special": {"target": "conflict.ev.special_target"}}
_CARD_PARAMS = {"conflict.ev.reveal": ("cards_a", "cards_b"), "conflict.ev.laid_you": ("cards",)}



def summary(view: dict[str, Any], locale: str) -> str:
    """The text board. One too long for a post (three players' thirty rounds of units) counts
    each territory's units instead of naming them, so that every territory and its durability
    stay on it: cut at its length, the final board lost the winner's outer row mid-name
    ("row 5 (outer): Rail Hub 4/5 [Supply Corps #2] | Old Citad…")."""
    text = _summary(view, locale)
    if len(text) > BOARD_TEXT:
        text = _summary(view, locale, compact=True)
    return text if len(text) <= BOARD_TEXT else text[:BOARD_TEXT - 1] + "…"


BOARD_TEXT = 1500  # a post holds the board with its event lines in Discord's 2,000 characters


def _summary(view: dict[str, Any], locale: str, compact: bool = False) -> str:
    data = content()
    loc = normalize_locale(locale)
    zh = loc == "zh-CN"
    terrs = view["terrs"]
    lines = [("第{r}/{m}轮 · {ph}" if zh else "Round {r}/{m} · {ph}").format(
        r=min(view["round"], view["max_rounds"]), m=view["max_rounds"], ph=t(loc, f"conflict.phase.{view['phase']}"))]
    by_loc: dict[str, list[str]] = {}
    labels = board_unit_labels(view, loc)
    for u in units_of(view):
        if not u[7]:  # a unit riding inside a vehicle is named with the vehicle
            by_loc.setdefault(u[2], []).append(labels[u[0]])  # an own face-down unit says so in its label
    for s, p in enumerate(view["players"]):
        mark = "▶" if s == view["turn"] and view["phase"] not in ("setup", "over") and not table_over(view) else " "
        fac = faction_shown(p, loc)
        status = "" if p["alive"] else " ✖" + t(loc, f"conflict.out.{p['out'] or 'eliminated'}")  # never the token
        head = f"{mark}{p['name']} [{fac}]{status} " + (
            f"资源{p['res']} 手牌{p['hand']}" if zh else f"res {p['res']} hand {p['hand']}")
        if p["upgrade"]:
            head += " ⚙" + _name(data.cards[p["upgrade"]], loc)
        ach = p["ach"] + (["economy"] if view.get("economy") == s else [])  # 经济制霸 is held, not won
        if ach:
            head += " ★" + ("、" if zh else ", ").join(t(loc, f"conflict.ach.{a}") for a in ach)
        lines.append(head)
        for i, row in enumerate(p["rows"]):
            cells = []
            for tid in row:
                key, _, dur, mx = terrs[tid]
                cap = "◆" if tid == p["capital"] else ""
                units = ("、" if zh else ", ").join(by_loc.get(tid, []))  # "[Transport Plane,Combat Engineers]" read cramped
                if compact and units:
                    units = t(loc, "conflict.unit_count", n=len(by_loc[tid]))
                cells.append(f"{cap}{_name(data.territories[key], loc)} {dur}/{mx}" + (f" [{units}]" if units else ""))
            label = row_label(i, len(p["rows"]), loc)
            lines.append("  " + t(loc, "core.labelled", label=label, value=" | ".join(cells)))
    if view.get("hand") is not None:  # each card with what it does (the newcomer read `/rules 9` to learn it)
        lines.append(("手牌：" if zh else "Hand: ") + (listed(loc, (_hand_card(data.cards[k], loc) for _, k in view["hand"]))
                                                      or t(loc, "core.none")))
    if view["agreements"]:
        lines.append(("协议：" if zh else "Agreements: ") + ("；" if zh else "; ").join(
            t(loc, "core.labelled", label=f"{view['players'][a[1]]['name']}–{view['players'][a[2]]['name']}",
              value=terms_text(a[3], loc)) for a in view["agreements"]))
    if wants_key(view) and has_key(view):
        lines += _key(view, loc)
    return "\n".join(lines)


def row_label(i: int, rows: int, locale: str) -> str:
    """Which row is which, in the words the arrange menu and the picture use (内排/外排, inner and
    outer row): only the outer row (the last) can be attacked; "第1排 / 第2排（外层）" beside the
    menu's "内排 / 外排" made three words for the same rows (clickplay16). A row between them
    (a captured territory opens one) by its number."""
    if i == rows - 1:
        return t(locale, "conflict.row_outer", n=i + 1)
    return t(locale, "conflict.row_inner" if i == 0 else "conflict.row", n=i + 1)


def _hand_card(card, locale: str) -> str:
    """A card of the seat's hand: a unit by its printed cost and what it fights with (a player
    plans from the hand: the newcomer's /hand showed no cost where the deploy menu did), any
    other with what it does."""
    if card.type in FIELDED:  # a vehicle says it needs a crew (clickplay16 deployed a Heavy Tank alone)
        stats = t(locale, "conflict.stats", cost=card.cost, power=card.power, guard=card.guard, range=card.range)
        return aside(locale, _name(card, locale), t(locale, "conflict.vehicle_stats", stats=stats)
                     if card.type == "vehicle" else stats)
    return aside(locale, _name(card, locale), t(locale, f"conflict.effect.{card.key}"))


def _marks(view: dict[str, Any]) -> tuple[list[str], list[tuple[str, str]]]:
    """The ★ achievements the board shows (Economic Supremacy is held, not won) and its ⚙
    fittings, as (player, card key)."""
    ach: list[str] = []
    fits = []
    for s, p in enumerate(view["players"]):
        ach += p["ach"] + (["economy"] if view.get("economy") == s else [])
        if p["upgrade"]:
            fits.append((p["name"], p["upgrade"]))
    return list(dict.fromkeys(ach)), fits


def has_key(view: dict[str, Any]) -> tuple[str, ...]:
    """The marks the key explains (empty: no key): the host gives the key again when a mark is
    new, so "★Anti-Peace", won in round 2, is explained where it first shows, not only the ★
    of the first post with any mark."""
    ach, fits = _marks(view)
    return tuple(ach) + tuple(f"{name}:{key}" for name, key in fits)


def _key(view: dict[str, Any], loc: str) -> list[str]:
    """What each ★ and ⚙ on the board means: "★经济制霸" was shown without a word of it. Where
    the host names the marks to explain (`view["table"]["key"]`, a list of `has_key`'s marks:
    the ones new since its last post), only those: the whole key came again with every new
    mark, the old ones repeated (issue 18); `True` (a board a player asked for): every mark."""
    ach, fits = _marks(view)
    wanted = (view.get("table") or {}).get("key")
    if isinstance(wanted, (list, tuple, set, frozenset)):
        ach = [a for a in ach if a in wanted]
        fits = [(name, key) for name, key in fits if f"{name}:{key}" in wanted]
    data = content()
    lines = [t(loc, "conflict.key.ach", name=t(loc, f"conflict.ach.{a}"), effect=t(loc, f"conflict.ach_effect.{a}"))
             for a in ach] + [
        t(loc, "conflict.key.fit", player=name, name=_name(data.cards[key], loc), effect=t(loc, f"conflict.effect.{key}"))
        for name, key in fits]
    return [t(loc, "conflict.key.head"), *lines] if lines else []


COLORS = [(200, 70, 60), (60, 110, 200), (60, 160, 80), (210, 160, 40), (140, 80, 180), (40, 160, 170)]


LAST_MOVE = (255, 110, 0)


def picture_title(view: dict[str, Any], locale: str) -> tuple[str, str]:
    """The picture's head: the round of the cap (never past it) and the phase, then what its
    marks mean (the playtest's picture said neither which row is the outer one nor what the
    gold frame was)."""
    head = t(locale, "conflict.picture.round", round=min(view["round"], view["max_rounds"]), rounds=view["max_rounds"],
             phase=t(locale, f"conflict.phase.{view['phase']}"))
    return head, t(locale, "conflict.picture.key")


def render(view: dict[str, Any], locale: str) -> bytes:
    """Each faction a panel: its rows of territories (outer row on the right), durability,
    the capital, garrisons (face-down units shown as ?), resources and hand counts, every name
    whole; the territories and units of the last move outlined; who is to act, or the winner."""
    data = content()
    loc = normalize_locale(locale)
    players = view["players"]
    cell_w, pad, line_h = 170, 8, 14
    max_rows = max([len(p["rows"]) for p in players] + [1])
    width = 180 + max_rows * (cell_w + pad) + pad
    labels = board_unit_labels(view, loc)
    f_unit = font(11)
    lines_of: dict[str, list[tuple[list, str]]] = {}  # territory -> (unit, line) in order
    for u in units_of(view):
        if not u[7]:
            lines_of.setdefault(u[2], []).extend((u, line) for line in wrap(labels[u[0]], f_unit, cell_w - 8))
    # every unit as the menus name it, wrapped to the cell (a vehicle with its rider ran past the
    # picture's edge): a faction's cells grow to its fullest territory (the picture showed 2 units
    # and "+3" for 5: which ones, only /game status said)
    cell_hs = [max(74, 32 + line_h * max([len(lines_of.get(tid, [])) for row in p["rows"] for tid in row] + [0]))
               for p in players]
    panel_hs = [max([3] + [len(row) for row in p["rows"]]) * (h + 4) + 30 for h, p in zip(cell_hs, players)]
    f_big, f_small, f_key = font(16), font(12), font(11)
    title, key = picture_title(view, loc)
    key_lines = wrap(key, f_key, width - 2 * pad)
    top = 26 + 14 * len(key_lines)  # the panels start under the head
    img = Image.new("RGB", (width, top + sum(panel_hs)), (245, 242, 235))
    draw = ImageDraw.Draw(img)
    draw.text((pad, 4), title, fill=(20, 20, 20), font=f_big)
    for n, line in enumerate(key_lines):
        draw.text((pad, 24 + 14 * n), line, fill=(70, 70, 70), font=f_key)
    last = last_move(view)
    for s, p in enumerate(players):
        y0 = top + sum(panel_hs[:s])
        cell_h, panel_h = cell_hs[s], panel_hs[s]
        color = COLORS[s % len(COLORS)]
        draw.rectangle((pad, y0, width - pad, y0 + panel_h - 6), outline=color, width=2)
        fac = faction_shown(p, loc)
        draw.text((pad + 6, y0 + 6), p["name"] + ("" if p["alive"] else " ✖"), fill=color, font=f_big)
        if s == view["turn"] and view["phase"] not in ("setup", "over") and not table_over(view):
            draw.text((pad + 6 + draw.textlength(p["name"] + ("" if p["alive"] else " ✖") + " ", font=f_big), y0 + 6),
                      "▶", fill=color, font=f_big)
        ty = y0 + 28
        for line in wrap(fac, f_small, 160):
            draw.text((pad + 6, ty), line, fill=(40, 40, 40), font=f_small)
            ty += 16
        res = ("资源 {r} 手牌 {h}" if loc == "zh-CN" else "res {r} hand {h}").format(r=p["res"], h=p["hand"])
        draw.text((pad + 6, ty + 2), res, fill=(40, 40, 40), font=f_small)
        ty += 20
        if p["upgrade"]:
            for line in wrap(_name(data.cards[p["upgrade"]], loc), f_small, 160):
                draw.text((pad + 6, ty), line, fill=(90, 90, 90), font=f_small)
                ty += 16
        for r, row in enumerate(p["rows"]):
            for c, tid in enumerate(row):
                x = 180 + r * (cell_w + pad)
                y = y0 + 6 + c * (cell_h + 4)
                key, _, dur, mx = view["terrs"][tid]
                cap = tid == p["capital"]
                moved = tid in last
                draw.rectangle((x, y, x + cell_w, y + cell_h), fill=(255, 255, 255),
                               outline=LAST_MOVE if moved else (180, 140, 0) if cap else color,
                               width=4 if moved else 3 if cap else 1)
                draw.text((x + 4, y + 2), ("◆" if cap else "") + _name(data.territories[key], loc), fill=(20, 20, 20), font=f_small)
                bar = int((cell_w - 50) * dur / max(1, mx))
                draw.rectangle((x + 4, y + 20, x + 4 + bar, y + 28), fill=color)
                draw.text((x + cell_w - 42, y + 17), f"{dur}/{mx}", fill=(20, 20, 20), font=f_small)
                for i, (u, line) in enumerate(lines_of.get(tid, [])):
                    ink = LAST_MOVE if u[0] in last else COLORS[u[1] % len(COLORS)] if u[1] != s else (60, 60, 60)
                    draw.text((x + 4, y + 31 + i * line_h), line, fill=ink, font=f_unit)
    return png_bytes(with_banner(img, view, loc))


# phases ended one after another by one player with nothing between: one line says it (issue 18:
# an empty bot turn posted "ends development", "ends the battle phase" and "ends the turn")
_ENDS = ("conflict.ev.next_battle", "conflict.ev.next_post", "conflict.ev.next_turn")
# a rescue asked of, or passed by, the unit's own player (`own`): a line of its own
_OWN = ("conflict.ev.doomed", "conflict.ev.pass")
_TURN_START = ("conflict.ev.draw", "conflict.ev.draw_none", "conflict.ev.draw_blockaded")


def _merged_ends(events: list) -> tuple[list, list[int]]:
    """The events as they read: a rescue of one's own unit (`_OWN`) as such, and each run of
    two or three phases ended in a row by one player (in the phases' order) as one event: `passed` (the whole turn, nothing done since it began),
    `ends_all` (development, battle and turn, no attack), `ends_to_post` (development and the
    battle phase) or `ends_post` (the battle phase and the turn). Returns them with the index
    of the event each one is kept with (/game log's steps): a run's line with its last step."""
    out, index = [], []
    i = 0
    while i < len(events):
        key, params = events[i]
        run = 1
        if key in _ENDS:
            start = _ENDS.index(key)
            while (start + run < len(_ENDS) and i + run < len(events) and events[i + run][0] == _ENDS[start + run]
                   and events[i + run][1].get("player") == params.get("player")):
                run += 1
        if run > 1:
            ended = _ENDS[start:start + run]
            fresh = i > 0 and events[i - 1][0] in _TURN_START and events[i - 1][1].get("player") == params.get("player")
            merged = ("passed" if fresh and len(ended) == 3 else "ends_all" if len(ended) == 3
                      else "ends_to_post" if ended[0] == _ENDS[0] else "ends_post")
            out.append((f"conflict.ev.{merged}", {"player": params.get("player")}))
            index.append(i + run - 1)  # kept with the run's last step: the turn ended, then the next one's lines
        elif key in _OWN and params.get("own"):  # the owner saves its own unit: it does not "help" it
            out.append((f"{key}_own", params))
        else:
            out.append((key, params))
        if run == 1:
            index.append(i)
        i += run
    return out, index


class ConflictText(Text):
    """The game's text: the functions of this module, and its event lines with phases ended in a
    row told in one line and one's own rescue told as such (`_merged_ends`)."""

    def __init__(self, engine) -> None:
        import sys

        super().__init__(engine, sys.modules[__name__])

    def indexed_event_lines(self, state, events, locale, escape=None):
        merged, index = _merged_ends(events)
        return [(index[i], line) for i, line in super().indexed_event_lines(state, merged, locale, escape)]
