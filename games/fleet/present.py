"""Action labels, event text and the text board of fleet & mech, made from states and views
(`games/fleet/observer.py` decides what a view holds)."""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from games.core.events import ShownRoll, plain_roll
from games.core.game import table_over, wants_key
from games.core.i18n import aside, listed, numbered, t, verb_names
from games.fleet.data import DATA, DECK_SIDE_SIZE, MAX_COPIES, parse_loadout
from games.fleet.odds import Odds, attack_odds
from games.fleet.state import ZONES, FleetState, ship_dist

if TYPE_CHECKING:
    from games.fleet.engine import FleetEngine

D = DATA()


def _nm(names: dict[str, str], locale: str) -> str:
    return names.get(locale) or names.get("en", "?")


def _person(table: dict[str, Any], prefix: str, who: str | dict[str, str], locale: str) -> str:
    """A captain or a pilot (its key, or the names an event carries) by the name the reader's
    language gives it (`fleet.captain.*`, `fleet.pilot_name.*`): the data keep the rule
    document's spelling ("Captain-Tim Wall", "Hans Zimmers" in the zh-CN column too), a zh-CN
    table reads 蒂姆·沃尔 and 汉斯·齐默斯 (RULES.md 9 and 10)."""
    key = who if isinstance(who, str) else next((k for k, c in table.items() if dict(c.name) == dict(who)), None)
    if key is None or key not in table:  # names the data do not hold: as written, without "Captain-"
        return re.sub(r"^Captain[- ]", "", who if isinstance(who, str) else _nm(who, locale))
    return t(locale, f"{prefix}.{key}")


def captain_name(captain: str | dict[str, str], locale: str) -> str:
    """A captain by name, without the document's "Captain-": the texts say captain (舰长)
    themselves. The playtests read "机器人1 的舰长 Captain-Adam Green"."""
    return _person(D.captains, "fleet.captain", captain, locale)


def pilot_name(pilot: str | dict[str, str], locale: str) -> str:
    """A pilot by name: a zh-CN table read "驾驶员 Hans Zimmers" in Latin letters."""
    return _person(D.pilots, "fleet.pilot_name", pilot, locale)


def in_build(view: dict[str, Any]) -> bool:
    """The fleets are not on the board: still being built, or the game ended before they were
    (a concession, a kick or a timer forfeit during fleet building leaves no ship)."""
    return view["phase"] == "build" or any("ship" not in side for side in view["sides"])


def mech_labels(sides: Any, locale: str) -> dict[str, str]:
    """uid -> the label menus, logs and the picture give a mech: its model's name, with an
    ordinal where two mechs on the table share a model (`URA-01B Hammer #2`, counted over both
    fleets in order), never its id (`sides`: the state's sides or a view's)."""
    mechs = [m for side in sides for m in (side["mechs"] if isinstance(side, dict) else side.mechs)]
    return numbered((m["uid"], _nm(D.mechs[m["model"]].name, locale)) if isinstance(m, dict)
                    else (m.uid, _nm(D.mechs[m.model].name, locale)) for m in mechs)


def mech_name(model: str, locale: str) -> str:
    """A mech model by its name alone, without the model code and the note in brackets:
    `Kagami` for `UBT1-T1 Kagami`, `利剑` for `URA-01A 利剑（试做型）` (the picture's chips have
    room for a word; a code like `UBT1-T1` means nothing to a newcomer)."""
    full = _nm(D.mechs[model].name, locale)
    short = re.sub(r"\s*[(（][^)）]*[)）]$", "", full).split(" ", 1)
    return short[-1] if len(short) > 1 and any(ch.isdigit() for ch in short[0]) else " ".join(short)


def mech_chips(sides: Any, locale: str) -> dict[str, str]:
    """uid -> the picture's chip label: the model's name (`mech_name`), with an ordinal where two
    mechs on the table share it (`Kagami #2`, counted over both fleets in order, as `mech_labels`
    counts them, so the chip and the menus give one mech the same number)."""
    mechs = [m for side in sides for m in (side["mechs"] if isinstance(side, dict) else side.mechs)]
    return numbered((m["uid"], mech_name(m["model"], locale)) if isinstance(m, dict)
                    else (m.uid, mech_name(m.model, locale)) for m in mechs)


def _unit(state: FleetState, seat: int, uid: str | None, locale: str) -> str:
    if uid in (None, "-"):
        return ""
    if uid in ("ship", "enemy_ship"):
        owner = 1 - seat if uid == "ship" and state.phase == "play" else seat
        if uid == "enemy_ship":
            owner = 1 - seat
        return t(locale, "fleet.label.ship_of", name=state.names[owner])
    return mech_labels(state.sides, locale).get(uid, uid)


def _aim(state: FleetState, seat: int, target: str | None, locale: str) -> str:
    """Where a card goes, by name: a zone ("on R3") or a mech or ship ("on UBT1-T1 Kagami #2"),
    in words, for hints read as sentences. The playtest's menu read "URA-01B Hammer #1 uses
    Booster R3"."""
    if target in (None, "", "-"):
        return ""
    zone = len(target) == 2 and target[0] in "LCR" and target[1].isdigit()
    return t(locale, "fleet.label.aim", target=target if zone else _unit(state, seat, target, locale))


