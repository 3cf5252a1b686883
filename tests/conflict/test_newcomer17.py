"""Session 17's newcomer findings at conflict's table (issue 18): what a player reads in the
menus and the lines, in both languages, with the rule quoted where one is involved."""
from __future__ import annotations

import random
import re

import pytest

from bot.host.core import build_menu
from games.conflict import ENGINE, GAME
from games.conflict import rules as R
from games.core import RuleError, Seat
from games.core.i18n import localize_value, t
from tests.conflict.helpers import aegis_heads, bare, clear_hand, give, play, public_lines, started, to_battle, unit, walk
from tests.conflict.test_lay_menu import fight
from tests.platform.conftest import make_host
from tests.platform.test_log_as_seen_live import recorded  # noqa: F401  (a fixture)

LOCALES = ("en", "zh-CN")


# --- 3. Aegis: the damage and its cancelling in one term ------------------------------------
@pytest.mark.parametrize("loc,expected", [
    ("en", "Pair 1: the attacker's Attack against the defender's Self-destruct: attacker −1, defender −2 (after Aegis "
           "cancelled 1); durability left: attacker 2, defender 1."),
    ("zh-CN", "第 1 组：进攻方 攻击 对 防守方 自爆：进攻方 −1、防守方 −2（宙斯盾已抵消 1 点）；剩余耐久：进攻方 2，防守方 1。")])
def test_aegis_cutting_part_of_the_damage_says_both_in_one_term(loc, expected):
    """RULES.md: "宙斯盾 Aegis | 单位对单位开始时掷一次硬币，正面抵消第一点损伤"; the table: "攻击 A |
    自爆 S | 己 −1，敌 −3". Heads: the Self-destruct's side takes 2 of its 3."""
    state, step, _ = aegis_heads("rifleman", "A", "S")
    assert expected in public_lines(state, step, loc)


# --- 4. the lay menu: each combat card with what it does ---------------------------------------
@pytest.mark.parametrize("loc,attack,rest", [
    ("en", "vs Attack: both −1; Defend: it −1 if power > its guard, you −1 if less; Self-destruct: you −1, it −3",
     "vs Attack: none; Defend: you +1; Rest: both +1; Self-destruct: you −2, it −1"),
    ("zh-CN", "对攻击：双方 −1；对防御：战力大于敌守值则敌 −1，小于则己 −1；对自爆：己 −1，敌 −3",
     "对攻击：无；对防御：己回复 1；对休整：双方回复 1；对自爆：己 −2，敌 −1")])
def test_every_choice_of_the_lay_menu_says_what_its_card_does(loc, attack, rest):
    """RULES.md, Unit against unit, the table from the source (前己方, 后敌方): "攻击对攻击: 双方各减少
    一点耐久 … 攻击对自爆: 己方减一, 敌方减三 … 自爆对休整: 敌方减二, 己方减一". Each of the five
    choices carries one line of it (they carried nothing, or "4 choices"), in Discord's 100."""
    state, a, b = fight()
    for steps in (["lay"], ["lay", "A"], ["lay", "A", "D"]):
        menu = build_menu(GAME, state, 1, b, steps, loc)
        for option in menu.options:
            assert option.description and len(option.description) <= 100, option
            assert option.description == GAME.text.step_facts(state, b, [*steps, option.value], loc)
    first = {o.value: o.description for o in build_menu(GAME, state, 1, b, ["lay"], loc).options}
    assert first["A"] == attack and first["R"] == rest
    assert len(set(first.values())) == 5  # none, and each card its own
    last = {o.value: o.description for o in build_menu(GAME, state, 1, b, ["lay", "D", "A"], loc).options}
    assert last["R"] == rest  # the last card: a whole action, its card said still


