"""Fleet played at the console against the bot by a newcomer (issue 18, session 14): small things
the table said too little about. Each test quotes the rule it shows and reads both languages."""
from __future__ import annotations

import pytest
from PIL import ImageDraw

from games.core import Seat
from games.core.errors import RuleError
from games.core.i18n import t
from games.fleet import ENGINE, GAME
from games.fleet.render import CELL_W
from tests.fleet.helpers import act, fleet, mech, my_turn, new_game, put


def _scene(goals=("raid", "annihilation")):
    s = new_game(fleet("hummingbird", "heavy_vulcan", "sword", "tim", "zack"),
                 fleet("bull", "heavy_vulcan", "sword,hammer", "tim", "zack,hans"), goals=goals, seed=5)
    my_turn(s, 0)
    return s


@pytest.mark.parametrize("loc,line", [("en", "  URA-01A Sword (prototype) #2 @C3 4/4 (cannot act for 2 turns)"),
                                      ("zh-CN", "  URA-01A 利剑（试做型） #2 @C3 4/4（2 回合内不能行动）")])
def test_a_stunned_mech_says_so_on_the_status_line(loc, line):
    """"EMP榴弹 emp（我方回合，战舰 2 距离内一区域，敌方战甲 2 个其回合不能行动）" (RULES.md 11): the
    playtest's EMP stopped the Bot's Hammer, and the status line still listed it like any other."""
    s = _scene()
    put(s, "a1", "C1"), put(s, "b1", "C3")
    card = next(c for c in s.sides[0].ship_pile + s.sides[0].hand if c.card == "emp")
    if card not in s.sides[0].hand:
        s.sides[0].ship_pile.remove(card), s.sides[0].hand.append(card)
    act(s, 0, f"play {card.id} C3")
    assert mech(s, "b1").stun == 2
    assert line in GAME.text.summary(ENGINE.view(s, None), loc).splitlines()


@pytest.mark.parametrize("loc,line", [("en", "A is choosing the warp drive move."),
                                      ("zh-CN", "A 正在选择曲率推进装置移动。")])
def test_the_status_line_says_what_a_player_is_choosing_after_the_action_points(loc, line):
    """"曲率推进装置：回合结束时本回合未攻击则可 warp 再移动一次" (RULES.md 8): the playtest's table read
    "AP 0 · Waiting for: alice" with nothing to say what alice still had to decide."""
    s = _scene()
    put(s, "a1", "C2")
    act(s, 0, "order a1"), act(s, 0, "move a1 C3"), act(s, 0, "end")
    assert s.pending and s.pending[0].kind == "warp"
    assert line in GAME.text.summary(ENGINE.view(s, None), loc).splitlines()


def test_a_move_into_the_enemy_ship_row_says_it_wins_by_raid_only_while_raid_is_in_play():
    """"劫掠战舰 raid：我方战甲进入敌方战舰区（敌方战舰行）" (RULES.md 3): the playtest won by a warp
    into C5, offered as "Warp drive: … to C5" like any other zone."""
    for goals, wins in ((("raid", "annihilation"), True), (("annihilation", "arms"), False)):
        s = _scene(goals)
        put(s, "a1", "C4")
        act(s, 0, "order a1")
        said = {loc: {a.code(): GAME.text.action_facts(s, 0, a, loc) for a in ENGINE.legal_actions(s, 0)}
                for loc in ("en", "zh-CN")}
        assert (said["en"]["move a1 C5"] == "enters the enemy ship row: wins by raid") == wins, said["en"]
        assert (said["zh-CN"]["move a1 C5"] == "进入敌方战舰行：劫掠获胜") == wins
        assert said["en"]["move a1 C3"] == "" and said["en"]["move a1 L4"] == ""


def test_a_weapon_the_unit_lacks_is_refused_with_the_weapons_it_has_and_the_game_unchanged():
    """The playtest typed `/play attack a1 rifle b3` and read "There is no weapon rifle here.":
    a rejected command names what would do, and leaves the game as it was."""
    s = _scene()
    put(s, "a1", "C2"), put(s, "b1", "C3")
    before = ENGINE.dump_state(s)
    with pytest.raises(RuleError) as err:
        act(s, 0, "fire rifle b1")
    assert ENGINE.dump_state(s) == before
    assert t("en", err.value.key, **err.value.params) == \
        "There is no weapon rifle here; the weapons are Heavy ship vulcan (heavy_vulcan)."
    assert t("zh-CN", err.value.key, **err.value.params) == "这里没有武器 rifle；可用的武器：重型舰装火神炮（heavy_vulcan）。"
    act(s, 0, "order a1")
    with pytest.raises(RuleError) as err:
        act(s, 0, "attack a1 rifle b1")
    assert t("en", err.value.key, **err.value.params).endswith("the weapons are Laser assault rifle (assault_rifle).")


@pytest.mark.parametrize("loc,label", [
    ("en", "Ready-made fleet: Hummingbird raiders (FA-07A Hummingbird: Sword, Hammer, Vampire)"),
    ("zh-CN", "现成舰队：突击蜂雀（FA-07A 蜂雀：利剑、重锤、吸血鬼）")])
def test_a_ready_made_fleet_says_its_ship_and_mechs(loc, label):
    """"现成舰队 Ready-made: preset raider|bastion|carrier|steel" (RULES.md 2): the playtest's menu
    offered "Hummingbird raiders" with nothing of what it holds, while every other building step
    gives the facts needed to choose (issue 18)."""
    s = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 3).state
    labels = [GAME.text.describe_action(s, 0, a, loc) for a in ENGINE.legal_actions(s, 0) if a.kind == "preset"]
    assert label in labels and len(labels) == 4
    assert all(len(x) <= 100 for x in labels), labels  # a Discord menu label


def test_the_ship_lines_of_the_picture_stay_inside_their_zone_and_the_picture(monkeypatch):
    """The playtest's picture drew "FA-07A Hummingbird ♥ 15/15" in C1 over R1's name, and cut the
    panel's "FA-07A Hummingbird ♥ 15/15 energy 0" at the picture's edge."""
    drawn = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, value, *args, **kw):
        drawn.append((self.textbbox(xy, value, font=kw.get("font"), anchor=kw.get("anchor")), value, self.im.size))
        return real(self, xy, value, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    s = _scene()
    for loc in ("en", "zh-CN"):
        drawn.clear()
        GAME.render(ENGINE.view(s, None), loc)
        size = drawn[0][2]
        ships = [(box, value) for box, value, _ in drawn if "♥" in value and "/" in value]
        assert len(ships) == 4, ships  # in the two ship rows and in the panel
        for box, value in ships:
            assert box[2] <= size[0], value
        c1 = next(box for box, value in ships if box[1] > size[1] // 2 and box[0] < CELL_W * 2)
        r1_name = next(box for box, value, _ in drawn if value == "R1")
        assert c1[2] < r1_name[0], (c1, r1_name)