def _skill_arg(state: FleetState, seat: int, arg: str, locale: str) -> str:
    """A captain skill's argument by name: a main weapon, the ship's energy, or a mech (the
    playtest's menu read "Captain skill Tooth for a Tooth a4", "… South-to-North flak railgun")."""
    if arg in D.mains:
        return _nm(D.mains[arg].name, locale)
    if arg == "energy":
        return t(locale, "fleet.label.energy_pool")
    return _unit(state, seat, arg, locale)


def _card(state: FleetState, seat: int, card_id: str, locale: str) -> str:
    side = state.sides[seat]
    pool = side.hand + side.ship_pile + [c for m in side.mechs for c in m.cards]
    for c in pool:
        if c.id == card_id:
            return _nm(D.subs[c.card].name, locale)
    return card_id


def token_names(engine: "FleetEngine", state: FleetState, seat: int, locale: str) -> dict[str, str]:
    """Verbs; catalogue items (ships, weapons with the ammunition left, mechs, captains, pilots,
    sub-weapons, ready-made fleets, goals, piles); the mechs on the board (model, health,
    zone); and the seat's own cards. Nothing face down of the other side."""
    names = verb_names("fleet", (a.model_fields["kind"].default for a in engine.actions), locale)
    for table in (D.ships, D.mechs, D.pilots, D.subs, D.presets):
        names.update({key: _nm(item.name, locale) for key, item in table.items()})
    names.update({key: captain_name(key, locale) for key in D.captains})
    # a pilot with its talent: the launch menu lists the pilots at a step of its own (each with
    # the launch zones under it), and a player choosing whom to launch must see what each does
    names.update({key: aside(locale, pilot_name(key, locale), talent_text(key, locale)) for key in D.pilots})
    for key, weapon in D.weapon_table.items():
        names[key] = _nm(weapon.name, locale)
    for goal in ("raid", "annihilation", "arms"):
        names[goal] = t(locale, f"fleet.goal.{goal}")
    if state.phase == "play":
        for pile in ("ship", "mech"):
            names[pile] = t(locale, f"fleet.pile.{pile}")
        ship = state.sides[seat].ship
        for key, left in ship.ammo.items():
            if key in names:
                names[key] = aside(locale, names[key], t(locale, "fleet.label.ammo_left", n=left))
        names["ship"] = t(locale, "fleet.label.ship_of", name=state.names[1 - seat])
        names["enemy_ship"] = names["ship"]
    labels = mech_labels(state.sides, locale)
    for side in state.sides:
        for m in side.mechs:
            names[m.uid] = f"{labels[m.uid]} {m.hp}/{m.max_hp}"
            names[m.uid] = f"{names[m.uid]} @{m.zone}" if m.status == "field" else \
                aside(locale, names[m.uid], t(locale, f"fleet.status.{m.status}"))
    own = state.sides[seat]
    for c in own.hand + own.ship_pile + [c for m in own.mechs for c in m.cards]:
        names[c.id] = _nm(D.subs[c.card].name, locale)
    return names


_MECH_PARAMS = ("mech", "unit", "target", "mechs")
# Events whose ship tokens are relative to who acted (the event names no player): a redirect
# (借刀杀人) is the defender's, "enemy_ship" the attacker's ship; a twin laser's second shot
# is the shooter's, "ship" the other one. Never the token ("redirected to enemy_ship").
_SHIP_SIDES = {"fleet.redirected": {"enemy_ship": "fleet.label.attacker_ship", "ship": "fleet.label.defender_ship"},
               "fleet.twin_second": {"ship": "fleet.label.enemy_ship"}}
# weapons by their names (the attack event names the weapon, not its id)
_WEAPONS = {tuple(sorted(w.name.items())): w for w in D.weapon_table.values()}
_CARDS_TEXT = re.compile(r"(.+?) \[(c[0-9a-f]+)\](?:, |$)")


def loadout_names(code: str, locale: str) -> dict[str, str]:
    """A fleet code's parts by name in `locale`: ship, mains, mechs, captain, pilots, cards (`EMP grenade ×2`)."""
    data, lo = DATA(), parse_loadout(code)

    def names(table: dict, keys: list[str]) -> str:
        return listed(locale, [table[k].name[locale] for k in keys])

    cards = [data.subs[k].name[locale] + (f" ×{n}" if n > 1 else "") for k, n in {**lo.ship_cards, **lo.mech_cards}.items()]
    return {"ship": data.ships[lo.ship].name[locale], "mains": names(data.mains, lo.mains),
            "mechs": names(data.mechs, lo.mechs), "captain": captain_name(lo.captain, locale),
            "pilots": listed(locale, [pilot_name(k, locale) for k in lo.pilots]), "cards": listed(locale, cards)}