# --- 5. the deploy menu: the figures that apply, and a vehicle's crew ------------------------
def _sky(seed: int = 3):
    """A bare game whose first seat plays the Sky Alliance ("所有单位范围 +1"), holding Riflemen and a
    Light Tank, resources to deploy them."""
    state, a, b = bare(seed)
    state.players[a].faction = "sky"
    state.players[a].res = 5
    rifle, tank = give(state, a, "rifleman"), give(state, a, "lighttank")
    ENGINE.invalidate(state)
    return state, a, rifle, tank


@pytest.mark.parametrize("loc,label,facts,crew", [
    ("en", "range 2)", "range 1 + talent 1 = 2", "vehicle: needs a crew aboard to move or attack"),
    ("zh-CN", "范围 2）", "范围 1 + 天赋 1 = 2", "载具：需有人搭乘才能移动和进攻")])
def test_the_deploy_menu_shows_the_range_that_applies_and_that_a_vehicle_needs_a_crew(loc, label, facts, crew):
    """RULES.md, Factions: "苍穹同盟 Sky Alliance | 所有单位范围 +1"; Development: "载具需同一领地的部队或人物
    搭乘才能移动和攻击". The menu showed the card's range (Riflemen and Light Tank: 1) and nothing of the crew."""
    state, a, rifle, tank = _sky()
    options = {o.value: o for o in build_menu(GAME, state, 1, a, ["deploy"], loc).options}
    assert options[rifle].label.endswith(label) and options[tank].label.endswith(label)
    assert options[rifle].description == facts
    assert options[tank].description == f"{crew} · {facts}"
    for option in options.values():
        assert len(option.label) <= 100 and len(option.description) <= 100, option


def test_unit_range_is_the_sum_of_its_terms_over_random_games():
    """`R.unit_range` (written out for speed) and `R.range_terms` (what the menus show) agree."""
    seen = 0
    for seed in range(4):
        for state, *_ in walk(seed, 3, rounds=8):
            for u in state.units.values():
                assert R.unit_range(state, u) == R.total(R.range_terms(state, u.owner, u.key)), (u, seed)
                seen += 1
    assert seen > 100


# --- 7. /game log: steps one line tells read as the channel read them -------------------------
@pytest.mark.parametrize("loc", LOCALES)
async def test_the_log_numbers_steps_one_line_tells_together_never_acted_with_nothing_shown(tmp_path, recorded, loc):
    """A run of phases ended in a row posts one line ("Bot 1 passes the turn: no move and no
    attack.", present._merged_ends); the log showed its first steps as "Bot 1 acted (nothing shown
    to the table)." and the line under the last. Now the run is one head, "#4–6 …", and the log
    still holds every line the channel showed, in order (test_log_as_seen_live's comparison)."""
    from tests.platform.test_log_as_seen_live import Table, compare, open_table, play, read_log

    host = await make_host(tmp_path / "t.sqlite3")
    try:
        table = Table("conflict", loc, ["alice", "bob", ""])
        recorded.append(table)
        await open_table(host, table)
        await play(host, table, random.Random(5), 40)
        log = await read_log(host, table, "alice")
        problems = await compare(host, table)
    finally:
        await host.close()
    acted = {t(loc, "host.log_acted", who=who) for who in table.names}
    assert not [line for line in log if line.split(" ", 1)[-1] in acted], log
    runs = [line for line in log if re.match(r"#\d+–\d+ ", line)]
    assert runs, log
    passed = [t(loc, f"conflict.ev.{k}", player=who) for k in ("passed", "ends_all", "ends_to_post", "ends_post")
              for who in table.names]
    assert all(any(said in line for said in passed) for line in runs), runs
    assert not problems, problems


# --- 1. arranging: the player chooses which territories share the capital's inner row --------
def _dealt(seed: int = 7):
    """Seat 0 of a new three-seat game, its faction chosen: its four dealt territories to arrange."""
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(3)], ENGINE.parse_options({}), seed).state
    play(state, 0, f"faction {state.players[0].offer[0]}")
    return state, state.players[0]


