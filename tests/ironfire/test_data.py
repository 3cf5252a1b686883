"""Card data files and the rule-301 card designer."""
import shutil
from collections import Counter

import pytest

from games.core import RuleError
from games.core.i18n import has
from games.ironfire import ENGINE, design_card, design_text
from games.ironfire.data import DATA, DataError, components, load_pool
from games.ironfire.engine import PRESETS, deck_size

POOL = ENGINE.pool


def test_201_to_208_card_parts_and_the_starter_set():
    classes = Counter(c.cls for c in POOL.combat.values())
    assert len(POOL.combat) >= 60 and set(classes) == {"infantry", "armour", "air", "ranged"}
    assert min(classes.values()) >= 10
    assert len({c.nation for c in POOL.combat.values()}) >= 5
    assert {a.ability for a in POOL.abilities.values()} >= {"captured", "repair"} and len(POOL.abilities) >= 4
    assert set(POOL.environments) == {"normal", "mountain", "city"}
    # every ability some card lists has its ability card, every option has its text
    listed = {a for c in POOL.combat.values() for a in c.abilities}
    assert listed <= {a.ability for a in POOL.abilities.values()}
    for c in POOL.combat.values():
        for o in c.attack:
            assert has(f"ironfire.opt.{o.key}", "zh-CN") and has(f"ironfire.opt.{o.key}", "en"), (c.key, o.key)
    assert any(o.own for c in POOL.combat.values() for o in c.attack)  # healing (207.2)
    assert any(o.cost for c in POOL.combat.values() for o in c.attack)  # 207.3
    assert any(o.enemy_logistics or o.own_logistics for c in POOL.combat.values() for o in c.attack)  # 207.5
    assert any(c.env for c in POOL.combat.values())


def test_presets_exist_for_both_formats_and_are_legal():
    formats = Counter(fmt for fmt, _, _ in PRESETS.values())
    assert formats["army30"] >= 2 and formats["alt20"] >= 2
    for name, (fmt, code, _) in PRESETS.items():
        assert deck_size(code) >= {"army30": 30, "alt20": 20}[fmt], name
        assert ENGINE.validate_loadout(code) == code
    assert ENGINE.loadout_presets()["wehrmacht"] == PRESETS["wehrmacht"][1]


def test_validate_loadout_normalizes_and_explains():
    assert ENGINE.validate_loadout("T34*10, t34*5,guards*5") == "t34*15,guards*5"
    for code, key in [("", "ironfire.deck.empty"), ("t34*5", "ironfire.deck.too_small"),
                      ("tank*30", "ironfire.deck.unknown_card"), ("t34*x", "ironfire.deck.bad_count")]:
        with pytest.raises(RuleError) as err:
            ENGINE.validate_loadout(code)
        assert err.value.key == key


def test_301_component_table_is_the_source_table():
    table = {g: {k: c.points for k, c in items.items()} for g, items in components().items()}
    assert table["engine"] == {"petrol": 0, "diesel": 1, "hp_diesel": 2, "turbine": 3, "electric": 4}
    assert table["chassis"] == {"armoured": 4, "wheeled": 2}
    assert table["suspension"] == {"simple": 0, "christie": 1, "wheeled": 1, "torsion": 1, "vvss": 1, "bogie": 0,
                                   "interleaved": 1, "hydro_torsion": 2, "high_mobility": 2, "hydropneumatic": 3}
    assert table["transmission"] == {"mechanical": 0, "hydromechanical": 1, "hydrostatic": 2,
                                     "hydraulic_brake": 2, "electric": 4}
    assert {k: c.base for k, c in components()["transmission"].items()} == {
        "mechanical": 1, "hydromechanical": 2, "hydrostatic": 2, "hydraulic_brake": 2, "electric": 2}
    assert table["armour"] == {"iron": 0, "cast": 1, "face_hardened": 0.5, "applique": 0.5, "rolled": 2,
                               "composite": 3, "reactive": 3, "passive": 2, "active": 4, "sloped": 1}
    assert components()["armour"]["reactive"].zh == "反应装甲"