def event_params(engine: "FleetEngine", state: FleetState, key: str, params: dict[str, Any],
                 locale: str) -> dict[str, Any]:
    """Card lists (`中文 / English [id], ...`, written by the rules in both languages) read as
    names in the reader's language only, without the ids; mechs by their labels."""
    out = dict(params)
    if any(isinstance(params.get(k), (str, list)) for k in _MECH_PARAMS):
        labels = mech_labels(state.sides, locale)
        attacker = state.names.index(params["name"]) if key == "fleet.attack" and params.get("name") in state.names else None
        for k in _MECH_PARAMS:
            value = params.get(k)
            if isinstance(value, str) and value in labels:
                out[k] = labels[value]
            elif isinstance(value, str) and value in _SHIP_SIDES.get(key, {}):  # whose ship, as the rules' token says it
                out[k] = t(locale, _SHIP_SIDES[key][value])
            elif value == "ship":  # the word, never the token: an attack's ships by whose they are
                out[k] = t(locale, "fleet.label.ship") if attacker is None or k == "unit" else \
                    t(locale, "fleet.label.ship_of", name=state.names[1 - attacker])  # an attacker's by the line's name
            elif isinstance(value, list) and value and all(isinstance(v, str) and v in labels for v in value):
                out[k] = listed(locale, (labels[v] for v in value))  # ids (a fleet's model names stay as they are)
        target = params.get("target")
        if attacker is not None and isinstance(target, str) and target in labels and \
                any(m.uid == target for m in state.sides[1 - attacker].mechs):  # whose mech is hit, as whose attacks
            out["target"] = t(locale, "fleet.label.mech_of", name=state.names[1 - attacker], mech=labels[target])
    if key == "fleet.build.loaded":  # the code /deck save takes, and what the fleet holds by name
        out.update(loadout_names(str(params["code"]), locale))
    if key == "core.roll" and params.get("strike"):  # an attack's rolls, numbered: its damage comes after them all
        out["what"] = t(locale, "fleet.label.strike_roll", what=params["what"], n=params["strike"])
    if key == "fleet.damage":  # 战术链接护盾: a mech that was not hit says why it takes damage
        out["strike"] = t(locale, "fleet.label.from_strike", n=params["strike"]) if params.get("strike") else ""
        # what made the damage differ from the weapon's (RULES.md 6: "2+2+4+4" read as a mistake)
        out["why"] = t(locale, "fleet.label.why", reasons=listed(locale, (why_text(w, locale) for w in params["why"]))) \
            if params.get("why") else ""
        hit_on, out["share"] = params.get("hit_on"), ""
        if params.get("nothing"):  # a hit that came to nothing says what took it
            out["share"] = t(locale, f"fleet.nothing.{params['nothing']}")
        elif hit_on == params.get("unit"):
            out["share"] = t(locale, "fleet.label.link_share_own", dmg=params["share_of"])
        elif hit_on is not None:
            out["share"] = t(locale, "fleet.label.link_share", dmg=params["share_of"],
                             target=mech_labels(state.sides, locale)[hit_on])
    if key == "fleet.skill.ready" and "when" not in params:  # logged before the DM said when
        out["when"] = str(params.get("skill", "")).replace(".name", ".when")
    if key == "fleet.skill.used" and isinstance(params.get("captain"), dict):
        out["captain"] = captain_name(params["captain"], locale)
    if isinstance(params.get("pilot"), dict):  # revealed, injured, back
        out["pilot"] = pilot_name(params["pilot"], locale)
    if key == "fleet.attack":
        weapon = _WEAPONS.get(tuple(sorted(params["weapon"].items()))) if isinstance(params.get("weapon"), dict) else None
        # a support weapon (a charger, a repair drone) is used on a mech of one's own: never "attacks"
        out["verb"] = t(locale, "fleet.label.supports" if weapon and weapon.support else "fleet.label.attacks")
        if weapon and weapon.shots > 1:  # one "to hit" line per shot follows: the attack says how many
            out["weapon"] = t(locale, "fleet.label.weapon_shots", weapon=_nm(params["weapon"], locale), n=weapon.shots)
        if weapon and weapon.aoe:  # a blast: the mechs it hits may stand next to the zone named
            out["blast"] = t(locale, "fleet.label.blast", zone=params["target"])
        else:
            out["blast"] = ""
    cards = params.get("cards")
    if not isinstance(cards, str) or "[" not in cards:
        return out
    by_text = {f"{sub.name['zh-CN']} / {sub.name['en']}": sub for sub in D.subs.values()}
    names = [_nm(by_text[m.group(1)].name, locale) if m.group(1) in by_text else m.group(1)
             for m in _CARDS_TEXT.finditer(cards)]
    return {**out, "cards": listed(locale, names)}


def why_text(why: str, locale: str) -> str:
    """One term of a damage line (`fleet.why.*`); `base.WEAPON` is the weapon's own damage, the
    first term (`Siege energy laser 10`, then `−8 with no energy spent`)."""
    kind, _, wid = why.partition(".")
    if kind == "base":
        w = D.weapon(wid)
        return t(locale, "fleet.why.base", weapon=_nm(w.name, locale), n=w.damage)
    return t(locale, f"fleet.why.{why}")