def _terr(state, tid: str, loc: str) -> str:
    return localize_value(R.content().territories[state.territories[tid].key].name, loc)


@pytest.mark.parametrize("loc,pick,head", [("en", "inner row too: {name}", "Arrange: capital {cap} ("),
                                           ("zh-CN", "同在内排：{name}", "布置：首都 {cap}（")])
def test_the_player_chooses_which_territories_share_the_inner_row(loc, pick, head):
    """The source: "每人分发四张随机的领地卡,并排列领地位置,(可分左右两排,每排最多三个领地)…并从中选取一个作为
    首都". The player places each territory: `arrange CAPITAL N` took the first N − 1 in the order
    dealt, so the last dealt could never lie inside without the others (芦苇滩 without 铜岭 and 崖城).
    The menu names the capital, then each territory to put beside it; the action names the set."""
    state, p = _dealt()
    capital, first, second, last = p.dealt
    menu = build_menu(GAME, state, 1, 0, ["arrange", capital], loc)
    labels = {o.value: o.label for o in menu.options}
    assert labels[f"+{first}"].startswith(pick.format(name=_terr(state, first, loc))), labels
    assert menu.complete  # the capital alone inside
    # the last one dealt alone beside the capital: one click, one action that says the set
    assert labels[f"+{last}"].startswith(head.format(cap=_terr(state, capital, loc))), labels
    assert _terr(state, last, loc) in labels[f"+{last}"].split("；" if loc == "zh-CN" else ";")[1]
    box_code = " ".join(["arrange", capital, f"+{last}"])  # what the menu's confirm sends
    action = next(a for a in ENGINE.legal_actions(state, 0) if GAME.text.menu_steps(state, 0, a) == box_code.split())
    assert action.code() == f"arrange {capital} {last}"
    play(state, 0, action.code())
    assert p.rows == [[capital, last], [first, second]]


def test_every_arrangement_is_offered_and_an_older_log_s_count_still_replays():
    """Rows of at most three, the outer row kept ("每排最多三个领地"): the capital and none to two
    of the other three inside, 4 × 7 = 28 choices. A log of before (session 16 and earlier)
    holds `arrange CAPITAL N`: it still replays, the first N − 1 others inside, as it did."""
    state, p = _dealt()
    legal = ENGINE.legal_actions(state, 0)
    rows = set()
    for a in legal:
        trial = ENGINE.load_state(ENGINE.dump_state(state))
        play(trial, 0, a.code())
        inner, outer = trial.players[0].rows
        assert inner[0] == a.capital and 1 <= len(inner) <= 3 and 1 <= len(outer) <= 3
        rows.add((tuple(inner), frozenset(outer)))
    assert len(legal) == len(rows) == 28
    capital, *rest = p.dealt
    for n in (1, 2, 3):
        trial = ENGINE.load_state(ENGINE.dump_state(state))
        play(trial, 0, f"arrange {capital} {n}")
        assert trial.players[0].rows == [[capital, *rest[:n - 1]], rest[n - 1:]]
    with pytest.raises(RuleError):
        play(state, 0, f"arrange {capital} {rest[0]},{rest[1]},{rest[2]}")  # nothing left outside


# --- 6. the end of the turn: one action discards the whole excess -------------------------------
def _over_the_limit(seed: int = 9):
    """Seat `s` ends its turn holding ten cards, three over the limit of seven ("手牌上限 7")."""
    state = started(2, seed=seed)
    seat = state.turn
    clear_hand(state, seat)
    for key in ("attack", "attack", "move", "rifleman", "maintain", "attack", "spy", "retreat", "trade", "airdrop"):
        give(state, seat, key)
    for _ in range(3):
        play(state, seat, "next")
    assert state.phase == "end"
    return state, seat


