"""Readable labels for actions and the compact text board (built from a view)."""
from __future__ import annotations

import re
from typing import Any

from games.core.events import ShownRoll, plain_roll
from games.core.game import table_over, wants_key
from games.core.i18n import aside, has, listed, localize_value, t, verb_names
from games.core.hexgrid import DIRECTION_NAMES, distance, neighbor
from games.panzer import rules as R
from games.panzer.data import MAPS, ROSTER
from games.panzer.rules import army_limit

# Tanks and hexes never look alike: a hex reads `C4` (its column letter in capitals, as on
# the board picture), a tank by its model and a number over both sides (`Tiger I #3`), never
# by its code id (`a1`, which is also a hex's code). Codes keep the ids; /play accepts both.


def hex_label(name: Any) -> str:
    return str(name).upper() if name else "--"


def tank_numbers(tanks: Any) -> dict[str, tuple[str, int]]:
    """tank id -> (type, number): tanks are numbered 1.. in the game's order over both sides,
    so no two tanks share a label (tanks from state objects or view dicts)."""
    out = {}
    for i, tk in enumerate(tanks, 1):
        tid, typ = (tk["id"], tk["type"]) if isinstance(tk, dict) else (tk.id, tk.type)
        out[tid] = (typ, i)
    return out


def tank_label(numbers: dict[str, tuple[str, int]], tid: str, locale: str) -> str:
    if tid not in numbers:
        return tid
    typ, n = numbers[tid]
    return f"{localize_value(ROSTER[typ].name, locale)} #{n}"


def _tank_label(state: Any, tid: str, locale: str) -> str:
    return tank_label(tank_numbers(state.tanks), tid, locale)


def tank_facts(key: str, locale: str) -> str:
    """What a draft pick weighs, from the roster: nation and class (the one-nation bonus and
    the two-heavy, two-light limits hang on them), armour, guns and move (the newcomer's draft
    menu read "Pick Tiger (48 pt)" alone)."""
    typ = ROSTER[key]
    guns = " + ".join(t(locale, "panzer.facts.gun", range=g.range, attack=g.attack) for g in typ.guns)
    return t(locale, "panzer.facts.tank", nation=t(locale, f"panzer.nation.{typ.nation}"),
             cls=t(locale, f"panzer.class.{typ.tank_class}"), front=typ.armour[0], side=typ.armour[1],
             guns=guns, move=typ.move)


def armour_face(state: Any, tank_id: Any, armour: int) -> str:
    """Which face a damage roll was against, told from the target's roster armour (front,
    side): a Panther read "needs ≥ armour 14" once and "needs ≥ armour 10" later, unexplained;
    "" when both faces are equal (nothing to tell)."""
    tank = next((tk for tk in state.tanks if tk.id == tank_id), None)
    if tank is None:
        return ""
    front, side = ROSTER[tank.type].armour
    if front == side:
        return ""
    return "front" if armour == front else "side" if armour == side else ""


def army_text(code: str, locale: str) -> str:
    """An army code's tanks by name, a model's copies counted, and its points:
    `tiger,pz4h,pz4h` -> `Tiger, Pz IV H ×2 (108 pt)`; a code with a key the roster lacks, as is."""
    keys = code.split(",")
    if not all(k in ROSTER for k in keys):
        return code
    counts = {k: keys.count(k) for k in keys}  # in the code's order
    tanks = listed(locale, (localize_value(ROSTER[k].name, locale) + (f" ×{n}" if n > 1 else "") for k, n in counts.items()))
    return aside(locale, tanks, f"{sum(ROSTER[k].price for k in keys)} pt")


def army_label(presets: dict[str, str], loadout: str, locale: str) -> str:
    """A ready-made army (one of `presets`, the engine's `loadout_presets()`) by its name, its
    tanks and its points (`army_text`): `Panzer Lehr: Tiger, Panther, Pz IV H ×2, Pz 38(t)
    (162 pt)`, never its key (`panzerlehr`); a code as typed."""
    code = presets.get(loadout)
    if code is None:
        return loadout
    name = t(locale, f"panzer.army.{loadout}") if has(f"panzer.army.{loadout}", locale) else loadout
    return t(locale, "core.labelled", label=name, value=army_text(code, locale))


