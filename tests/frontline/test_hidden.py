"""Frontline: what a seat cannot see is drawn again consistently (issue 17, section 2)."""
from __future__ import annotations

import random
from collections import Counter

from games.frontline import ENGINE
from games.frontline.cards import CARDS, parse_deck
from games.frontline.state import DeckCard

from .helpers import act, battle, card


def test_2_3_and_4_2_a_secret_counter_order_is_drawn_again_and_revealed_cards_stay():
    """4.2: counter-orders are activated in secret; 2.3: "kredits spent on an active
    counter-order stay invisible to others"; 1.3.1: a revealed card is seen by both players.
    Bob set a counter-order in his last turn; for alice the hidden part of his hand and deck
    is dealt again, the counter-order may be any of his counter cards or none, and his
    kredits as she sees them stay 10."""
    st = battle(210, kredits=10)
    st.turn = 1
    bob = st.players[1]
    bob.hand = []
    card(st, 1, "kv1", revealed=True)
    mine = card(st, 1, "minefield")
    for key in ("ambush_patrol", "t34", "grenadiers", "signal_jamming"):
        card(st, 1, key)
    act(st, 1, f"counter {mine}")  # ends bob's turn: alice to play, bob shows 10 kredits
    assert st.turn == 0 and bob.hidden_spent == CARDS["minefield"].cost
    seen = ENGINE.view(st, 0)
    pool = Counter(c.key for c in bob.hand if not c.revealed) + Counter(d.key for d in bob.deck)
    active = Counter()
    for i in range(200):
        other = ENGINE.determinize(st, 0, random.Random(i))
        assert ENGINE.view(other, 0) == seen and ENGINE.legal_actions(other, 0) == ENGINE.legal_actions(st, 0)
        foe = other.players[1]
        assert foe.hand[0].key == "kv1" and foe.hand[0].revealed  # where alice saw it
        assert [c.id for c in foe.hand] == [c.id for c in bob.hand]
        assert len(foe.hand[1:]) + len(foe.deck) == sum(pool.values())  # the cards, not his list (see below)
        assert foe.kredits + foe.hidden_spent == 10
        on = [c for c in foe.hand if c.active]
        assert len(on) <= 1 and all(CARDS[c.key].kind == "counter" for c in on)
        active[on[0].key if on else None] += 1
    assert active[None] > 0 and active["minefield"] > 0
    assert bob.hand[1].active and bob.hand[1].key == "minefield"  # the real state is untouched


def test_a_seat_keeps_its_own_hand_and_its_deck_is_reshuffled():
    st = battle(211)
    for key in ("kv1", "t34"):
        card(st, 0, key)
    st.players[0].deck = [*st.players[0].deck[:5], *(type(st.players[0].deck[0])(key=k) for k in ("t34", "kv1"))]
    orders = set()
    for i in range(20):
        other = ENGINE.determinize(st, 0, random.Random(i))
        assert other.players[0].hand == st.players[0].hand
        assert sorted(d.key for d in other.players[0].deck) == sorted(d.key for d in st.players[0].deck)
        orders.add(tuple(d.key for d in other.players[0].deck))
    assert len(orders) > 1  # 1.4: the order of one's own deck is unknown too


def test_4_1_4_2_a_card_fetched_by_a_tutor_keeps_the_type_the_table_was_told():
    """4.1.4.2: a directed draw takes "a card of the type from the deck", and the table is told
    the type ("frontline.tutored"). Dealt again for alice, the card bob fetched is still a
    unit of that type; his other hidden cards may be anything of his pool."""
    st = battle(212)
    st.turn = 1
    bob = st.players[1]
    bob.deck = [DeckCard(key=k) for k in ("t34", "grenadiers", "air_raid", "kv1", "tiger", "sabotage", "partisans")]
    card(st, 1, "ambush_patrol")
    ev = act(st, 1, f"order {card(st, 1, 'logistics')} -")
    assert [e.params["type"] for e in ev if e.key == "frontline.tutored"] == ["@frontline.type.tank",
                                                                            "@frontline.type.infantry"]
    fetched = {c.id: c.tutored for c in bob.hand if c.tutored}
    assert sorted(fetched.values()) == ["infantry", "tank"]
    dealt = Counter()
    for i in range(60):
        other = ENGINE.determinize(st, 0, random.Random(i))
        for c in other.players[1].hand:
            if c.id in fetched:
                assert CARDS[c.key].kind == "unit" and CARDS[c.key].type == fetched[c.id]
                dealt[c.key] += 1
    assert {"t34", "kv1", "tiger"} & set(dealt) and len(dealt) >= 3


# Blitz with its two iron_ore (g14) traded for two Tigers (g07): the same nations, a list of Bob's own
CUSTOM = "de/it/g01x3,g02x2,g03x3,g04x3,g05x3,g06x3,g07x2,g08x2,g10x2,g11x2,g12x2,i02x3,i04x3,i07x2,i08x2,i09x2"


def test_2_the_opponents_deck_list_is_drawn_again_from_what_the_table_knows():
    """A deck list is its owner's secret (only its nations show). The determinization dealt
    Bob's hidden cards again from his real cards, so a search bot knew his list. Now the
    list is drawn again from what alice knows: Bob playing the ready-made Blitz deck or a
    list of his own gives her sampler exactly the same draws, and his own list never comes
    back (fixed seeds)."""
    from .helpers import started

    worlds = {"blitz": started(7, decks=("red_guard", "blitz")), "custom": started(7, decks=("red_guard", CUSTOM))}
    assert ENGINE.view(worlds["blitz"], 0)["players"][1] == ENGINE.view(worlds["custom"], 0)["players"][1]
    draws = {name: [] for name in worlds}
    for i in range(300):
        for name, st in worlds.items():
            bob = ENGINE.determinize(st, 0, random.Random(i)).players[1]
            draws[name].append((bob.deck_code, [c.key for c in bob.hand], [d.key for d in bob.deck]))
            assert sorted([c.key for c in bob.hand] + [d.key for d in bob.deck]) == \
                sorted(parse_deck(bob.deck_code)[2])  # nothing played yet: hand and deck are the list
    assert draws["blitz"] == draws["custom"]  # nothing of the real list reaches the sampler
    real = worlds["custom"].players[1].deck_code
    assert not any(code == real for code, _, _ in draws["custom"])
    # Blitz, the one ready-made deck of these nations, is a prior: drawn about half the time either way
    blitz = worlds["blitz"].players[1].deck_code
    assert 120 < sum(code == blitz for code, _, _ in draws["custom"]) < 180