_AT_MOST = {"hit", "hit_again", "evade", "evade_again", "joint_boost", "red_armor", "saber", "bail_out"}  # d20/d100 at most `need` succeeds


def explain_roll(engine: "FleetEngine", state: FleetState, params: dict[str, Any], following: list,
                 locale: str) -> ShownRoll:
    """Hit and evade rolls: a d20 at most the ship's or mech's value; trait rolls: a d100 at
    most the trait's chance. The line names the target and says how the roll ended."""
    shown = plain_roll(params, locale)
    what = str(params.get("what", "")).rsplit(".", 1)[-1]
    if what == "first":  # one d20 each, the higher first: the die named, never "7 = 7" (findings17)
        shown.wording = ("fleet.roll_first", {"total": params["total"]})
    if what in _AT_MOST and "need" in params:
        against = ""
        own = what in ("evade", "evade_again", "red_armor")  # rolled by the defender, for its own unit
        if params.get("target"):  # a hit roll is the attacker's, an evade or armour roll the defender's
            roller = state.names.index(params["who"]) if params.get("who") in state.names else 0
            attacker = 1 - roller if own else roller
            against = t(locale, "fleet.label.ship_of", name=state.names[1 - attacker]) if params["target"] == "ship" \
                else _unit(state, attacker, params["target"], locale)  # the ship fired at: never the attacker's own
        key = "fleet.roll_need" if not against else "fleet.roll_need_for" if own else "fleet.roll_need_on"
        shown.target = t(locale, key, need=params["need"], target=against, terms=roll_terms(params, what, locale))
        ok = params["total"] <= params["need"]
        shown.result = t(locale, f"fleet.roll_result.{what}.{'yes' if ok else 'no'}")
    return shown


def roll_terms(params: dict[str, Any], what: str, locale: str) -> str:
    """` (evade 7 + Awakening 4)`: what a roll's target adds up from (games/fleet/aim.py), so the
    number needed is never shown without its terms; a trait's d100 roll is its fixed chance."""
    terms = params.get("terms")
    if terms is None:  # a trait's chance, or a roll logged before rolls carried their terms
        terms = [("chance", params["need"])] if what not in ("hit", "hit_again", "evade", "evade_again") else []
    if not terms:
        return ""
    return t(locale, "fleet.roll_terms", terms=terms_text(terms, locale))


