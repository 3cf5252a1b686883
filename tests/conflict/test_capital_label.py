"""The capital's durability reads the same in the arrange menu, on the board while others still
arrange, and once the game starts; menu labels read as one phrase (words10, issue 18)."""
from games.conflict import ENGINE
from games.conflict import rules as R
from games.conflict.data import content
from games.conflict.present import describe, summary
from games.core import Seat

from tests.conflict.helpers import play, started

SEED = 1  # alice is offered the Red Flame Legion (flame); her first dealt territory is the Old Citadel (6)


def _table():
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), SEED).state
    assert "flame" in state.players[0].offer
    return state


def test_a_fortress_capital_reads_the_same_in_the_menu_on_the_board_and_after_the_start():
    """RULES.md, Factions: 赤焰军团 Red Flame Legion — "首都堡垒 +2 · capital durability +2"."""
    state = _table()
    alice = state.players[0]
    play(state, 0, "faction flame")
    capital = alice.dealt[0]
    base = content().territories[state.territories[capital].key].durability
    arrange = next(a for a in ENGINE.legal_actions(state, 0) if a.kind == "arrange" and a.capital == capital)
    full = base + 2
    assert describe(ENGINE, state, 0, arrange, "en").startswith(f"Arrange: capital Old Citadel ({full}/{full});")
    assert describe(ENGINE, state, 0, arrange, "zh-CN").startswith(f"布置：首都 古堡（{full}/{full}）；")
    play(state, 0, f"arrange {capital} 2")
    assert state.phase == "setup"  # bob still arranges: alice's board already shows the fortress
    assert f"◆Old Citadel {full}/{full}" in summary(ENGINE.view(state, 0), "en")
    assert f"◆古堡 {full}/{full}" in summary(ENGINE.view(state, 0), "zh-CN")
    bob = state.players[1]
    play(state, 1, f"faction {bob.offer[0]}")
    play(state, 1, f"arrange {bob.dealt[0]} 2")
    assert state.phase != "setup"
    assert (state.territories[capital].dur, state.territories[capital].max) == (full, full)  # given once
    assert f"◆Old Citadel {full}/{full}" in summary(ENGINE.view(state, None), "en")


def test_a_capital_without_the_fortress_reads_its_own_durability():
    state = _table()
    play(state, 0, f"faction {next(f for f in state.players[0].offer if f != 'flame')}")
    capital = state.players[0].dealt[0]
    assert R.capital_bonus(state, 0) == 0
    arrange = next(a for a in ENGINE.legal_actions(state, 0) if a.kind == "arrange" and a.capital == capital)
    assert describe(ENGINE, state, 0, arrange, "en").startswith("Arrange: capital Old Citadel (6/6);")
    play(state, 0, f"arrange {capital} 1")
    assert (state.territories[capital].dur, state.territories[capital].max) == (6, 6)


def test_a_deploy_choice_reads_as_one_phrase_and_every_label_is_unique():
    """"Deploy Shield Line in Old Citadel (alice 6/6) (face up)" stacked brackets; now the face
    comes with the verb and the territory's note is one bracket."""
    state = started(2, seed=SEED)
    seat = state.turn
    deploys = [a for a in ENGINE.legal_actions(state, seat) if a.kind == "deploy"]
    assert deploys
    for loc in ("en", "zh-CN"):
        labels = [describe(ENGINE, state, seat, a, loc) for a in deploys]
        assert len(set(labels)) == len(labels)
        for label in labels:
            assert label.count("(") + label.count("（") == 1, label
    a = deploys[0]
    card = content().cards[next(c.key for c in state.players[seat].hand if c.id == a.card)]
    terr = state.territories[a.tid]
    place = content().territories[terr.key]
    owner = state.players[seat].name
    face_en, face_zh = ("face up", "明置") if a.face == "up" else ("face down", "暗置")
    assert describe(ENGINE, state, seat, a, "en") == \
        f"Deploy {card.name['en']} {face_en} in {place.name['en']} ({owner}, {terr.dur}/{terr.max})"
    assert describe(ENGINE, state, seat, a, "zh-CN") == \
        f"在 {place.name['zh-CN']}（{owner}，{terr.dur}/{terr.max}）{face_zh}部署 {card.name['zh-CN']}"  # the menu group's verb 部署 in its choice