@pytest.mark.parametrize("loc,said", [("en", "{p} discards Attack, Move, Trade."), ("zh-CN", "{p} 弃掉 进攻、移动、交易。")])
def test_one_action_discards_the_whole_excess_and_posts_one_line(loc, said):
    """RULES.md, Turn: "结束 End：手牌上限 7". Discarding took a click and a post per card (26 turn
    ends of one game); now the menu picks the cards one by one as its steps, and one action,
    one line, ends the turn."""
    state, seat = _over_the_limit()
    hand = {c.key: c.id for c in reversed(state.players[seat].hand)}  # the first copy of each
    steps = ["discard", hand["attack"], hand["move"], hand["trade"]]
    for k in range(1, 3):
        menu = build_menu(GAME, state, 1, seat, steps[:k], loc)
        assert steps[k] in {o.value for o in menu.options} and not menu.complete
    menu = build_menu(GAME, state, 1, seat, steps[:3], loc)
    assert hand["trade"] in {o.value for o in menu.options}
    action = next(a for a in ENGINE.legal_actions(state, seat) if GAME.text.menu_steps(state, seat, a) == steps)
    step = ENGINE.apply(state, seat, action)
    lines = public_lines(state, step, loc)
    assert lines[0] == said.format(p=f"P{seat}"), lines
    assert len(state.players[seat].hand) == 7 and state.turn != seat


def test_the_discard_choices_are_each_set_of_cards_once_and_one_card_still_replays():
    """Copies of a card are one choice; every set of three a player can tell apart is offered
    once (three Attacks among ten cards: 8 kinds). An older log's `discard CARD`, one card a
    step, still replays: the turn ends at the limit."""
    state, seat = _over_the_limit()
    legal = ENGINE.legal_actions(state, seat)
    kinds = [sorted(state.players[seat].hand[[c.id for c in state.players[seat].hand].index(card)].key
                    for card in a.cards.split(",")) for a in legal]
    assert len({tuple(k) for k in kinds}) == len(kinds)
    # three Attacks, or two and one of the 7 others, or one and two of them, or three of them
    assert len(legal) == 1 + 7 + 21 + 35
    ids = [c.id for c in state.players[seat].hand]
    play(state, seat, f"discard {ids[0]}")
    assert state.phase == "end" and len(state.players[seat].hand) == 9
    with pytest.raises(RuleError):
        play(state, seat, f"discard {ids[1]},{ids[1]}")  # one card twice
    play(state, seat, f"discard {ids[2]},{ids[1]}")  # any order typed
    assert state.turn != seat


# --- 2. a unit's label is its own for its life -----------------------------------------------
@pytest.mark.parametrize("loc", LOCALES)
def test_every_unit_keeps_its_label_while_the_reader_sees_it_the_same_way(loc):
    """Labels were counted anew at every post: "Supply Corps #1" lost its number when its twin
    turned face down, a face-down unit read "#33" (its id). Over random games (bots and random
    moves, three and four seats), for the table and each seat: a unit's label changes only when
    it turns over (face down stays hidden: others never learn what it is), never because another
    unit came, went or turned; no two units on the board share a label; a face-down unit's
    number counts the face-down units, not the ids."""
    from games.conflict.present import view_labels

    checked = flips = twins = 0
    for seed, players in ((1, 3), (2, 4), (3, 3), (4, 3)):
        seen: dict[tuple, tuple[bool, str]] = {}
        face_down = 0  # the most face-down units at once so far: a number never passes it
        for state, *_ in walk(seed, players, rounds=14, bots=0.4):
            face_down = max(face_down, sum(not u.up for u in state.units.values()))
            for reader in (None, *range(players)):
                labels = view_labels(ENGINE.view(state, reader), loc)
                assert len(set(labels.values())) == len(labels), labels
                for uid, label in labels.items():
                    up = state.units[uid].up
                    before = seen.get((reader, uid))
                    if before is not None and before[0] == up:
                        assert before[1] == label, (seed, reader, uid, before, label)
                        checked += 1
                    elif before is not None:
                        flips += 1
                    seen[(reader, uid)] = (up, label)
                    twins += "#2" in label
                    if not up:
                        assert int(label.rsplit("#", 1)[1]) <= face_down, label
    assert checked > 5000 and flips > 50 and twins > 20, (checked, flips, twins)