def test_2_cards_of_the_list_the_table_has_seen_stay_in_every_redrawn_list():
    """What alice has seen of Bob's list (a card he played) is in every list drawn for her."""
    from .helpers import started

    st = started(8, decks=("red_guard", CUSTOM))
    bob = st.players[1]
    tiger = next((c for c in bob.hand if c.key == "tiger"), None) or bob.hand[0]
    bob.hand.remove(tiger)  # played: the table saw it leave his hidden cards
    for i in range(50):
        other = ENGINE.determinize(st, 0, random.Random(i)).players[1]
        assert parse_deck(other.deck_code)[2].count(tiger.key) >= 1
        assert len(other.hand) + len(other.deck) == len(bob.hand) + len(bob.deck)


def _hidden_pool(p) -> Counter:
    return Counter(c.key for c in p.hand if not c.revealed) + Counter(d.key for d in p.deck)


def test_4_1_4_2_a_search_that_found_nothing_keeps_that_type_out_of_every_redrawn_deck():
    """4.1.4.2: "当卡组内不存在符合条件的牌时也可以发动,但是后续效果将会因为不存在满足条件的卡牌而
    无法处理" (with no matching card in the deck the directed draw fetches nothing): the
    table is told ("frontline.tutor_none"), so it knows Bob's deck holds no infantry. Dealt
    again for alice, his deck never holds one; his unseen hand still may (fixed seeds)."""
    from games.core.playout import check_determinization
    from games.registry import get_game

    from .helpers import started

    st = started(9, decks=("blitz", "red_guard"))
    st.turn, st.turn_no = 1, 3
    bob = st.players[1]
    bob.kredits = bob.slots = 10
    bob.deck = [d for d in bob.deck if not (CARDS[d.key].kind == "unit" and CARDS[d.key].type == "infantry")]
    ev = act(st, 1, f"order {card(st, 1, 'stavka_reserve')} -")
    assert [e.params["type"] for e in ev if e.key == "frontline.tutor_none"] == ["@frontline.type.infantry"]
    assert bob.searched_none == ["infantry"]

    def infantry(cards) -> int:
        return sum(1 for k in cards if CARDS[k].kind == "unit" and CARDS[k].type == "infantry")

    in_hand = 0
    for i in range(200):
        other = ENGINE.determinize(st, 0, random.Random(i)).players[1]
        assert infantry(d.key for d in other.deck) == 0, i
        in_hand += infantry(c.key for c in other.hand if not c.revealed) > 0
    assert in_hand > 100  # Bob's real hidden hand holds two: infantry stays possible there
    problems, _ = check_determinization(get_game("frontline"), st, 0, random.Random(3))
    assert not problems, problems
    # a card that goes back into his deck unseen may be infantry: the table knows no more
    alice = st.players[0]
    st.turn, alice.kredits = 0, 10
    act(st, 0, f"order {card(st, 0, 'false_orders')} -")
    assert bob.searched_none == []


def test_4_1_11_a_revealed_card_returned_to_the_deck_stays_among_the_hidden_cards():
    """4.1.11: "随机手牌洗回卡组（不公开是哪张）" (random hand cards go back into the deck, which
    ones untold), and "如果明牌被洗回卡组,再次抽到手中时,不再会是明牌" (a revealed card shuffled
    back is no longer revealed once drawn again). When Bob's only hand card is a revealed
    one, the table knows which card went back: in every world drawn again for alice it is
    still among his hidden cards, drawn or not (fixed seeds)."""
    from games.core.playout import check_determinization
    from games.frontline import rules as R
    from games.registry import get_game

    from .helpers import started

    st = started(9, decks=("blitz", "red_guard"))
    st.turn, st.turn_no = 0, 3
    alice, bob = st.players
    alice.kredits = alice.slots = 10
    known = next(c for c in bob.hand if c.key == "fortified_hq")  # one copy in his list
    bob.deck += [DeckCard(key=c.key) for c in bob.hand if c is not known]
    bob.hand, known.revealed = [known], True  # e.g. shown by intel (4.1.14)
    ev = act(st, 0, f"order {card(st, 0, 'false_orders')} -")
    assert [e.key for e in ev if e.key == "frontline.returned"] and bob.hand == []
    assert bob.known_hidden == ["fortified_hq"]
    R.draw(st, 1, [], 3)
    for i in range(200):
        other = ENGINE.determinize(st, 0, random.Random(i)).players[1]
        assert _hidden_pool(other)["fortified_hq"] >= 1, i
    problems, _ = check_determinization(get_game("frontline"), st, 0, random.Random(4))
    assert not problems, problems
    # a card of another kind played tells nothing of it; a Fortified HQ played may be that copy
    R.take_from_hand(bob, next(c for c in bob.hand if c.key != "fortified_hq"))
    assert bob.known_hidden == ["fortified_hq"]
    card(st, 1, "fortified_hq")
    R.take_from_hand(bob, bob.hand[-1])
    assert bob.known_hidden == []