def terms_text(terms: Any, locale: str, weapons: bool = True) -> str:
    """`evade 7 + smoke or cover 5 + Awakening 4`: a target's terms (games/fleet/aim.py) by name,
    the same words on a roll line and under a menu's attack choice. Without `weapons`, a weapon's
    own modifier reads "against a mech" (a menu option is that weapon's already)."""
    parts = []
    for i, (key, value) in enumerate(terms):
        kind, _, wid = str(key).partition(".")
        label = t(locale, f"fleet.term.{kind}" if weapons or not wid else f"fleet.term.{kind}_short",
                  n=abs(value) // 3, weapon=_nm(D.weapon(wid).name, locale) if wid else "")
        sign = "" if i == 0 else " − " if value < 0 else " + "
        parts.append(f"{sign}{label} {abs(value) if i else value}")
    return "".join(parts)


def prompt(engine: "FleetEngine", state: FleetState, seat: int, locale: str) -> str | None:
    """A reaction window the opponent's action opened (gather, launch, a strike), asked by DM only
    when the seat holds an answer. Every window is said in the channel in the same words whatever
    the seat holds (`fleet.window`), and the table sees the same wait, so the secret holds with
    one DM fewer: the playtests had a "pass is your only choice" DM at every enemy launch (issue 18)."""
    if state.pending and state.pending[0].seat == seat and seat != state.turn:
        if len(engine.legal_actions(state, seat)) == 1:  # pass alone: the channel's line said it
            return None
        trigger = state.pending[0].data.get("trigger", "strike")
        return t(locale, f"fleet.prompt.{trigger}", name=state.names[1 - seat])
    return None


def talent_text(pilot: str, locale: str) -> str:
    """`Bloody Reaper: melee damage +1`: a pilot's talent, its name and what it does."""
    return t(locale, f"fleet.talent.{D.pilots[pilot].talent}")


def weapon_facts(w: Any, locale: str) -> str:
    """`range 0–2 · 3×2 damage · ammunition 4`: what a weapon does, for choosing it."""
    lo, hi = w.range
    reach = t(locale, "fleet.facts.range_all") if hi < 0 else t(locale, "fleet.facts.range", range=(
        str(lo) if lo == hi else f"{lo}–{hi}"))
    parts = [reach, t(locale, "fleet.facts.damage", shots=w.shots, damage=w.damage)]
    if w.ammo is not None:
        parts.append(t(locale, "fleet.facts.ammo", n=w.ammo))
    return " · ".join(parts)


def build_facts(kind: str, key: str, locale: str, arms_round: int = 20) -> str:
    """What a newcomer needs to choose a part of the fleet (issue 18: "with the facts needed to
    choose"): a ship's and a mech's health, hit and evade, a weapon's range, shots and damage, a
    captain's skills, a pilot's talent, a card's effect; "" for anything else."""
    if kind == "ship":
        sh = D.ships[key]
        return t(locale, "fleet.facts.ship", hp=sh.hp, hit=sh.hit, evade=sh.evade, mains=sh.mains, mechs=sh.mechs)
    if kind == "main":
        return weapon_facts(D.mains[key], locale)
    if kind == "mech":
        m = D.mechs[key]
        return t(locale, "fleet.facts.mech", hp=m.hp, hit=m.hit, evade=m.evade,
                 weapons=listed(locale, (_nm(w.name, locale) for w in m.weapons.values())))
    if kind == "captain":
        return listed(locale, (t(locale, f"fleet.skill.{k}.name") for k in D.captains[key].skills))
    if kind == "pilot":
        return talent_text(key, locale)
    if kind == "card":
        return t(locale, f"fleet.sub.{key}").rstrip(".。")
    if kind == "victory":
        return t(locale, f"fleet.goal_text.{key}", round=arms_round)  # 军备竞赛 counts at an option's round
    if kind == "preset" and key in D.presets:  # its ship and mechs, by the short names the picture uses
        lo = parse_loadout(D.presets[key].code)
        return t(locale, "fleet.facts.preset", ship=_nm(D.ships[lo.ship].name, locale),
                 mechs=listed(locale, (mech_name(m, locale) for m in lo.mechs)))
    return ""


def mech_facts(model: str, hp: int, max_hp: int, locale: str) -> str:
    """`health 4/4 · hit 15 · evade 5 · moves 1 zone (+1 warp drive) · Laser assault rifle (range
    0–1, 2×1)`: what a mech is, under it where a player picks one to launch or to order (the launch
    menu's mech step said only "5 choices"). Within a menu's 100 characters: the move goes first
    (one zone for every mech), then the weapons' figures, then the move is tried again."""
    m = D.mechs[model]
    weapons = list(m.weapons.values())

    def reach(w: Any) -> str:
        lo, hi = w.range
        return "∞" if hi < 0 else str(lo) if lo == hi else f"{lo}–{hi}"
    full = [t(locale, "fleet.facts.support_short" if w.support else "fleet.facts.weapon_short",
              name=_nm(w.name, locale), range=reach(w), shots=w.shots, damage=w.damage) for w in weapons]
    named = [_nm(w.name, locale) for w in weapons]
    head = t(locale, "fleet.facts.mech_now", hp=hp, max=max_hp, hit=m.hit, evade=m.evade)
    moves = t(locale, "fleet.facts.moves_warp" if "warp_drive" in m.traits else "fleet.facts.moves")
    for parts in ((head, moves, listed(locale, full)), (head, listed(locale, full)),
                  (head, moves, listed(locale, named)), (head, listed(locale, named))):
        text = " · ".join(parts)
        if len(text) <= OPTION_TEXT:
            break
    return text


def step_facts(engine: "FleetEngine", state: FleetState, seat: int, steps: list[str], locale: str) -> str:
    """Under a menu option for the step `steps[-1]`: one of the seat's own mechs, what it is
    (`mech_facts`); the warp drive offered at a turn's end, whose trait it is and why now (the
    menu read "曲率推进 - 3 个选项" only); "" for anything else (the host then counts the choices)."""
    token = steps[-1]
    if token == "warp" and state.pending and state.pending[0].kind == "warp":
        labels = mech_labels(state.sides, locale)
        return t(locale, "fleet.facts.warp", mechs=listed(locale, (labels[u] for u in state.pending[0].data["mechs"])))
    for m in state.sides[seat].mechs:
        if m.uid == token:
            return mech_facts(m.model, m.hp, m.max_hp, locale)
    return ""


def action_facts(engine: "FleetEngine", state: FleetState, seat: int, a: Any, locale: str) -> str:
    """Under an attack choice: `3 shots, each 42% to land: d20 ≤ 12 hits (hit 15 − fog 3), ≤ 8 evades`,
    from what the seat may know (games/fleet/odds.py), "" where no dice are rolled against one
    target (a blast on a zone, a support weapon); under a move, a raid's win, or why a held mech
    has no forward move; under a resupply, what it does; under a launch, the pilot's talent; while
    building, what a captain's skills do and which half of the deck a card fills; "" for any other
    choice."""
    if a.kind == "attack":
        return odds_text(attack_odds(engine, state, seat, a.mech, a.weapon, a.target), locale)
    if a.kind == "fire":
        return odds_text(attack_odds(engine, state, seat, "ship", a.weapon, a.target), locale)
    if a.kind == "second":  # 双管镭射炮's second shot: the ship's twin laser again
        return odds_text(attack_odds(engine, state, seat, "ship", "twin_laser", a.target), locale)
    if a.kind == "captain" and state.phase == "build":  # what each skill does (the label names them only)
        skills = D.captains[a.id].skills
        named = " · ".join(t(locale, "fleet.facts.skill", name=t(locale, f"fleet.skill.{k}.name"),
                             gist=t(locale, f"fleet.skill.{k}.gist")) for k in skills)
        return named if len(named) <= OPTION_TEXT else " · ".join(t(locale, f"fleet.skill.{k}.gist") for k in skills)
    if a.kind == "card" and state.phase == "build":  # which half of the 10 + 10 it fills, and how far
        b, side = state.sides[seat].build, D.subs[a.id].side
        chosen = b.ship_cards if side == "ship" else b.mech_cards
        return t(locale, f"fleet.facts.card_{side}", n=sum(chosen.values()), max=DECK_SIDE_SIZE,
                 copies=chosen.get(a.id, 0), most=MAX_COPIES)
    if a.kind == "preset" and a.name in D.presets:  # how it plays, and its ship's numbers (the label names its parts)
        ship = D.ships[parse_loadout(D.presets[a.name].code).ship]
        return t(locale, "fleet.facts.preset_plays", plays=t(locale, f"fleet.preset_plays.{a.name}"), hp=ship.hp,
                 hit=ship.hit, evade=ship.evade)
    if a.kind == "launch":  # whom to launch: what the pilot's talent does (the label names the pilot only)
        return talent_text(a.pilot, locale)
    if a.kind == "resupply":  # its label names the mechs only
        return t(locale, "fleet.facts.resupply")
    zone = getattr(a, "zone", None) if a.kind in ("move", "warp") else getattr(a, "target", None)
    if a.kind in ("move", "warp", "use") and isinstance(zone, str) and zone in ZONES and raid_wins(state, seat, zone):
        return t(locale, "fleet.facts.raid_win")
    if a.kind == "move" and held(engine, state, seat, a.mech):  # why the forward move is not offered
        return t(locale, "fleet.facts.held")
    return ""


def held(engine: "FleetEngine", state: FleetState, seat: int, uid: str) -> bool:
    """`seat`'s mech shares its zone with an enemy mech, short of the enemy ship row: it may not
    move forward (RULES.md 4: "所在区域有敌方战甲时不能向前"), and its menu lacked that move unsaid."""
    m = engine.mech(state, uid)
    return m is not None and m.zone is not None and ship_dist(1 - seat, m.zone) > 0 and \
        any(e.zone == m.zone for e in engine.on_field(state.sides[1 - seat]))


def raid_wins(state: FleetState, seat: int, zone: str) -> bool:
    """A mech of `seat` entering `zone` wins by 劫掠 (RULES.md 3: the enemy ship row, while raid is
    in play and the enemy ship is not a Pegasus turned mech)."""
    return "raid" in state.conditions and ship_dist(1 - seat, zone) == 0 and not state.sides[1 - seat].ship.giant


OPTION_TEXT = 100  # Discord: a select option's description holds 100 characters (the adapter cuts a longer one)


def odds_text(odds: Odds | None, locale: str) -> str:
    """`42% to land: d20 ≤ 12 hits (hit 15 − fog 3), ≤ 8 evades`: the chance one shot lands
    with what its numbers add up from, in the words of the roll lines (issue 18: the menus showed
    totals only); a target that is just the unit's own value has no terms to name. Where all the
    terms do not fit a select option's description, a weapon's modifier loses its weapon's name
    (the option is that weapon's), then the evade terms, then the hit terms go."""
    if odds is None:
        return ""
    if odds.sure:
        return t(locale, "fleet.odds.sure")

    def terms(shown: tuple, weapons: bool) -> str:
        return t(locale, "fleet.roll_terms", terms=terms_text(shown, locale, weapons)) if len(shown) > 1 else ""

    text = ""
    for weapons, hit_terms, evade_terms in ((True, True, True), (False, True, True), (False, True, False),
                                            (False, False, False)):
        text = t(locale, "fleet.odds.land", chance=odds.percent, hit=odds.hit, evade=odds.evade,
                 hit_terms=terms(odds.hit_terms, weapons) if hit_terms else "",
                 evade_terms=terms(odds.evade_terms, weapons) if evade_terms else "",
                 each=t(locale, "fleet.odds.each", shots=odds.shots) if odds.shots > 1 else "",
                 hit_twice=t(locale, "fleet.odds.hit_twice") if odds.hit_twice else "",
                 evade_twice=t(locale, "fleet.odds.evade_twice") if odds.evade_twice else "")
        if len(text) <= OPTION_TEXT:
            break
    return text


def describe(engine: "FleetEngine", state: FleetState, seat: int, a: Any, locale: str) -> str:
    kind = a.kind
    p: dict[str, Any] = {}
    if kind in ("ship",):
        p["item"] = _nm(D.ships[a.id].name, locale)
    elif kind == "main":
        p["item"] = _nm(D.mains[a.id].name, locale)
    elif kind == "mech" and hasattr(a, "id"):
        p["item"] = _nm(D.mechs[a.id].name, locale)
    elif kind == "captain":
        p["item"] = captain_name(a.id, locale)
    elif kind == "pilot":
        p["item"] = pilot_name(a.id, locale)
    elif kind == "card":
        p["item"] = _nm(D.subs[a.id].name, locale)
    elif kind == "preset":
        p["item"] = _nm(D.presets[a.name].name, locale) if a.name in D.presets else a.name
    elif kind == "victory":
        p["item"] = t(locale, f"fleet.goal.{a.goal}")
    elif kind == "fire":
        p["weapon"] = _nm(D.weapon(a.weapon).name, locale)
        p["target"] = a.target if a.target[0] in "LCR" and len(a.target) == 2 else _unit(state, seat, a.target, locale)
    elif kind == "attack":
        p["mech"] = _unit(state, seat, a.mech, locale)
        p["weapon"] = _nm(D.weapon(a.weapon).name, locale)
        # a support weapon (a charger, a repair drone) is used on a mech of one's own: never "attacks"
        support = D.weapon(a.weapon).support
        p["target"] = _unit(state, 1 - seat if support else seat, a.target, locale)
        if a.target == "ship":
            p["target"] = t(locale, "fleet.label.ship_of", name=state.names[1 - seat])
        p["verb"] = t(locale, "fleet.label.supports" if support else "fleet.label.attacks")
    elif kind in ("move", "warp", "order", "recall"):
        p["mech"] = _unit(state, seat, a.mech, locale)
        p["zone"] = getattr(a, "zone", "")
    elif kind == "launch":
        p["mech"] = _unit(state, seat, a.mech, locale)
        p["pilot"] = pilot_name(a.pilot, locale)
        p["zone"] = a.zone
    elif kind in ("play", "attach", "pick"):
        p["card"] = _card(state, seat, a.card, locale)
        p["target"] = _aim(state, seat, getattr(a, "target", None), locale)
    if kind in ("attach", "go"):  # the launched mech the cards go with ("Launch now" named none)
        pending = state.pending[0] if state.pending and state.pending[0].kind == "attach" else None
        p["mech"] = _unit(state, seat, pending.data["mech"], locale) if pending else ""
    elif kind == "use":
        p["mech"] = _unit(state, seat, a.mech, locale)
        p["card"] = _card(state, seat, a.card, locale)
        p["target"] = _aim(state, seat, a.target, locale)
    elif kind == "draw":
        p["pile"] = t(locale, f"fleet.pile.{a.pile}")
    elif kind == "skill":
        p["skill"] = t(locale, f"fleet.skill.{a.name}.name")
        p["arg"] = " → ".join(_skill_arg(state, seat, x, locale) for x in (a.a, a.b) if x)
    elif kind == "react":
        p["what"] = (t(locale, f"fleet.skill.{a.what}.name") if a.what in ("dodge", "redirect", "precision")
                     else _card(state, seat, a.what, locale))
        p["target"] = _unit(state, seat, a.target, locale) if a.target else ""
    elif kind in ("turret", "second"):
        p["target"] = _unit(state, seat, a.target, locale)
    elif kind == "resupply":
        labels = mech_labels(state.sides, locale)
        p["mechs"] = listed(locale, (labels.get(m, m) for m in a.mechs))
    elif kind == "fleet":
        p["item"] = a.loadout
    if state.phase == "build" and kind in ("ship", "main", "mech", "captain", "pilot", "card", "victory", "preset"):
        key = a.goal if kind == "victory" else a.name if kind == "preset" else a.id
        if facts := build_facts(kind, key, locale, state.options.arms_round):
            p["item"] = aside(locale, p["item"], facts)
    return t(locale, f"fleet.act.{kind}", **p).strip()


def board_header(view: dict[str, Any], locale: str, goals: str) -> str:
    """`Round 11 · Bot 1's turn · AP 0 · goals: …`; the final board says the game is over, not
    whose turn it was, and a game counted after its last round ends in that round (the rules
    move to the next round first: the playtest's final picture read "Round 31 · Bot 1 to act"
    with 30 rounds)."""
    if view["phase"] == "over" or table_over(view):
        shown = min(view["round"], view.get("last_round", view["round"]))
        return t(locale, "fleet.label.header_over", round=shown, goals=goals)
    return t(locale, "fleet.label.header", round=view["round"], name=view["names"][view["turn"]], ap=view["ap"],
             goals=goals)


def has_key(view: dict[str, Any]) -> bool:
    """Whether the board has marks for its key to explain: ⚡ and 🂠 come once the fleets are built."""
    return not in_build(view)


def raid_reach(view: dict[str, Any], seat: int, mech: dict[str, Any]) -> int:
    """How many zones `seat`'s field mech may move on its owner's next turn, from what the table
    sees: two orders with the turn's 2 action points, one more for a warp drive (曲率推进装置) and
    for the Pegasus's resupply (分离式舰体补给, over 12 health), one for each face-down card it
    carries (any may be a booster, 助推器); a mech stunned for that turn moves by boosters only.
    At most this: an enemy mech in the way can stop a forward move (RULES.md 4)."""
    if mech["stun"]:
        return mech["cards"]
    ship = view["sides"][seat]["ship"]
    resupply = ship["model"] == "pegasus" and not ship["giant"] and not ship["destroyed"] and ship["hp"] > 12
    return 2 + ("warp_drive" in D.mechs[mech["model"]].traits) + resupply + mech["cards"]


def raid_threats(view: dict[str, Any], seat: int) -> list[tuple[dict[str, Any], int]]:
    """The enemy's field mechs that may enter `seat`'s ship row on the enemy's next turn, which
    ends the game when 劫掠 is in play (RULES.md 3: "劫掠战舰 raid：我方战甲进入敌方战舰区"), with
    each one's distance in rows; none without raid or against a Pegasus turned mech (a raid on it
    counts as annihilation). Public facts only: the table's view says the same to everyone."""
    ship = view["sides"][seat].get("ship")
    if "raid" not in view["conditions"] or ship is None or ship["giant"]:
        return []
    enemy = 1 - seat
    out = []
    for m in view["sides"][enemy]["mechs"]:
        if m["status"] == "field" and m["zone"] and ship_dist(seat, m["zone"]) <= raid_reach(view, enemy, m):
            out.append((m, ship_dist(seat, m["zone"])))
    return out


def raid_warning(view: dict[str, Any], locale: str) -> str:
    """`⚠ Raid warning: bob's Sword at C3 (2 rows away) may enter alice's ship row on bob's next
    turn, and that wins bob the game.` for the seat whose turn it is, where it decides (both newcomer games of session 13
    were lost that way, by surprise); "" when no enemy mech can."""
    if view["phase"] != "play" or table_over(view):
        return ""
    seat = view["turn"]
    threats = raid_threats(view, seat)
    if not threats:
        return ""
    labels, names = mech_labels(view["sides"], locale), view["names"]
    mechs = listed(locale, (t(locale, "fleet.label.rows_away", mech=labels[m["uid"]], zone=m["zone"], n=n)
                            for m, n in threats))
    return t(locale, "fleet.label.raid_warning", enemy=names[1 - seat], name=names[seat], mechs=mechs)


def summary(view: dict[str, Any], locale: str) -> str:
    lines: list[str] = []
    names = view["names"]
    if in_build(view):
        for s, side in enumerate(view["sides"]):
            state_key = "fleet.label.built" if side["ready"] else "fleet.label.building"
            lines.append(t(locale, "core.labelled", label=names[s], value=t(locale, state_key)))
        me = view.get("me")
        if me is not None and "build" in view["sides"][me]:
            b = view["sides"][me]["build"]
            lines.append(t(locale, "fleet.label.stage", stage=t(locale, f"fleet.stage.{b['stage']}")))
        return "\n".join(lines)
    goals = listed(locale, (t(locale, f"fleet.goal.{g}") for g in view["conditions"]))
    lines.append(board_header(view, locale, goals))
    if view["weather"]:
        lines.append(t(locale, "fleet.label.weather", weather=_nm(D.events[view["weather"]].name, locale)))
    pending = view.get("pending")
    if pending and pending["kind"] == "react":  # a window, in the same words whatever the seat holds
        lines.append(t(locale, "fleet.window", name=names[pending["seat"]],
                       trigger=t(locale, f"fleet.window_for.{pending['answers']}")))
    elif pending:
        lines.append(t(locale, "fleet.label.choosing", name=names[pending["seat"]],
                       what=t(locale, f"fleet.pending.{pending['kind']}")))
    if warning := raid_warning(view, locale):
        lines.append(warning)
    labels = mech_labels(view["sides"], locale)
    for s, side in enumerate(view["sides"]):
        sh = side["ship"]
        status = t(locale, "fleet.label.destroyed") if sh["destroyed"] else f"{sh['hp']}/{sh['max_hp']}"
        lines.append(f"[{names[s]}] {_nm(sh['name'], locale)} {status} ⚡{sh['energy']} "
                     f"🂠{side['hand_counts']['ship']}+{side['hand_counts']['mech']}")
        for m in side["mechs"]:
            if m["status"] == "field":
                line = f"  {labels[m['uid']]} @{m['zone']} {m['hp']}/{m['max_hp']}"
                notes = [pilot_name(m["pilot"], locale)] if m["pilot"] else []
                if m["stun"]:  # an EMP or a magnetic storm: why the mech does not move (newcomer playtest)
                    notes.append(t(locale, "fleet.label.stunned", n=m["stun"]))
                if m.get("card_list"):  # one's own mech's cards, face down to the others (findings17)
                    notes.append(t(locale, "fleet.label.carries", cards=listed(
                        locale, (_nm(D.subs[c["card"]].name, locale) for c in m["card_list"]))))
                lines.append(aside(locale, line, listed(locale, notes)) if notes else line)
        if "hand" in side:  # each card with what it does: a newcomer holding a booster could not tell
            held = Counter(c["card"] for c in side["hand"])  # two copies read as one, "×2"
            hand = listed(locale, (aside(locale, _nm(D.subs[card].name, locale) + (f" ×{n}" if n > 1 else ""),
                                         t(locale, f"fleet.sub.{card}").rstrip(".。")) for card, n in held.items()))
            lines.append("  " + t(locale, "fleet.label.hand", cards=hand or t(locale, "core.none")))
    if wants_key(view):  # what "⚡0 🂠2+3" says: on the first board and the ones asked for, not under every post
        lines.append(t(locale, "fleet.label.key"))
    text = "\n".join(lines)
    return text[:1500]