def token_names(engine: Any, state: Any, seat: int, locale: str) -> dict[str, str]:
    """Verbs; hexes as `C4`; tanks by model and number with their hex and, for the seat's own,
    how many special rounds it has left; directions, ammunition kinds, sides and the roster. A
    tank id that is also a hex's code names the tank (the tank is what a menu step groups by).

    The rounds are counted, not named: a tank's name is matched by `/play`, and "Tiger #1
    (special rounds: APFSDS)" put the word APFSDS in every shot of that tank, so a shot typed
    with APFSDS named the plain shot too. Each shot's choice names its round (`describe`)."""
    names = verb_names("panzer", (a.model_fields["kind"].default for a in engine.actions), locale)
    names.update({h: hex_label(h) for h in MAPS[state.options.map].names.values()})
    names.update({d: t(locale, f"panzer.dir.{d}") for d in ("n", "ne", "se", "s", "sw", "nw")})
    names.update({a: t(locale, f"panzer.ammo.{a}") for a in ("overcharge", "apfsds", "hesh")})
    names.update({s: t(locale, f"panzer.side.{s}") for s in ("north", "south")})
    names.update({key: aside(locale, localize_value(typ.name, locale), typ.price) for key, typ in ROSTER.items()})
    presets = engine.loadout_presets()
    names.update({key: army_label(presets, key, locale) for key in presets})
    numbers = tank_numbers(state.tanks)
    hexes = MAPS[state.options.map].names
    for tk in state.tanks:
        label = tank_label(numbers, tk.id, locale)
        if tk.pos is not None:
            label += f" @{hex_label(hexes.get(tk.pos))}"
        if tk.owner == seat and tk.ammo:  # in brackets: " · " is the menu path's separator
            label = aside(locale, label, t(locale, "panzer.term.rounds_left", n=len(tk.ammo)))
        names[tk.id] = label
    return names


_TANK_PARAMS = ("tank", "target", "by", "who", "mover", "shooter")
_HEX_PARAMS = ("hex", "frm", "to", "at", "toward")


def event_params(engine: Any, state: Any, key: str, params: dict[str, Any], locale: str) -> dict[str, Any]:
    """Tank ids named, hexes in capitals."""
    numbers = tank_numbers(state.tanks)
    out = dict(params)
    for name in _TANK_PARAMS:
        if isinstance(out.get(name), str) and out[name] in numbers:
            out[name] = tank_label(numbers, out[name], locale)
    for name in _HEX_PARAMS:
        if isinstance(out.get(name), str):
            out[name] = hex_label(out[name])
    if key == "panzer.ev.step":  # why a step cost 2, and a turn's point paid back (RULES 5)
        reverse = bool(params.get("reverse"))
        out["moves"] = t(locale, "panzer.term.reverses" if reverse else "panzer.term.moves")
        dest = MAPS[state.options.map].by_name.get(str(params["to"]))
        why = step_reason(state.options.map, dest, reverse, params["cost"])
        out["why"] = t(locale, why) if why else ""
        out["refund"] = t(locale, "panzer.term.refund", refund=params["refund"]) if params.get("refund") else ""
    if key == "panzer.ev.turn_hull":  # a turn right after a forward move: held back or free (RULES 5, 9)
        out["note"] = ""
        if params.get("reserve"):
            out["note"] = t(locale, "panzer.term.reserve")
        elif params.get("free"):
            light = _tank_class(state, params.get("tank")) == "light"
            out["note"] = t(locale, "panzer.term.free_turn" if light else "panzer.term.free_hybrid")
    if key == "panzer.ev.turret":  # a line recorded before the turns left were kept says none
        out["left"] = t(locale, "panzer.term.turret_left", left=params["left"]) if "left" in params else ""
    if key == "panzer.ev.halt":
        out["left"] = t(locale, "panzer.term.unused", left=params["left"]) if params.get("left") else ""
    if key == "panzer.ev.drive":  # the move's points: the tank's own and those taken from the turn's pool
        free = params["free"]
        out["how"] = t(locale, "panzer.term.drive_free", base=params["ap"] - free, free=free) if free else ""
    if key == "panzer.ev.destroyed":  # where the wreck lies, and why there when the tank was leaving it
        out["wreck"] = t(locale, "panzer.ev.wreck_leaving" if params.get("toward") else "panzer.ev.wreck_at",
                         hex=out["hex"], toward=out.get("toward", ""))
    if key in ("panzer.ev.army_mine", "panzer.ev.army_reveal") and params.get("army"):  # never the code's keys
        out["army"] = army_text(params["army"], locale)
    if key == "panzer.ev.ammo_ready":  # "a1×2, b3×1": tank ids written into one text
        out["counts"] = re.sub(r"\b[a-z]\d+\b", lambda m: tank_label(numbers, m.group(0), locale), params["counts"])
    return out


