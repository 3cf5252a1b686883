"""Iron & Fire: leaks the determinization test (tests/platform/test_determinization.py) and
its review found, each pinned with a fixed seed (issue 17, section 2)."""
from __future__ import annotations

import random

import pytest

from games.core import RuleError
from games.ironfire.data import CLASSES
from games.ironfire.engine import PRESETS, parse_deck
from tests.ironfire.helpers import ENGINE, battle, keys, new_game, play, script

CLASS_ORDER = ["infantry", "armour", "air", "ranged"]
assert list(CLASSES) == CLASS_ORDER


def _classes(player) -> list[str]:
    return [ENGINE.pool.combat[u.card].cls for u in player.army]


def test_101_5_face_down_army_order_does_not_tell_the_classes():
    """101.5: "作战牌组反面朝上；拥有者看得到自己的牌，别人只看到位置编号。" Laid out by class
    (101.4) face down, slot a1 would be infantry whenever the army holds any: the order itself
    told the classes. Picked in class order and revealed under fog, the armies of 20 seeded
    games must not all come out in class order."""
    in_class_order = 0
    for seed in range(20):
        state = new_game(seed=seed, fog_of_war="true", logistics="50", format="alt20")
        play(state, 0, "deck modern")
        play(state, 1, "deck modern")
        for seat in (0, 1):
            for card in ("rangers", "abrams", "j20", "caesar"):  # one of each class, in class order
                play(state, seat, f"pick {card}")
            play(state, seat, "ready")
        assert state.phase == "battle"
        for p in state.players:
            assert sorted(_classes(p), key=CLASS_ORDER.index) == sorted(CLASS_ORDER, key=CLASS_ORDER.index)
            in_class_order += _classes(p) == CLASS_ORDER
    assert in_class_order < 10  # at random, 40 armies of four classes are in order about 40/24 times


def test_101_5_without_fog_the_army_is_still_laid_out_by_class():
    """101.4: "全部准备后同时亮出，作战牌按步兵、装甲、航空、远程排列。" (face up, the order tells nothing hidden)"""
    state = new_game(seed=1, logistics="50", format="alt20")
    play(state, 0, "deck modern")
    play(state, 1, "deck modern")
    for seat in (0, 1):
        for card in ("caesar", "j20", "abrams", "rangers"):
            play(state, seat, f"pick {card}")
        play(state, seat, "ready")
    assert [_classes(p) for p in state.players] == [CLASS_ORDER, CLASS_ORDER]


def test_102_4_reinforcements_picked_in_secret_do_not_show_in_the_reserve_count():
    """102.4 / ruling 12: reinforcements are picked in secret and "在所有人完成后一起亮出"; ruling 20:
    others see only the size of a deck. The reserve count others saw dropped with every
    secret pick, telling how many cards were being added."""
    state = battle([["t34"], ["panther"]], logistics=45, reserve=[["guards", "kv1"], ["grenadier", "tiger"]])
    ENGINE._end_round(state)
    assert state.phase == "recount" and ENGINE.active_seats(state) == [0, 1]
    seen = ENGINE.view(state, 1)["players"][0]["reserve"]
    play(state, 0, "pick guards")
    assert ENGINE.view(state, 1)["players"][0]["reserve"] == seen == 2
    assert ENGINE.view(state, 0)["players"][0]["reserve"] == 1  # the owner sees its own pile
    play(state, 0, "ready")
    play(state, 1, "ready")
    assert state.phase == "battle" and ENGINE.view(state, 1)["players"][0]["reserve"] == 1


