"""The third newcomer playtest's wording leftovers (issue 18): the tank game's special rounds and
undeployed tanks, conflict's reaction DM, and the zh-CN possessive and brackets, each as a
class over the catalogs or the games' text."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from games.core.i18n import t
from games.panzer import ENGINE as PANZER
from games.panzer import text as panzer_text
from games.registry import get_game
from tests.panzer.helpers import seats as panzer_seats
from tests.platform.test_english_table import _strings
from tests.platform.test_names_not_ids import sample

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("en", "zh-CN")
HAN = r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]"
AMMO = ("overcharge", "apfsds", "hesh")


def catalog(locale: str) -> list[tuple[str, str, str]]:
    """(file, key, template) of every catalog in `locale`: the games' and the bot's."""
    paths = sorted(ROOT.glob(f"games/*/locale/{locale}.toml")) + sorted(ROOT.glob(f"bot/**/locale/{locale}.toml"))
    assert len(paths) >= 9, paths
    return [(str(path.relative_to(ROOT)), key, text)
            for path in paths for key, text in _strings(tomllib.loads(path.read_text("utf-8")))]


def test_a_special_round_is_named_as_a_thing_not_as_a_verbs_object():
    """"Hetzer #3 fires overcharge!": the rule (4. 特种弹药) has a tank declare that it uses one
    of its special rounds (超量装药炮弹, 尾翼脱壳稳定弹, 碎甲弹), not "fire overcharge". Every
    English line naming a round gives its name where a name stands (after ": " or " · "), not
    as the object of a verb ("fires {ammo}", "Load {ammo} on"), and every round's name is a
    round's: "overcharged round", never the bare verb "overcharge"."""
    get_game("panzer")
    found = [(key, text) for _, key, text in catalog("en")
             if key.startswith("panzer.") and re.search(r"[A-Za-z] \{ammo\}", text)]
    assert not found, found
    for kind in AMMO:
        name = t("en", f"panzer.ammo.{kind}")
        line = t("en", "panzer.ev.ammo_used", tank="Hetzer #3", ammo=f"@panzer.ammo.{kind}")
        assert line == f"Hetzer #3 fires a special round: {name}.", line
    assert t("en", "panzer.ammo.overcharge") == "overcharged round"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_tank_not_yet_deployed_says_so(locale):
    """"机器人1：… 海瑟歼击车 #11 @--" after the draft (seed 1): a picked tank has no hex yet;
    the board says "not deployed"/"未部署" where a deployed one shows "@C4↑"."""
    engine = PANZER
    state = engine.setup(panzer_seats(), engine.parse_options({}), 1).state
    while state.phase in ("army", "draft"):
        seat = engine.active_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        pick = next((a for a in legal if a.kind == "pick"), None) or legal[0]
        state = engine.apply(state, seat, pick).state
    assert state.tanks and all(tk.pos is None for tk in state.tanks)
    text = panzer_text.summary(engine.view(state, None), locale)
    assert "--" not in text, text
    assert text.count(t(locale, "panzer.ui.not_deployed")) == len(state.tanks), text


@pytest.mark.parametrize("locale", LOCALES)
def test_zh_catalogs_use_full_width_brackets_by_chinese(locale):
    """The tank game's "命中 (前进射击)" (built in code: tests/platform/test_no_fillers.py
    checks the games' rendered text): no catalog line of any game or of the bot puts an
    ASCII bracket next to Chinese, and none of the English ones a full-width bracket."""
    if locale == "zh-CN":
        bad = re.compile(rf"{HAN} ?[()]|[()] ?{HAN}")
    else:
        bad = re.compile(r"[（）]")
    found = [f"{path}: {key} = {text}" for path, key, text in catalog(locale) if bad.search(text)]
    assert not found, "\n".join(found)


def test_the_zh_possessive_joins_chinese_words():
    """"alice 的 战舰 用 …" (fleet's "{name} 的 {unit}" with the ship's word 战舰) next to
    "alice 的战舰" elsewhere. One rule for every catalog: 的 is written against a Chinese word
    on either side, and a space stays only by Latin letters or digits ("机器人1 的 UBT1-T1
    Kagami"). Every zh-CN line with a placeholder next to 的, filled with Chinese values, has
    no space beside 的; filled with Latin ones, keeps its spaces."""
    for game in ("ironfire", "frontline", "panzer", "conflict", "fleet"):
        get_game(game)
    import bot.host.core  # noqa: F401  (registers the bot's catalogs)

    checked = 0
    for _, key, text in catalog("zh-CN"):
        if not re.search(r"\} ?的|的 ?\{", text):
            continue
        names = set(re.findall(r"\{(\w+)(?:[|:][^}]*)?\}", text))
        chinese = t("zh-CN", key, **{n: "战舰" for n in names})
        assert not re.search(rf"{HAN} 的|的 {HAN}", chinese), (key, chinese)
        checked += 1
    assert checked >= 10, checked
    latin = t("zh-CN", "fleet.attack", name="Bot", unit="UBT1-T1 Kagami", weapon="W", verb="攻击", target="X")
    assert latin.startswith("Bot 的 UBT1-T1 Kagami 用 W"), latin
    chinese = t("zh-CN", "fleet.attack", name="alice", unit="战舰", weapon="W", verb="攻击", target="X")
    assert chinese.startswith("alice 的战舰 用 W"), chinese
    assert "的战舰" in t("zh-CN", "fleet.label.ship_of", name="alice")


@pytest.mark.parametrize("locale", LOCALES)
def test_conflicts_prompts_say_what_they_are_about(locale):
    """"Bot 1 acts against you: respond with a card or let it happen." (33 DMs) said neither
    the unit nor what it attacks; the table's line above it did ("A unit is about to be
    destroyed", "Bot 1 attacks: lay your combat cards" neither). Along random games (seeds
    0-5): a reaction prompt and a fight's prompt name the attacking unit and its target as the
    attacker's menu named them, or the card played and its target; a rescue's the unit."""
    from games.conflict import present

    game = get_game("conflict")
    checked = {"react": 0, "combat": 0, "doom": 0}
    for state, _, _, _ in sample("conflict", seeds=range(6), steps=300):
        pend = state.pending
        if pend is None or pend.kind not in checked:
            continue
        seat = pend.other if pend.kind == "combat" else pend.seat
        if seat == state.turn:  # the seat to act gets no prompt
            continue
        text = present.prompt(game.engine, state, seat, locale)
        unit = present.unit_name(state, seat, pend.unit, locale) if pend.unit in state.units else ""
        if pend.kind == "doom":
            wanted = [unit]
        elif pend.kind == "combat" or pend.what == "strike":
            target = present.unit_name(state, seat, pend.target, locale) if pend.target in state.units \
                else present.territory_name(state, pend.target, locale)
            wanted = [t(locale, "conflict.prompt.strike_act", unit=unit, target=target)]
        else:
            wanted = [present._name(present.content().cards[pend.what], locale)]
        assert all(w and w in text for w in wanted), (text, wanted)
        checked[pend.kind] += 1
    assert min(checked.values()) >= 2, checked