def step_reason(map_key: str, dest: Any, reverse: bool, cost: int) -> str | None:
    """Why a step costs more than 1 point (RULES 5: reverse 2, entering a river 2, clearing a
    wreck 2, a heavy tank 1; costs do not add), as a locale key; None for a plain step."""
    if reverse:
        return "panzer.term.cost_reverse"
    if cost < 2:
        return None
    return "panzer.term.cost_river" if MAPS[map_key].cells.get(dest) == "R" else "panzer.term.cost_wreck"


def _go_label(state: Any, action: Any, p: dict[str, Any], locale: str) -> str:
    """A move step: a reverse says what it costs and why (RULES 5, "reverse to the rear hex | 2");
    a forward step its cost when above 1 (a river), a wreck it clears, and the turn's point it pays back."""
    tk = next((x for x in state.tanks if x.id == action.tank), None)
    gmap = MAPS[state.options.map]
    dest = gmap.by_name.get(action.hex.lower())
    if tk is None or tk.pos is None or dest is None:
        return t(locale, "panzer.act.go", cost="", **p)
    if dest == neighbor(tk.pos, tk.hull + 3):
        return t(locale, "panzer.act.reverse", **p)
    m = state.mover
    cost = R.step_cost(gmap.cells, state.wrecks, ROSTER[tk.type].tank_class == "heavy", dest, False,
                       bool(m and m.dash), frozenset()) or 1
    # a wreck is cleared by entering it, whatever that costs (1 for a heavy tank)
    why = "panzer.term.cost_wreck" if dest in state.wrecks else step_reason(state.options.map, dest, False, cost)
    refund = m.reserve if m is not None and m.tank == tk.id else 0
    extra = (t(locale, why) if why else "") + (t(locale, "panzer.term.refund", refund=refund) if refund else "")
    cost_text = t(locale, "panzer.term.go_cost", cost=cost, why=extra) if extra else ""
    return t(locale, "panzer.act.go", cost=cost_text, **p)


_DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def shot_distance(state: Any, tid: str, target: str, aim_at: Any = None) -> int:
    """The hexes a shot counts (RULES 6: the target's hex counted, the shooter's not), from where it
    is judged: the target's hex, or for defensive fire the hex the mover left."""
    shooter = next(tk for tk in state.tanks if tk.id == tid)
    at = aim_at if aim_at is not None else next(tk for tk in state.tanks if tk.id == target).pos
    return distance(shooter.pos, at)


def shot_odds(state: Any, tid: str, target: str, gun: int, ammo: str | None, mode: str,
              aim_at: Any = None) -> tuple[float, float]:
    """A shot's chance to hit and to destroy, as the rules roll it (`_resolve`): 2d6 (APFSDS: the
    lower die counts as 6) + the hit modifiers against the distance; then 2d6 (overcharged) + gun
    attack + close range against the armour, or the HESH table (5-6 destroys). Every 2d6 outcome
    counted, so the menu shows the same numbers the roll will use."""
    shooter = next(tk for tk in state.tanks if tk.id == tid)
    enemy = next(tk for tk in state.tanks if tk.id == target)
    at = aim_at if aim_at is not None else enemy.pos
    dist = distance(shooter.pos, at)
    mod = R.hit_modifier(state, shooter, enemy, mode)
    hit = sum((6 + max(a, b) if ammo == "apfsds" else a + b) + mod >= dist for a, b in _DICE) / 36
    if ammo == "hesh":
        return hit, hit / 3
    typ = R.ttype(shooter)
    armour = R.armour_against(enemy, at, shooter.pos)
    plus = typ.guns[gun - 1].attack + R.close_bonus(dist)
    kill = sum((R.overcharge(a + b, typ.tank_class) if ammo == "overcharge" else a + b) + plus >= armour
               for a, b in _DICE) / 36
    return hit, hit * kill