def test_301_formula():
    # T-34: M = 1 diesel + 4 armoured + 1 Christie + 1 mechanical base + 0 = 7; P = 2 + 1 = 3
    n = design_card({"engine": "diesel", "suspension": "christie", "transmission": "mechanical",
                     "armour": ["rolled", "sloped"]})
    assert (n.mobility, n.protection, n.cv, n.logistics) == (7, 3, 13, 3)  # 7 + 6; (7 + 3) / 3 = 3.3
    # Tiger: M = 0 + 4 + 1 + 2 + 1 = 8; P = 2.5; cv 8 + 5 = 13; logistics (10.5 / 3 = 3.5) rounds up to 4
    n = design_card("engine=petrol suspension=interleaved transmission=hydromechanical armour=rolled,face_hardened")
    assert (n.mobility, n.protection, n.cv, n.logistics) == (8, 2.5, 13, 4)
    # a wheeled chassis counts 2; the smallest vehicle still costs 1 logistics
    n = design_card("chassis=wheeled engine=petrol suspension=simple transmission=mechanical armour=iron")
    assert (n.mobility, n.protection, n.cv, n.logistics) == (3, 0, 3, 1)


def test_301_designer_errors_and_text():
    cases = [("engine=steam suspension=simple transmission=mechanical armour=iron", "ironfire.design.unknown"),
             ("engine=diesel suspension=simple transmission=mechanical", "ironfire.design.missing"),
             ("engine=diesel suspension=simple transmission=mechanical armour=iron,iron", "ironfire.design.twice"),
             ("engine diesel", "ironfire.design.bad_part"),
             ("engine=diesel wings=2 suspension=simple transmission=mechanical armour=iron",
              "ironfire.design.unknown_group")]
    for text, key in cases:
        with pytest.raises(RuleError) as err:
            design_card(text)
        assert err.value.key == key
    assert "combat value **13**" in design_text("engine=diesel suspension=christie transmission=mechanical "
                                                "armour=rolled,sloped", "en")
    assert "轧制钢装甲" not in design_text("engine=steam", "zh-CN") and "汽油机" not in design_text("engine=steam")
    assert design_text("engine=steam", "zh-CN").startswith("发动机中没有")


def test_301_starter_armour_cards_are_built_with_the_designer():
    armour = [c for c in POOL.combat.values() if c.cls == "armour"]
    assert len(armour) >= 15
    for card in armour:
        n = design_card(card.design.model_dump())
        assert (card.cv, card.logistics) == (n.cv, n.logistics), card.key


def test_bad_data_names_the_file_and_the_entry(tmp_path):
    for name in ("cards.toml", "abilities.toml", "environments.toml", "components.toml"):
        shutil.copy(DATA / name, tmp_path / name)
    assert len(load_pool(tmp_path).combat) == len(POOL.combat)
    text = (tmp_path / "cards.toml").read_text(encoding="utf-8")
    (tmp_path / "cards.toml").write_text(text.replace('key = "t34"\n', 'key = "t34"\nbogus = 1\n', 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"cards\.toml: card t34: bogus"):
        load_pool(tmp_path)
    (tmp_path / "cards.toml").write_text(text.replace('dmg = "2~4"', 'dmg = "4~2"', 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"cards\.toml: card \w+: attack"):
        load_pool(tmp_path)
    (tmp_path / "cards.toml").write_text(text.replace('cv = 8\n', 'cv = 8\ncv = 9\n', 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"cards\.toml"):
        load_pool(tmp_path)
    armour_cv = text.replace('key = "panther"\n', 'key = "panther"\ncv = 99\n', 1)
    (tmp_path / "cards.toml").write_text(armour_cv, encoding="utf-8")
    with pytest.raises(DataError, match=r"card panther: .*301 design"):
        load_pool(tmp_path)


def test_every_message_key_has_zh_cn_and_en_text():
    import re

    from games.core.i18n import _catalogs
    from games.ironfire.data import DATA

    source = "".join(p.read_text(encoding="utf-8") for p in DATA.parent.glob("*.py"))
    found = set(re.findall(r'"@?(ironfire\.[a-z_.]*[a-z_])"', source))
    found |= {f"ironfire.{g}.{k}" for g, ks in {"env": ("normal", "mountain", "city"),
                                                "phase": ("deck", "first", "army", "battle", "recount", "over"),
                                                "reason": ("tally", "wipeout", "resign"),
                                                "format": ("army30", "alt20"), "fog": ("on", "off")}.items()
              for k in ks}
    assert len(found) > 90
    for loc in ("zh-CN", "en"):
        missing = sorted(k for k in found if k not in _catalogs[loc])
        assert not missing, (loc, missing)
    assert set(k for k in _catalogs["en"] if k.startswith("ironfire.")) == \
        set(k for k in _catalogs["zh-CN"] if k.startswith("ironfire."))