def test_determinize_keeps_what_the_seat_saw_and_redraws_the_face_down_cards():
    """The determinization: another seat's face-down cards are drawn again (cards of a list
    drawn again, within the army's logistics); what the seat itself sees stays."""
    state = battle([["t34", "guards", "il2"], ["panther", "grenadier", "stuka"]], fog=True)
    seen = [ENGINE.view(state, s) for s in (0, 1)]
    layouts = set()
    for i in range(30):
        other = ENGINE.determinize(state, 0, random.Random(i))
        assert ENGINE.view(other, 0) == seen[0]
        assert [u.card for u in other.players[0].army] == [u.card for u in state.players[0].army]
        layouts.add(tuple(u.card for u in other.players[1].army))
        bob = other.players[1]
        assert ENGINE.army_logistics(bob) <= max(bob.logistics, ENGINE.army_logistics(state.players[1]))
    assert ENGINE.view(state, 0) == seen[0] and ENGINE.view(state, 1) == seen[1]  # the original is untouched
    # not only the three real cards in another order: other cards of other lists
    assert len(layouts) > 6 and len({frozenset(x) for x in layouts}) > 1


def _recount(reserve0: list[str], fog: bool = False, logistics0: int = 45):
    state = battle([["t34", "guards"], ["panther"]], logistics=45, fog=fog,
                   reserve=[reserve0, ["grenadier", "tiger"]])
    state.players[0].logistics = logistics0
    events = ENGINE._end_round(state)
    return state, events


def test_102_4_a_seat_that_cannot_reinforce_is_waited_for_like_one_that_can():
    """102.4: "套牌中还有放得下的牌时，可 `/play pick KEY` 补充" — whether a seat can reinforce
    depends on its secret reserve. Passed over when it could not, the table learned that its
    reserve held no combat card that fits; now it is waited for all the same."""
    can, _ = _recount(["kv1", "guards"])
    cannot, _ = _recount(["field_repair", "entrench"])  # ability cards only: no reinforcement (102.4)
    assert ENGINE.active_seats(can) == ENGINE.active_seats(cannot) == [0, 1]
    assert ENGINE.view(can, 1) == ENGINE.view(cannot, 1)
    assert {a.code() for a in ENGINE.legal_actions(cannot, 0)} == {"ready"}
    play(cannot, 0, "ready")
    play(cannot, 1, "ready")
    assert cannot.phase == "battle"


def test_101_5_under_fog_a_cut_off_is_the_owners_to_know():
    """101.5: "后勤断绝与重创状态只有翻开时才公开" and the army's total is secret under fog: a seat
    that must cut off cards and one that need not look the same to the others, and the
    cut itself is told to its owner only."""
    must, events = _recount(["kv1"], fog=True, logistics0=4)  # T-34 and guards need more than 4
    free, _ = _recount(["kv1"], fog=True)
    assert must.players[0].need_cut > 0 and free.players[0].need_cut == 0
    assert ENGINE.active_seats(must) == ENGINE.active_seats(free) == [0, 1]
    assert ENGINE.view(must, 1)["players"][0] == {**ENGINE.view(free, 1)["players"][0], "logistics": 4}
    assert all(e.to == [0] for e in events if e.key == "ironfire.must_cut")
    cut = play(must, 0, f"cut {must.players[0].army[0].slot}").events
    assert cut and all(e.to == [0] for e in cut)


def test_101_5_face_down_cards_never_seen_may_be_any_combat_cards_of_the_deck():
    """101.5: under fog "别人只看到位置编号": which cards of a deck went into the army is known
    to the table only for the cards it has seen. Bob's panther was seen (then shuffled face
    down); his two other cards never were, and his deck list is his secret, so they may be
    any two combat cards a list of his could hold (only combat cards are units), at printed
    value, within the army's logistics; the list keeps its size and the panther."""
    state = battle([["t34"], ["panther", "grenadier", "stuka"]], fog=True, reserve=[[], ["tiger", "field_repair"]])
    state.players[1].army[0].shown = True  # seen in an earlier round, face down again
    seen = ENGINE.view(state, 0)
    real = state.players[1]
    armies = set()
    for i in range(80):
        other = ENGINE.determinize(state, 0, random.Random(i))
        assert ENGINE.view(other, 0) == seen
        bob = other.players[1]
        army = sorted(u.card for u in bob.army)
        assert "panther" in army and all(k in ENGINE.pool.combat for k in army)
        assert sorted(army + bob.reserve) == sorted(k for k, n in parse_deck(bob.deck) for _ in range(n))
        assert len(bob.reserve) == 2 and bob.deck_n == real.deck_n
        assert ENGINE.army_logistics(bob) <= max(bob.logistics, ENGINE.army_logistics(real))
        assert all(u.cv == ENGINE.pool.combat[u.card].cv and not u.heavy for u in bob.army)
        assert [u.shown for u in bob.army].count(True) == 1
        armies.add(tuple(army))
    assert len(armies) > 3  # more than {panther} + two of grenadier, stuka, tiger