def _odds_text(state: Any, tid: str, target: str, gun: int, ammo: str | None, mode: str, aim_at: Any,
               locale: str) -> str:
    hit, kill = shot_odds(state, tid, target, gun, ammo, mode, aim_at)
    return t(locale, "panzer.term.odds_bare", dist=shot_distance(state, tid, target, aim_at), hit=round(hit * 100),
             kill=round(kill * 100))


def action_facts(engine: Any, state: Any, seat: int, action: Any, locale: str) -> str:
    """Under a choice in the menus (a select option's description): a shot's distance and its
    chances as the roll will count them (`shot_odds`), a round's effect on the tank loading it;
    "" for any other choice. In the label they made 77 of 2,376 English fire labels longer than
    the 100 characters a select option shows, cut with "…"."""
    if action.kind == "load":  # overcharge scales by the tank's class (rule 7)
        return t(locale, f"panzer.ammo_effect.{action.ammo}",
                 factor=OVERCHARGE_FACTOR.get(_tank_class(state, action.tank), "?"))
    shot = _shot_of(state, action)
    if shot is None:
        return ""
    tid, target, gun, mode, at = shot
    odds = _odds_text(state, tid, target, gun, getattr(action, "ammo", None), mode, at, locale)
    # why a tank may fire again, which its label has no room for (RULES 6, rate of fire)
    return t(locale, "panzer.term.again_facts", odds=odds) if action.kind == "again" else odds


_FIRE = ("precise", "jumpfire", "dfire", "advfire")


def menu_steps(engine: Any, state: Any, seat: int, action: Any) -> list[str]:
    """A shot is chosen as shooter, target, then the shot itself: gun and round in one step
    (`1`, `2+apfsds`), each choice labelled by name with its odds beneath. A step for the gun
    alone showed a bare gun number ("Advance fire · Tiger #2 · Panther #3 · 1")."""
    if action.kind not in _FIRE:
        return action.code().split()
    shot = str(action.gun) + (f"+{action.ammo}" if action.ammo else "")
    return [action.kind, action.tank, *([action.target] if action.kind != "dfire" else []), shot]


def _shot_of(state: Any, action: Any) -> tuple[str, str, int, str, Any] | None:
    """(shooter, target, gun, fire mode, hex the shot is judged at) of a fire choice, else None."""
    kind = action.kind
    if kind in ("precise", "jumpfire", "advfire"):
        mode = {"precise": "precise", "jumpfire": "jump", "advfire": "advance"}[kind]
        return action.tank, action.target, action.gun, mode, None
    if kind == "dfire" and state.reaction is not None:
        return action.tank, state.reaction.mover, action.gun, "defensive", state.reaction.aim_at
    if kind == "again" and state.second is not None:
        s = state.second
        return s.shooter, s.target, s.gun + 1, s.mode, s.aim_at
    return None


def prompt(engine: Any, state: Any, seat: int, locale: str) -> str | None:
    """A defensive-fire window: an enemy tank moved in the sights of the seat's tanks; each tank
    that may fire with its best chance per round, each figure naming its round (an APFSDS
    round's 89% read as the tank's only chance, where its plain round had 28%)."""
    if state.reaction is None or seat != state.seat:
        return None
    if state.phase == "second" and state.second is not None:  # a light tank's second defensive shot (rule 7)
        s = state.second
        shots = [(s.gun + 1, a.ammo) for a in engine.legal_actions(state, seat) if a.kind == "again"]
        return t(locale, "panzer.prompt.again", tank=_tank_label(state, s.shooter, locale),
                 target=_tank_label(state, s.target, locale),
                 odds=t(locale, "panzer.term.rounds_at", dist=shot_distance(state, s.shooter, s.target, s.aim_at),
                        rounds=_rounds_odds(state, s.shooter, s.target, shots, s.mode, s.aim_at, locale)))
    hexes = MAPS[state.options.map].names
    shots_of: dict[str, list[tuple[int, str | None]]] = {}
    for action in engine.legal_actions(state, seat):
        if action.kind == "dfire":
            shots_of.setdefault(action.tank, []).append((action.gun, action.ammo))
    mover, at = state.reaction.mover, state.reaction.aim_at
    shooters = t(locale, "panzer.term.odds_sep").join(
        t(locale, "panzer.term.shooter_odds", tank=_tank_label(state, tid, locale),
          dist=shot_distance(state, tid, mover, at), rounds=_rounds_odds(state, tid, mover, shots, "defensive", at, locale))
        for tid, shots in shots_of.items())
    return t(locale, "panzer.prompt.dfire", tank=_tank_label(state, mover, locale),
             hex=hex_label(hexes.get(state.reaction.after)), shooters=shooters)


