"""The card list of RULES.md (`/rules ironfire infantry`, `armour`, `air`, `ranged`, `abilities`):
every card with its combat value, logistics, attack options, terrain modifiers and abilities,
written from the card data so that it never disagrees with the game.

Regenerate after a card change: `.venv/bin/python -m games.ironfire.card_list` (rewrites the part of
RULES.md between the markers; tests/ironfire/test_newcomer.py checks that it is current).
"""
from __future__ import annotations

from pathlib import Path

from games.core.i18n import t
from games.ironfire.data import CLASSES, AttackOption, Dice
from games.ironfire.engine import POOL

RULES = Path(__file__).parent / "RULES.md"
BEGIN, END = "<!-- card list: games/ironfire/card_list.py -->", "<!-- end of card list -->"
LANGS = ("zh-CN", "en")  # RULES.md is bilingual: Chinese first, then English
CLASS_WORDS = {"infantry": "步兵 infantry", "armour": "装甲 armour", "air": "航空 air", "ranged": "远程 ranged"}
ABILITY_WORDS = {"captured": "缴获 Captured", "repair": "维修 Repair", "fortify": "工事 Fortify",
                 "precision": "精确 Precision", "veteran": "老兵 Veteran"}
ENV_WORDS = {"mountain": "山地 mountains", "city": "城市 city"}
NATIONS = {"de": "德 de", "su": "苏 su", "us": "美 us", "uk": "英 uk", "jp": "日 jp", "fr": "法 fr", "cn": "中 cn",
           "it": "意 it"}


def _both(key: str) -> str:
    return " ".join(t(loc, key) for loc in LANGS)


def _count(dice: Dice) -> str | None:
    """A number or dice of attacks or targets, None when it is the usual 1."""
    return None if dice.fixed and dice.plus == 1 else dice.text()


def _option(opt: AttackOption) -> str:
    """`对装甲 vs armour 2~4 ×1d2`: what it hits, its damage (a heal as what it restores), how many
    attacks on each target and how many targets, and what it costs or changes in logistics."""
    low, high = sorted((abs(opt.dmg_min), abs(opt.dmg_max)))
    shown = ("+" if opt.own else "") + (f"{low}~{high}" if low != high else str(low))
    words = [_both(f"ironfire.opt.{opt.key}")]
    if opt.key not in CLASSES:  # a named option: which classes it reaches
        words.append("(" + ", ".join(CLASS_WORDS[c] for c in opt.vs) + ")")
    words.append(shown)
    if (n := _count(opt.n)) is not None:
        words.append(f"×{n}")
    if (targets := _count(opt.targets)) is not None:
        words.append(f"→ {targets} 个目标 targets")
    if opt.cost:
        words.append(f"消耗后勤 logistics cost {opt.cost}")
    if opt.enemy_logistics:
        words.append(f"敌方后勤 enemy logistics {opt.enemy_logistics:+d}")
    if opt.own_logistics:
        words.append(f"本方后勤 own logistics {opt.own_logistics:+d}")
    return " ".join(words)


def card_line(key: str) -> str:
    card = POOL.combat[key]
    parts = [f"{card.name['zh-CN']} {card.name['en']} ({NATIONS.get(card.nation, card.nation)})",
             f"战斗力 CV {card.cv}", f"后勤 logistics {card.logistics}", "；".join(_option(o) for o in card.attack)]
    if card.env:
        parts.append(", ".join(f"{ENV_WORDS[env]} {mod:+d}" for env, mod in card.env.items()))
    if card.abilities:
        parts.append("能力 abilities: " + ", ".join(ABILITY_WORDS[a] for a in card.abilities))
    return "- " + " · ".join(parts)


def card_list() -> str:
    """The sections, one per class and one for the ability cards (each fits one /rules page)."""
    out = [BEGIN]
    for cls in CLASSES:
        out += ["", f"## 卡牌一览：{CLASS_WORDS[cls].replace(' ', ' Cards: ', 1)}", "",
                "战斗力、后勤、攻击选项（伤害 ×每个目标的攻击次数 → 目标数，默认各 1）、地形修正、能力。"
                "CV, logistics, attack options (damage ×attacks on each target → targets, 1 each unless given), "
                "terrain modifiers, abilities.", ""]
        out += [card_line(key) for key, card in POOL.combat.items() if card.cls == cls]
    out += ["", "## 卡牌一览：特殊能力牌 Cards: abilities", "",
            "放入作战牌组后，本方所有标有该能力的作战牌获得它（401.2）。Each gives its ability to every own "
            "combat card that lists it (401.2).", ""]
    for key, card in POOL.abilities.items():
        holders = [f"{c.name['zh-CN']} {c.name['en']}" for c in POOL.combat.values() if card.ability in c.abilities]
        out.append(f"- {card.name['zh-CN']} {card.name['en']} ({ABILITY_WORDS[card.ability]}) · 后勤 logistics "
                   f"{card.logistics}: {card.text['zh-CN']} {card.text['en']} 持有者 Cards with it: "
                   + (", ".join(holders) or "—"))
    out.append(END)
    return "\n".join(out)


def rules_with_card_list(text: str) -> str:
    """RULES.md with its card list written anew (appended before the rulings when it has none)."""
    if BEGIN in text:
        head, _, rest = text.partition(BEGIN)
        return head + card_list() + rest.partition(END)[2]
    head, sep, rest = text.partition("\n## 裁定 Rulings")
    return head.rstrip("\n") + "\n\n" + card_list() + "\n" + sep + rest


if __name__ == "__main__":
    RULES.write_text(rules_with_card_list(RULES.read_text(encoding="utf-8")), encoding="utf-8")