def _fog_battle(b2_cut: bool):
    """Alice (t34, guards) against Bob's two face-down cards; Bob's b2 is cut off or not,
    which under fog only Bob knows (101.5: "后勤断绝与重创状态只有翻开时才公开")."""
    state = battle([["t34", "guards"], ["panther", "grenadier"]], fog=True)
    for u in state.players[1].army:
        u.cut = b2_cut or u.slot == "b1"  # b1 is cut off in both worlds; b2 only in one
    return state


def test_ruling_22_under_fog_whose_turn_it_is_does_not_tell_whether_face_down_cards_can_attack():
    """102.2: "牌手依先后手轮流选择本方一张作战牌" and ruling 8: a player who cannot attack is
    passed over. Under fog (101.5: "各牌手的作战牌组全部以反面朝上排列") whether Bob can attack
    depends on his face-down cards; passed over, Bob told Alice that his hidden army is all
    cut off. Ruling 22: a player with face-down cards keeps the turn and may end the round's
    attacks at any time, so the turn goes to Bob in both worlds."""
    worlds = [_fog_battle(b2_cut) for b2_cut in (False, True)]
    for state in worlds:
        play(state, 0, "attack a1 infantry")
        if state.attack is not None:
            play(state, 0, "stop")
    assert [ENGINE.active_seats(s) for s in worlds] == [[1], [1]]
    assert ENGINE.view(worlds[0], 0) == ENGINE.view(worlds[1], 0)
    stuck = worlds[1]
    assert [a.code() for a in ENGINE.legal_actions(stuck, 1)] == ["pass"]  # his only move: end his attacks
    assert "pass" in [a.code() for a in ENGINE.legal_actions(worlds[0], 1)]  # offered when he can attack, too
    events = play(stuck, 1, "pass").events
    assert keys(events)[0] == "ironfire.attacks_done" and stuck.players[1].done
    assert ENGINE.active_seats(stuck) == [0] and ENGINE.view(stuck, 0)["players"][1]["done"]
    play(stuck, 0, "attack a2 infantry")  # Bob is not asked again this round: Alice's last card ends it
    if stuck.attack is not None:
        play(stuck, 0, "stop")
    assert stuck.phase == "recount" and "done" not in ENGINE.view(stuck, 0)["players"][1]


def test_ruling_22_without_fog_a_player_still_cannot_give_up_attacking():
    """Ruling 8: "不能主动放弃攻击。" Without fog everything that decides it is face up."""
    state = battle([["t34"], ["panther"]])
    assert "pass" not in [a.code() for a in ENGINE.legal_actions(state, 0)]
    with pytest.raises(RuleError):
        play(state, 0, "pass")