def _rounds_odds(state: Any, tid: str, target: str, shots: list[tuple[int, str | None]], mode: str, at: Any,
                 locale: str) -> str:
    """One tank's shots at a target, the best gun's chances per round, each named: "plain round
    hit 28%, kill 9% · APFSDS hit 89%, kill 31%"."""
    best: dict[str | None, tuple[float, float]] = {}
    for gun, ammo in shots:
        odds = shot_odds(state, tid, target, gun, ammo, mode, at)
        best[ammo] = max(best.get(ammo, odds), odds)
    return " · ".join(
        t(locale, "panzer.term.round_odds", round=t(locale, f"panzer.ammo.{ammo}" if ammo else "panzer.term.plain"),
          hit=round(h * 100), kill=round(k * 100))
        for ammo, (h, k) in best.items())


# rule 4-1: overcharged damage dice, light ×2, medium ×1.5, heavy ×1.2 (fractions dropped)
OVERCHARGE_FACTOR = {"light": "2", "medium": "1.5", "heavy": "1.2"}


def _tank_class(state: Any, tank_id: Any) -> str:
    tank = next((tk for tk in state.tanks if tk.id == tank_id), None)
    return ROSTER[tank.type].tank_class if tank is not None else ""


def _hit_terms(params: dict[str, Any], result: dict[str, Any], locale: str) -> list[tuple[str, int]]:
    """Each hit modifier by name (the fire mode's as the mode, spotting, veterancy); a roll
    recorded before the modifiers were named shows their sum."""
    if "mods" not in params:
        return [(t(locale, "panzer.term.modifiers"), params["mod"])] if params.get("mod") else []
    mode = t(locale, result["mode"][1:]) if result.get("mode") else t(locale, "panzer.term.mode")
    labels = {"mode": mode, "spotted": t(locale, "panzer.term.spotted"), "veteran": t(locale, "panzer.term.veteran")}
    raised = [(t(locale, "panzer.term.apfsds"), params["apfsds"])] if params.get("apfsds") else []  # rule 4-2
    return raised + [(labels[name], value) for name, value in params["mods"].items() if value]


def _rolls_ahead(following: list[tuple[str, dict[str, Any]]], what: str) -> int:
    """How many rolls for `what` come next in a row: both seats roll in pairs until one is
    higher, so an even number left means this roll ended a tied pair."""
    n = 0
    for key, params in following:
        if key != "core.roll" or params.get("what") != what:
            break
        n += 1
    return n


