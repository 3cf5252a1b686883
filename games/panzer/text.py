"""Readable labels for actions and the compact text board (built from a view)."""
from __future__ import annotations

from typing import Any

from games.core.i18n import localize_value, t
from games.panzer.data import MAPS, ROSTER


def _tank_label(state: Any, tid: str, locale: str) -> str:
    for tk in state.tanks:
        if tk.id == tid:
            return f"{tid} {localize_value(ROSTER[tk.type].name, locale)}"
    return tid


def describe(engine: Any, state: Any, seat: int, action: Any, locale: str) -> str:
    kind = action.kind
    p: dict[str, Any] = {}
    data = action.model_dump()
    for key in ("tank", "target"):
        if data.get(key):
            p[key] = _tank_label(state, data[key], locale)
    if kind == "pick":
        p["tank"] = localize_value(ROSTER[action.tank].name, locale)
        p["price"] = ROSTER[action.tank].price
    if kind == "army":
        p["army"] = action.loadout
    if kind == "side":
        p["side"] = t(locale, f"panzer.side.{action.side}")
    if kind in ("face", "turn", "turret"):
        p["dir"] = t(locale, f"panzer.dir.{action.dir}")
    if kind in ("deploy", "go"):
        p["hex"] = action.hex
    if kind == "path":
        p["steps"] = ",".join(action.steps)
    if kind == "drive":
        p["free"] = action.free
    if kind in ("load", "precise", "jumpfire", "dfire", "again", "advfire"):
        ammo = data.get("ammo")
        p["ammo"] = (" · " + t(locale, f"panzer.ammo.{ammo}")) if ammo and kind != "load" else ""
        if kind == "load":
            p["ammo"] = t(locale, f"panzer.ammo.{ammo}")
    if "gun" in data:
        tid = data["tank"]
        tk = next((x for x in state.tanks if x.id == tid), None)
        guns = ROSTER[tk.type].guns if tk else []
        p["gun"] = f" ({guns[action.gun - 1].name})" if len(guns) > 1 and 0 < action.gun <= len(guns) else ""
    if kind == "dfire" and state.reaction is not None:
        p["target"] = _tank_label(state, state.reaction.mover, locale)
    return t(locale, f"panzer.act.{kind}", **p)


ARROWS = ["↑", "↗", "↘", "↓", "↙", "↖"]


def summary(view: dict[str, Any], locale: str) -> str:
    gmap = MAPS[view["map"]]
    lines = [
        f"{localize_value(gmap.name, locale)} · "
        + t(locale, "panzer.ui.round", round=min(view["round"], view["rounds"]), rounds=view["rounds"])
        + f" · {t(locale, 'panzer.ui.score')} {view['score'][0]}:{view['score'][1]}"
        + (f" · {t(locale, 'core.game_over')}" if view["finished"] else ""),
    ]
    if not view["finished"]:
        lines.append(t(locale, "panzer.ui.turn", name=view["names"][view["seat"]],
                       phase=t(locale, f"panzer.phase.{view['phase']}"))
                     + (" · " + t(locale, "panzer.ui.pool", pool=view["pool"]) if view["phase"] in ("shots", "move", "moving", "dash", "advance") else ""))
    if view["phase"] in ("draft", "army") or not view["tanks"]:
        for s in (0, 1):
            picks = ",".join(view["picks"][s]) or "-"
            lines.append(f"{view['names'][s]}: {picks} ({view['picks_price'][s]}pt)")
    for s in (0, 1) if view["tanks"] else ():
        parts = []
        for tk in view["tanks"]:
            if tk["owner"] != s:
                continue
            if not tk["alive"]:
                parts.append(f"✗{tk['id']}")
                continue
            marks = ""
            if tk["fired"]:
                marks += "F"
            if tk["immobile"]:
                marks += "I"
            if tk["gun_broken"]:
                marks += "G"
            if tk["dry"]:
                marks += "D"
            if tk["spotted"]:
                marks += f"S{tk['spotted']}"
            if tk["veteran"]:
                marks += f"V{tk['veteran']}"
            if tk["ammo"]:
                marks += f"*{tk['ammo']}"
            pos = tk["pos"] or "--"
            turret = ARROWS[tk["turret"]] if tk["has_turret"] else ""
            parts.append(f"{tk['id']}({tk['type']})@{pos}{ARROWS[tk['hull']]}{turret}{('[' + marks + ']') if marks else ''}")
        lines.append(f"{view['names'][s]}: " + " ".join(parts))
    if view["wrecks"]:
        lines.append(t(locale, "panzer.ui.wrecks") + ": " + " ".join(view["wrecks"]))
    if view.get("my_ammo"):
        mine = " ".join(f"{tid}:" + "/".join(t(locale, f"panzer.ammo.{m['kind']}") for m in ms)
                        for tid, ms in view["my_ammo"].items())
        lines.append(t(locale, "panzer.ui.mine") + ": " + mine)
    text = "\n".join(lines)
    return text[:1500]