def test_ruling_22_under_fog_a_focus_fire_waits_for_the_answer_of_a_player_with_face_down_cards():
    """102.3: "在宣布集火攻击后，该牌手必须等被攻击一方先攻击后才能进行攻击". Bob's face-up
    panther is cut off; whether his face-down card can answer is his secret, so he is asked
    in both worlds (and may pass), instead of the strike following at once when it cannot."""
    worlds = [_fog_battle(b2_cut) for b2_cut in (False, True)]
    for state in worlds:
        panther = next(u for u in state.players[1].army if u.card == "panther")
        panther.up = panther.shown = True
        for code in (f"focus {panther.slot}", "with a1 armour", "with a2 armour", "fire"):
            play(state, 0, code)
    assert [ENGINE.active_seats(s) for s in worlds] == [[1], [1]]
    assert ENGINE.view(worlds[0], 0) == ENGINE.view(worlds[1], 0)
    assert [a.code() for a in ENGINE.legal_actions(worlds[1], 1)] == ["pass"]
    assert "ironfire.strike" in keys(play(worlds[1], 1, "pass").events)


def test_101_5_a_card_turned_face_up_shows_its_value_and_state():
    """101.5: "后勤断绝与重创状态只有翻开时才公开": turned face up, a card shows them, and the
    message says so (a damaged card behind a face-down slot was announced by its name only,
    then 'destroyed' by a hit that a fresh one of the same name survives)."""
    state = battle([["t34"], ["panther", "panther"]], fog=True)
    worn = state.players[1].army[0]
    worn.cv, worn.heavy, worn.cut = 5, True, True
    play(state, 0, "attack a1 armour")
    events = play(state, 0, f"hit {worn.slot}").events
    shown = next(e for e in events if e.key == "ironfire.reveal")
    assert shown.params["cv"] == 5 and shown.params["max"] == 12
    assert shown.params["flags"] == "@ironfire.reveal_flags.heavy_cut"


def test_103_1_a_game_won_by_wiping_out_the_other_army_tells_no_tally_of_the_face_down_survivors():
    """103.1: "若牌手的作战牌组中所有作战牌全部被消灭，则该牌手输。" The game ends there, with no
    tally (103.2: "在决算阶段"): the outcome told the winner's remaining combat value, which
    under fog sums cards the loser never saw (here Bob's damaged t34, still face down)."""
    state = battle([["ba64"], ["abrams", "t34"]], fog=True, first=1)
    hidden = state.players[1].army[1]
    hidden.cv, hidden.heavy = 4, True
    script(state, 7)
    play(state, 1, "attack b1 armour")
    play(state, 1, "hit a1")
    assert state.phase == "over" and not hidden.up
    out = ENGINE.outcome(state)
    assert out.winners == [1] and out.reason == "ironfire.outcome_no_tally" and state.tallies == [[]]
    assert out.params["tally"] == []  # Bob's 20 + 4 stays unsaid


def _bob_chose(deck: str):
    """Alice (Wehrmacht) against Bob's 32-card deck, both armies revealed (no fog): Bob
    shows a Sherman and a bazooka team; the rest of his deck is his secret (100.5: "套牌内容
    只有本人可见")."""
    state = new_game(seed=5, logistics="45")
    play(state, 0, "deck wehrmacht")
    play(state, 1, f"deck {deck}")
    for seat, cards in ((0, ["grenadier"]), (1, ["sherman", "bazooka"])):
        for card in cards:
            play(state, seat, f"pick {card}")
        play(state, seat, "ready")
    assert state.phase == "battle"
    return state