def explain_roll(engine: Any, state: Any, params: dict[str, Any], following: list[tuple[str, dict[str, Any]]],
                 locale: str) -> ShownRoll:
    """Hit: 2d6 + modifiers against the distance (the hit line folded in). Damage: 2d6
    (overcharged) + gun attack + close range against the armour (the damage line folded in).
    HESH and engine checks: the die against its table."""
    what = params.get("what")
    shown = plain_roll(params, locale)
    nxt_key, nxt = following[0] if following else ("", {})
    against = tank_label(tank_numbers(state.tanks), params.get("target", ""), locale)
    if what == "@panzer.roll.hit":
        shown.terms = _hit_terms(params, nxt if nxt_key == "panzer.ev.hit_result" else {}, locale)
        shown.target = t(locale, "panzer.term.distance", tank=against, need=params["need"])
        shown.result = t(locale, "panzer.hit" if params["total"] >= params["need"] else "panzer.miss")
        if nxt_key == "panzer.ev.hit_result":
            mode = t(locale, nxt["mode"][1:])
            if params.get("second"):  # a light tank's second shot (rate of fire, RULES 6)
                mode = t(locale, "panzer.term.odds_sep").join((mode, t(locale, "panzer.term.second")))
            shown.result = aside(locale, shown.result, mode)
            shown.absorbs = 1
    elif what == "@panzer.roll.damage" and nxt_key == "panzer.ev.damage_result":
        terms = []
        if nxt["dice"] != sum(shown.dice):  # overcharge (4-1): the dice times the shooter's class factor
            factor = OVERCHARGE_FACTOR.get(_tank_class(state, params.get("who")), "?")
            shown.scale = (t(locale, "panzer.ammo.overcharge"), factor, nxt["dice"])
        terms.append((t(locale, "panzer.term.attack"), nxt["attack"]))
        if nxt["close"]:
            terms.append((t(locale, "panzer.term.close"), nxt["close"]))
        shown.terms = terms
        face = armour_face(state, params.get("target"), nxt["armour"])
        shown.target = t(locale, f"panzer.term.armour_{face}" if face else "panzer.term.armour",
                         tank=against, armour=nxt["armour"])
        shown.result = t(locale, nxt["result"][1:])
        shown.absorbs = 1
    elif what == "@panzer.roll.hesh":
        die = shown.dice[0]
        shown.target = t(locale, "panzer.term.hesh_table", tank=against)
        shown.result = t(locale, "panzer.term." + ("immobilised" if die <= 2 else "gun_out" if die <= 4 else "destroyed"))
    elif what == "@panzer.roll.engine":
        shown.target = t(locale, "panzer.term.engine_table")
        shown.result = t(locale, "panzer.term." + ("stalls" if shown.dice[0] == 1 else "runs"))
    elif what == "@panzer.roll.first" and shown.dice:  # 1-3: the first seat moves first
        shown.result = state.names[0 if shown.dice[0] <= 3 else 1]
    elif what == "@panzer.roll.draft" and _rolls_ahead(following, what) % 2 == 0 < _rolls_ahead(following, what):
        shown.result = t(locale, "panzer.term.tie")  # the second die of a pair, and another pair follows
    elif what == "@panzer.roll.free":  # rule 4-1: a whole number drawn from 3 to hi (no draw when hi is 3)
        lo, hi = params["lo"], params["hi"]
        shown.wording = ("panzer.term.free_draw" if hi > lo else "panzer.term.free_least",
                         {"n": params["total"], "lo": lo, "hi": hi, "moves": 2 * lo})
    return shown


def _shot_words(state: Any, action: Any, locale: str) -> str:
    """What sets a shot apart from the tank's other shots at that target, in one bracket after it:
    the gun, by name, of a tank with two (`(37mm turret)`), and the special round (`(APFSDS)`,
    `(37mm turret, APFSDS)`); "" for the one gun's plain shot. Two brackets with "special round:"
    in one made "Precision shot: M3 Lee #19 fires at Sherman Firefly #20 (37mm turret) (special
    round: overcharged round)", 104 characters."""
    parts = []
    if getattr(action, "gun", None) is not None:
        tk = next((x for x in state.tanks if x.id == action.tank), None)
        guns = ROSTER[tk.type].guns if tk else []
        if len(guns) > 1 and 0 < action.gun <= len(guns):
            parts.append(localize_value(guns[action.gun - 1].name, locale))
    if action.ammo:
        parts.append(t(locale, f"panzer.ammo.{action.ammo}"))
    return aside(locale, "", listed(locale, parts)) if parts else ""


