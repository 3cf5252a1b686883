"""What a newcomer playing Fleet & Mech from the README met at the console (issue 18, newcomer6)."""
from __future__ import annotations

import random
import re

from games.core import Seat
from games.fleet import ENGINE, GAME

ZONE = re.compile(r"[LCR]\d")


def test_a_card_s_zone_or_target_follows_an_arrow():
    """The menu read "URA-01B Hammer (prototype) #1 uses Booster R3": a zone dangling after the
    card's name. A card played or used on a zone or a mech names it after an arrow (`→ R3`,
    `→ UBT1-T1 Kagami #2`), in both languages, never as an id."""
    seen = set()
    for seed in range(1, 7):
        rnd = random.Random(seed)
        st = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")], ENGINE.parse_options({}), seed).state
        for _ in range(400):
            if ENGINE.outcome(st) is not None:
                break
            seat = ENGINE.active_seats(st)[0]
            legal = ENGINE.legal_actions(st, seat)
            for a in legal:
                if a.kind in ("use", "play") and getattr(a, "target", None) not in (None, "-"):
                    for loc in ("en", "zh-CN"):
                        label = GAME.text.describe_action(st, seat, a, loc)
                        shown = a.target if ZONE.fullmatch(a.target) else "mech or ship"
                        assert "→ " in label and a.target not in label.split("→ ")[0], label
                        if shown != a.target:  # a mech or ship: by name, not its id
                            assert not re.search(rf"\b{re.escape(a.target)}\b", label), label
                        seen.add((a.kind, shown))
            st = ENGINE.apply(st, seat, rnd.choice(legal)).state
    # these seeds reach Booster's zone (`use`) and the EMP grenade's (`play`), on zones only
    assert {kind for kind, _ in seen} == {"use", "play"}, seen


def test_texts_read_at_the_table_do_not_say_our():
    """zh-CN playtest (newcomer6): bob read "机器人1 的舰长 Adam Green 使用 军势：我方场上全体战甲回复
    3 点生命值。" — 我方 ("our side") reads as the reader's side, not the bot's. The captain skills,
    sub-weapons and talents shown in table posts say whose side in the third person (本方, "the
    captain's own", "its owner's")."""
    from games.core.i18n import _catalogs, t

    assert t("zh-CN", "fleet.skill.rally.text") == "本方场上全体战甲回复 3 点生命值。"
    assert t("en", "fleet.skill.rally.text") == "all the captain's own mechs on the field recover 3 health."
    public = ("fleet.skill.", "fleet.sub.", "fleet.card.", "fleet.talent.", "fleet.support.", "fleet.trait.")
    for loc, word in (("zh-CN", "我方"), ("en", re.compile(r"\bour\b"))):
        said = [k for k, v in _catalogs[loc].items() if k.startswith(public)
                and (word in v if isinstance(word, str) else word.search(v))]
        assert not said, (loc, said)