def test_100_5_the_deck_list_behind_a_reserve_is_drawn_again_from_what_the_table_knows():
    """100.5 (this page): "套牌内容只有本人可见". A determinization kept Bob's whole deck list,
    so a search bot built on it read his list back. Now, for Alice, his list is drawn
    again from what she knows (its size, the format, the cards she has seen): Bob playing
    the ready-made Pacific deck or a deck of his own with the same cards in sight gives her
    sampler exactly the same draws, and his own list never comes back."""
    from collections import Counter

    from games.ironfire.engine import parse_deck

    custom = "sherman*2,bazooka*2,t34*28"
    worlds = {"pacific": _bob_chose("pacific"), "custom": _bob_chose(custom)}
    assert ENGINE.view(worlds["pacific"], 0)["players"][1] == ENGINE.view(worlds["custom"], 0)["players"][1]
    lists = {name: [] for name in worlds}
    for i in range(300):
        for name, state in worlds.items():
            bob = ENGINE.determinize(state, 0, random.Random(i)).players[1]
            lists[name].append((Counter(dict(parse_deck(bob.deck))), tuple(sorted(bob.reserve))))
            assert Counter(bob.reserve) + Counter(u.card for u in bob.army) == lists[name][-1][0]
    assert lists["pacific"] == lists["custom"]  # nothing of the real list reaches the sampler
    real = Counter(dict(parse_deck(custom)))
    assert not any(deck == real for deck, _ in lists["custom"])
    drawn = [deck for deck, _ in lists["custom"]]
    pacific = Counter(dict(parse_deck(PRESETS["pacific"][1])))
    # the ready-made decks that fit (Pacific, Western Allies) are a prior, not a leak: as often either way
    assert 50 < sum(d == pacific for d in drawn) < 100


def test_ruling_18_cards_seen_in_an_earlier_game_of_the_match_stay_in_the_redrawn_list():
    """Ruling 18: "多盘比赛中套牌在第一盘前选定，之后各盘沿用". Cards of Bob's deck the table saw
    in game 1 are known to be in it in game 2, when his army is back in his deck: every list
    drawn for Alice holds them (game 1 showed his tiger and two grenadiers)."""
    from collections import Counter

    from games.ironfire.engine import parse_deck

    state = battle([["t34"], ["tiger", "grenadier", "grenadier"]], reserve=[[], ["kv1"] * 27], match="2")
    state.round = state.rounds
    ENGINE._end_round(state)  # the tally ends game 1
    assert state.phase == "first" and state.players[1].army == []
    for i in range(40):
        bob = ENGINE.determinize(state, 0, random.Random(i)).players[1]
        deck = Counter(dict(parse_deck(bob.deck)))
        assert deck["tiger"] >= 1 and deck["grenadier"] >= 2 and sum(deck.values()) == 30


def test_101_5_under_fog_in_play_the_opponents_list_is_drawn_again_within_the_armys_logistics():
    """100.4 and 101.5: a deck list is its owner's secret, and under fog "别人只看到位置编号".
    A search that kept Bob's list whole read it back from every world it drew; now the list
    is drawn again, built around face-down cards whose logistics fit the army as the table
    knows it: within the logistics in battle, exactly the total that the cut-off owed (or
    its absence) tells while recounting (102.4). Fixed seeds, 200 worlds each."""
    fights = battle([["t34", "guards"], ["panther", "grenadier", "stuka"]], fog=True,
                    reserve=[[], ["tiger", "field_repair", "kv1", "guards", "medics", "sherman"]])
    state, _ = _recount(["kv1", "grenadier", "field_repair"], fog=True, logistics0=30)
    for world, seat, exact in ((fights, 0, False), (state, 1, True)):
        owner = 1 - seat
        real = world.players[owner]
        total = ENGINE.army_logistics(real)
        seen = ENGINE.view(world, seat)
        same_list = 0
        for i in range(200):
            other = ENGINE.determinize(world, seat, random.Random(i))
            assert ENGINE.view(other, seat) == seen
            p = other.players[owner]
            assert sum(n for _, n in parse_deck(p.deck)) == real.deck_n
            assert sorted([u.card for u in p.army] + p.reserve + [c.card for c in p.picked]) == \
                sorted(k for k, n in parse_deck(p.deck) for _ in range(n))
            if exact:
                assert ENGINE.army_logistics(p) == total
            else:
                assert ENGINE.army_logistics(p) <= max(p.logistics, total)
            same_list += p.deck == real.deck
        assert same_list < 20, same_list  # the real list comes back in under a tenth of the worlds