def describe(engine: Any, state: Any, seat: int, action: Any, locale: str) -> str:
    kind = action.kind
    p: dict[str, Any] = {}
    data = action.model_dump()
    for key in ("tank", "target"):
        if data.get(key):
            p[key] = _tank_label(state, data[key], locale)
    if kind == "pick":
        p["tank"] = localize_value(ROSTER[action.tank].name, locale)
        p["price"] = ROSTER[action.tank].price
        p["facts"] = tank_facts(action.tank, locale)
    if kind == "done":  # ending the draft early is for good: the label says how much of the cap is used
        p["total"] = sum(ROSTER[k].price for k in state.picks[seat])
        p["limit"] = army_limit(state.picks[seat], state.options.budget)  # 227 for one nation, not the budget's 200
    if kind == "army":
        p["army"] = army_label(engine.loadout_presets(), action.loadout, locale)
    if kind == "side":
        p["side"] = t(locale, f"panzer.side.{action.side}")
    if kind in ("face", "turn", "turret"):
        p["dir"] = t(locale, f"panzer.dir.{action.dir}")
    if kind == "face":  # the tank just deployed, which the choice turns ("Face S" named none)
        p["tank"] = _tank_label(state, state.placing, locale) if state.placing else ""
    if kind in ("deploy", "go"):
        p["hex"] = hex_label(action.hex)
    if kind == "path":
        p["steps"] = " → ".join(  # a facing is a turn, never a bare "N" that reads like a hex
            t(locale, "panzer.term.turn_step", dir=t(locale, f"panzer.dir.{h.lower()}"))
            if h.lower() in DIRECTION_NAMES else hex_label(h) for h in action.steps)
    if kind == "drive":
        p["free"] = action.free
    if kind == "load":  # what the round does is in `action_facts`
        p["ammo"] = t(locale, f"panzer.ammo.{action.ammo}")
    if kind in ("precise", "jumpfire", "dfire", "again", "advfire"):
        p["shot"] = _shot_words(state, action, locale)
    if kind == "dfire" and state.reaction is not None:
        p["target"] = _tank_label(state, state.reaction.mover, locale)
    if kind in ("again", "noagain"):  # whose second shot, at whom
        s = state.second
        p["tank"] = _tank_label(state, s.shooter, locale) if s is not None else ""
        p["target"] = _tank_label(state, s.target, locale) if s is not None else ""
    if kind == "go":
        return _go_label(state, action, p, locale)
    if kind == "dash":  # how far the enemy is before the move (RULES 6: the target's hex counted)
        p["dist"] = shot_distance(state, action.tank, action.target)
    if kind == "drive" and not action.free:  # "with 0 free points" says nothing
        return t(locale, "panzer.act.drive_plain", **p)
    return t(locale, f"panzer.act.{kind}", **p)  # a shot's odds are its `action_facts`


ARROWS = ["↑", "↗", "↘", "↓", "↙", "↖"]


# a mark in a tank's brackets on the text board -> its meaning's locale key (panzer.mark.*)
MARKS = {"F": "fired", "I": "immobile", "G": "gun_out", "D": "dry", "S": "spotted", "V": "veteran", "*": "ammo"}


def tank_marks(tk: dict[str, Any]) -> str:
    """A tank's bracket marks on the text board: "F*2" (fired, two special rounds left)."""
    marks = "".join(letter for key, letter in (("fired", "F"), ("immobile", "I"), ("gun_broken", "G"), ("dry", "D"))
                    if tk[key])
    if tk["spotted"]:
        marks += f"S{tk['spotted']}"
    if tk["veteran"]:
        marks += f"V{tk['veteran']}"
    if tk["ammo"]:
        marks += f"*{tk['ammo']}"
    return marks


def has_key(view: dict[str, Any]) -> set[str]:
    """The symbols the board shows, for its key: facing arrows once a tank is on the map, each
    bracket mark in use, ✗ for a destroyed tank. The host gives the key again on a post that shows
    one the board before did not (the first [F] or ✗ of a game came unexplained)."""
    out = set()
    for tk in view["tanks"]:
        if not tk["alive"]:
            out.add("✗")
        elif tk["pos"]:
            out.add("arrows")
            out.update(c for c in tank_marks(tk) if c in MARKS)
    return out


def key_line(used: set[str], locale: str) -> str:
    """The key of the symbols in use: "Key: ↑↖ hull, then turret direction; in brackets F fired ·
    * special rounds; ✗ destroyed"."""
    parts = [t(locale, "panzer.legend.facing", arrows="↑↖")] if "arrows" in used else []
    marks = [t(locale, f"panzer.mark.{name}") for mark, name in MARKS.items() if mark in used]
    if marks:
        parts.append(t(locale, "panzer.legend.in_brackets", marks=" · ".join(marks)))
    if "✗" in used:
        parts.append(t(locale, "panzer.mark.destroyed"))
    return t(locale, "panzer.legend.key", parts=t(locale, "panzer.legend.sep").join(parts))


