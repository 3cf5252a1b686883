"""Data files: the roster of section 1 and the maps load and validate; bad data names its entry."""
import pytest

from games.panzer.data import MAPS, ROSTER, load_maps, load_roster

SECTION_1 = {
    "de": {"light": {"pz38t", "pz4d"}, "medium": {"pz4f", "pz4h", "pz3j", "panther", "hetzer", "jpz4"},
           "heavy": {"tiger", "tigerp", "tiger2", "maus", "ferdinand", "jagdpanther", "jagdtiger"}},
    "su": {"light": {"bt7", "t26"}, "medium": {"t34_76", "t34_85"}, "heavy": {"kv2", "is2"}},
    "us": {"light": set(), "medium": {"m3", "m4", "m4a1", "firefly"}, "heavy": set()},
    "uk": {"light": {"crusader"}, "medium": {"matilda", "cromwell"}, "heavy": {"churchill"}},
    "it": {"light": {"cv33", "m13", "sm41"}, "medium": {"p40"}, "heavy": set()},
    "jp": {"light": {"type89", "type95", "type97"}, "medium": {"type97n", "type3"}, "heavy": set()},
    "fr": {"light": set(), "medium": {"b1bis"}, "heavy": set()},
}


def test_roster_has_every_vehicle_of_section_1_by_nation_and_class():
    for nation, classes in SECTION_1.items():
        for cls, keys in classes.items():
            found = {k for k, t in ROSTER.items() if t.nation == nation and t.tank_class == cls}
            assert found == keys, (nation, cls)
    assert min(t.price for t in ROSTER.values() if t.nation == "us") == 28  # the source's US note


def test_multi_gun_and_turretless_vehicles():
    assert len(ROSTER["m3"].guns) == 2 and len(ROSTER["b1bis"].guns) == 2 and len(ROSTER["maus"].guns) == 2
    for k in ("hetzer", "jpz4", "ferdinand", "jagdpanther", "jagdtiger", "cv33", "sm41"):
        assert not ROSTER[k].has_turret


def test_three_maps_with_every_terrain_and_both_zones():
    assert {"zhenli", "saunders", "kuromorimine1"} <= set(MAPS)
    for m in MAPS.values():
        assert set(m.cells.values()) == {".", "F", "M", "R"}
        assert len(m.zone("north")) >= 10 and len(m.zone("south")) >= 10


def test_bad_roster_entry_is_named(tmp_path):
    bad = tmp_path / "roster.toml"
    bad.write_text('[tanks.x]\nname = { en = "X", zh-CN = "X" }\nnation = "de"\nclass = "huge"\n'
                   'price = 10\nmove = 3\narmour = [5, 5]\nturret_turns = 1\n'
                   'guns = [{ name = "g", range = 5, attack = 3, turret = true }]\n')
    with pytest.raises(ValueError, match=r"roster.toml: entry tanks.x.class"):
        load_roster(bad)


def test_bad_map_entry_is_named(tmp_path):
    bad = tmp_path / "maps.toml"
    bad.write_text('[maps.m]\nname = { en = "M", zh-CN = "M" }\n'
                   'terrain = ["....", "..X.", "....", "...."]\nzones = ["NNNN", "....", "....", "SSSS"]\n')
    with pytest.raises(ValueError, match=r"maps.toml: entry maps.m.*unknown terrain"):
        load_maps(bad)