@pytest.mark.parametrize("loc,first,last", [("en", "card 1 of the 3 to discard (over the hand limit)",
                                             "card 3 of the 3 to discard (over the hand limit)"),
                                            ("zh-CN", "要弃的 3 张中的第 1 张（超出手牌上限）", "要弃的 3 张中的第 3 张（超出手牌上限）")])
def test_each_card_of_the_discard_menu_says_which_of_how_many_it_is(loc, first, last):
    """The discard menu's head said "Discard" only: nobody was told three cards go."""
    state, seat = _over_the_limit()
    menu = build_menu(GAME, state, 1, seat, ["discard"], loc)
    assert {o.description for o in menu.options if o.value in {c.id for c in state.players[seat].hand}} == {first}
    steps = GAME.text.menu_steps(state, seat, ENGINE.legal_actions(state, seat)[0])
    menu = build_menu(GAME, state, 1, seat, steps[:3], loc)
    assert {o.description for o in menu.options} == {last}


# --- findings17 (play17zh): words met at the table ---------------------------------------------
@pytest.mark.parametrize("loc,down,up", [
    ("en", "Turn face down Riflemen @ {t} (hidden, cannot act or be attacked)", "Turn face up Riflemen · face-down unit #1 @ {t} (it may act)"),
    ("zh-CN", "翻为暗置 步枪兵 @ {t}（隐藏，不能行动也不会被攻击）", "翻为明置 步枪兵 · 暗置单位 #1 @ {t}（可以行动）")])
def test_a_turn_over_says_which_way_it_goes(loc, down, up):
    """RULES.md, 明置与暗置: "明置：可以行动。暗置：不会被攻击、不能行动". The menu read "翻面 迫击炮组" and
    "翻面 伞兵 · 暗置单位 #16" side by side: one word for both ways."""
    state, a, _ = bare(3)
    where = state.players[a].capital
    shown, hidden = unit(state, a, "rifleman", where), unit(state, a, "rifleman", where, up=False)
    ENGINE.invalidate(state)
    labels = {x.unit: GAME.text.describe_action(state, a, x, loc) for x in ENGINE.legal_actions(state, a) if x.kind == "flip"}
    terr = _terr(state, where, loc)
    assert labels[shown.id] == down.format(t=terr) and labels[hidden.id] == up.format(t=terr), labels


@pytest.mark.parametrize("loc,said", [("en", "no Attack card in hand: no attack this turn"), ("zh-CN", "手里没有进攻卡：本回合不能进攻")])
def test_a_battle_phase_without_an_attack_card_says_why_none_is_offered(loc, said):
    """RULES.md, 基本卡: "进攻 Attack：打出后进入“进攻”". With no Attack card in hand the battle menu
    only lacked it, and the newcomer wondered why (16 in the deck, none drawn for rounds)."""
    state, a, _ = bare(3, 3, to_battle)
    ENGINE.invalidate(state)
    facts = {x.kind: GAME.text.action_facts(state, a, x, loc) for x in ENGINE.legal_actions(state, a)}
    assert facts["next"] == said
    give(state, a, "attack")
    ENGINE.invalidate(state)
    assert GAME.text.action_facts(state, a, next(x for x in ENGINE.legal_actions(state, a) if x.kind == "next"), loc) == ""


@pytest.mark.parametrize("loc,said", [("en", "Territories held: "), ("zh-CN", "持有领地：")])
def test_the_final_scores_say_territories_held(loc, said):
    """RULES.md: "回合上限…按 领地数 > …排名": the count is of territories held, not captured
    (the zh line read "占领的领土", and 领土 where every other line says 领地)."""
    assert t(loc, "conflict.scores", scores="").startswith(said)