def summary(view: dict[str, Any], locale: str) -> str:
    gmap = MAPS[view["map"]]
    finished = view["finished"] or table_over(view)
    lines = [
        f"{localize_value(gmap.name, locale)} · "
        + t(locale, "panzer.ui.round", round=min(view["round"], view["rounds"]), rounds=view["rounds"])
        + f" · {t(locale, 'panzer.ui.score')} {view['score'][0]}:{view['score'][1]}"
        + (f" · {t(locale, 'core.game_over')}" if finished else ""),
    ]
    if not finished:
        seat = view["seat"]
        if view["phase"] in ("army", "ammo"):  # both choose in secret: whoever is not ready yet
            waiting = [s for s in (0, 1) if not view[f"{view['phase']}_ready"][s]]
            seat = waiting[0] if len(waiting) == 1 else None
        # the phase only: the host's "Waiting for: bob" under the board names who acts
        # the turn's free points while a tank may still drive with them (not in advance fire: movement is over)
        pool = view["phase"] in ("shots", "move", "moving", "dash")
        lines.append(t(locale, "panzer.ui.turn_both" if seat is None else "panzer.ui.turn",
                       phase=t(locale, f"panzer.phase.{view['phase']}"))
                     + (" · " + t(locale, "panzer.ui.pool", pool=view["pool"]) if pool else ""))
    if view["phase"] in ("draft", "army") or not view["tanks"]:
        for s in (0, 1):
            picks = listed(locale, (localize_value(ROSTER[k].name, locale) for k in view["picks"][s])) or t(locale, "core.none")
            limit = army_limit(view["picks"][s], view["options"]["budget"])
            cap = f"{view['picks_price'][s]}/{limit}pt"
            budget = view["options"]["budget"]
            if limit > budget:  # one nation's bonus: "88/227pt: 200 + 27 for one nation", never a bare 227
                cap = t(locale, "core.labelled", label=cap,
                        value=t(locale, "panzer.ui.one_nation", budget=budget, bonus=limit - budget))
            spent = aside(locale, picks, cap)
            lines.append(t(locale, "core.labelled", label=view["names"][s], value=spent))
    numbers = tank_numbers(view["tanks"])
    for s in (0, 1) if view["tanks"] else ():
        parts = []
        for tk in view["tanks"]:
            if tk["owner"] != s:
                continue
            if not tk["alive"]:
                parts.append(f"✗{tank_label(numbers, tk['id'], locale)}")
                continue
            marks = tank_marks(tk)
            if tk["pos"] is None:  # picked, not yet on the map: no hex and no facing to show
                parts.append(aside(locale, tank_label(numbers, tk["id"], locale), t(locale, "panzer.ui.not_deployed")))
                continue
            if tk["hull"] is None:  # deployed, its facing not chosen yet: the hex alone
                parts.append(aside(locale, f"{tank_label(numbers, tk['id'], locale)} @{hex_label(tk['pos'])}",
                                   t(locale, "panzer.ui.facing_next")))
                continue
            turret = ARROWS[tk["turret"]] if tk["has_turret"] else ""
            parts.append(f"{tank_label(numbers, tk['id'], locale)} @{hex_label(tk['pos'])}{ARROWS[tk['hull']]}{turret}"
                         f"{('[' + marks + ']') if marks else ''}")
        lines.append(t(locale, "core.labelled", label=view["names"][s], value=listed(locale, parts)))
    if view["wrecks"]:
        lines.append(t(locale, "core.labelled", label=t(locale, "panzer.ui.wrecks"),
                       value=" ".join(hex_label(w) for w in view["wrecks"])))
    if wants_key(view) and (used := has_key(view)):  # what "@D9↑↖[F*2]" and "✗" say
        lines.append(key_line(used, locale))
    if view.get("my_ammo"):
        mine = listed(locale, (t(locale, "core.labelled", label=tank_label(numbers, tid, locale),
                                 value="/".join(t(locale, f"panzer.ammo.{m['kind']}") for m in ms))
                               for tid, ms in view["my_ammo"].items()))
        lines.append(t(locale, "core.labelled", label=t(locale, "panzer.ui.mine"), value=mine))
    text = "\n".join(lines)
    return text[:1500]
