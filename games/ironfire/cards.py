"""Iron & Fire: the card pool and deck lists as the rules read them.

The pool's pydantic models (data.py) are the source; the tables here hold the facts the
rules read at every decision in plain dicts and slotted objects, taken out once at import.
Deck codes (`t34*3,panther`) are parsed and checked here, and the ready-made decks of
data/decks.toml are loaded. The engine, the state's options and determinization read them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core import RuleError
from games.core.i18n import fold
from games.ironfire.data import CLASSES, AttackOption, CardPool, load_pool

FORMAT_MIN = {"army30": 30, "alt20": 20}
# a set of classes as an int, one bit per class: the listing of attacks tests "an enemy card of
# one of these classes" with one `&` (an option's classes, the enemy's, free focus fire)
CLASS_BIT = {c: 1 << i for i, c in enumerate(CLASSES)}

POOL: CardPool = load_pool()


@dataclass(frozen=True, slots=True)
class DiceFacts:
    count: int
    sides: int
    plus: int
    fixed: bool


@dataclass(frozen=True, slots=True)
class AttackFacts:
    """An attack option (data.AttackOption) as the rules read it: the same numbers in a plain
    slotted object, since a pydantic model's attribute reads cost several times more and the
    legality checks read them for every option of every card at every decision."""

    key: str
    vs: frozenset[str]
    own: bool
    cost: int
    enemy_logistics: int
    own_logistics: int
    dmg_min: int
    dmg_max: int
    n: DiceFacts
    targets: DiceFacts
    vs_bits: int  # vs as class bits

    @classmethod
    def of(cls, o: AttackOption) -> "AttackFacts":
        def dice(d: Any) -> DiceFacts:
            return DiceFacts(count=d.count, sides=d.sides, plus=d.plus, fixed=d.fixed)

        return cls(key=o.key, vs=frozenset(o.vs), own=o.own, cost=o.cost, enemy_logistics=o.enemy_logistics,
                   own_logistics=o.own_logistics, dmg_min=o.dmg_min, dmg_max=o.dmg_max, n=dice(o.n),
                   targets=dice(o.targets), vs_bits=sum(CLASS_BIT[c] for c in set(o.vs)))


# Card facts the rules read at every decision, taken once out of the pool's pydantic models.
UNIT_CLS: dict[str, str] = {k: c.cls for k, c in POOL.combat.items()}
UNIT_CV: dict[str, int] = {k: c.cv for k, c in POOL.combat.items()}
UNIT_ENV: dict[str, dict[str, int]] = {k: dict(c.env) for k, c in POOL.combat.items()}  # damage change per environment
UNIT_ABILITIES: dict[str, frozenset[str]] = {k: frozenset(c.abilities) for k, c in POOL.combat.items()}
UNIT_LOGISTICS: dict[str, int] = {k: c.logistics for k, c in POOL.combat.items()}
ABILITY_LOGISTICS: dict[str, int] = {k: a.logistics for k, a in POOL.abilities.items()}
CARD_LOGISTICS: dict[str, int] = {**ABILITY_LOGISTICS, **UNIT_LOGISTICS}  # as POOL.logistics: combat first
MOST_LOGISTICS = max(CARD_LOGISTICS.values())
CARD_NAMES: dict[str, dict[str, str]] = {  # as POOL.name: combat first
    k: c.name for k, c in [*POOL.abilities.items(), *POOL.combat.items()]}
GRANTS: dict[str, str] = {k: a.ability for k, a in POOL.abilities.items()}  # ability card -> ability (401)
ATTACKS: dict[str, tuple[AttackFacts, ...]] = {k: tuple(AttackFacts.of(o) for o in c.attack) for k, c in POOL.combat.items()}
OPTION: dict[tuple[str, str], AttackFacts] = {(k, o.key): o for k, opts in ATTACKS.items() for o in opts}
# per card: the target classes of its options that are free (cost 0) and aim at enemies (focus fire, 102.3)
FREE_VS: dict[str, frozenset[str]] = {
    k: frozenset(c for o in c.attack if not o.own and o.cost == 0 for c in o.vs) for k, c in POOL.combat.items()}
UNIT_BIT: dict[str, int] = {k: CLASS_BIT[c.cls] for k, c in POOL.combat.items()}  # a card's class as a bit
FREE_BITS: dict[str, int] = {k: sum(CLASS_BIT[c] for c in vs) for k, vs in FREE_VS.items()}
# cards whose every option is free and aims at enemies: which of them it may use depends on
# the enemy's classes alone (see the engine's `_turn_listing`)
PLAIN: frozenset[str] = frozenset(k for k, opts in ATTACKS.items() if all(not o.cost and not o.own for o in opts))


def _presets() -> dict[str, tuple[str, str, dict[str, str]]]:
    """name -> (format, code, display name), from data/decks.toml."""
    import tomllib

    from games.ironfire.data import DATA, DataError

    with (DATA / "decks.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    out = {}
    for entry in raw.get("deck", []):
        key = entry.get("key", "?")
        try:
            code = normalize_deck(entry["code"])
        except RuleError as exc:
            raise DataError(f"decks.toml: deck {key}: {exc.key} {exc.params}") from None
        except KeyError as exc:
            raise DataError(f"decks.toml: deck {key}: missing {exc}") from None
        fmt = entry.get("format")
        if fmt not in FORMAT_MIN:
            raise DataError(f"decks.toml: deck {key}: format must be army30 or alt20")
        if deck_size(code) < FORMAT_MIN[fmt]:
            raise DataError(f"decks.toml: deck {key}: {deck_size(code)} cards, {fmt} needs {FORMAT_MIN[fmt]}")
        out[key] = (fmt, code, entry["name"])
    return out


# A card as a deck code may also name it, in either language and any case: the deck list the
# bot sends (`T-34/76 ×4, KV-1`, zh `T-34/76 ×4、KV-1`) is a code /deck save and /play deck take.
BY_NAME: dict[str, str] = {fold(name): key
                           for key, names in CARD_NAMES.items() for name in names.values()}


def ban_keys(text: str) -> list[str]:
    """The cards a `bans` option names (100.5), separated by commas (，、 too): card keys, or
    card names in either language, any case, or a unique prefix of one, as /play takes them;
    keys may also be separated by spaces, as before names were taken. Refuses a part that fits
    no card or several, naming the option and the candidates."""
    keys: list[str] = []
    for part in re.split("[,，、]", text):
        words = fold(part)
        if not words:
            continue
        if words in CARD_NAMES or words in BY_NAME:
            keys.append(BY_NAME.get(words, words))
            continue
        fits = sorted({key for name, key in BY_NAME.items() if name.startswith(words)})
        if len(fits) == 1:
            keys.append(fits[0])
        elif not fits and all(word in CARD_NAMES for word in words.split()):
            keys += words.split()
        else:
            _refuse_ban(part.strip(), words, fits)
    return keys


def _refuse_ban(given: str, words: str, fits: list[str]) -> None:
    from difflib import get_close_matches

    from games.core.i18n import LOCALES
    from games.core.options import option_name

    option = {loc: option_name("ironfire", "bans", loc) for loc in LOCALES}
    if fits:
        raise RuleError("ironfire.ban.ambiguous", option=option, value=given[:40], cards=[CARD_NAMES[k] for k in fits[:10]])
    close = list(dict.fromkeys(BY_NAME[name] for name in get_close_matches(words, BY_NAME, n=5, cutoff=0.6)))
    if close:
        raise RuleError("ironfire.ban.unknown", option=option, value=given[:40], cards=[CARD_NAMES[k] for k in close])
    raise RuleError("ironfire.ban.unknown_none", option=option, value=given[:40])


_PART = re.compile(r"(?P<card>.+?)\s*(?:[*×]\s*(?P<count>\S*))?")


def parse_deck(code: str) -> list[tuple[str, int]]:
    """`t34*3,panther` (or `T-34/76 ×3, Panther`) -> [(t34, 3), (panther, 1)], merged, in order
    of first mention."""
    return list(_parse_deck(code))


@lru_cache(maxsize=256)
def _parse_deck(code: str) -> tuple[tuple[str, int], ...]:
    # the same few codes (presets, the seats' decks) are parsed at every game's start;
    # a refused code raises anew each time (lru_cache keeps only results)
    counts: dict[str, int] = {}
    text = code.strip().casefold()
    if not text:
        raise RuleError("ironfire.deck.empty")
    for part in re.split("[,，、]", text):
        part = part.strip()
        if not part:
            continue
        match = _PART.fullmatch(part)
        key, num = " ".join(match["card"].split()), match["count"]
        if num is not None:
            if not num.isdigit() or not 1 <= int(num) <= 300:
                raise RuleError("ironfire.deck.bad_count", part=part[:40])
            n = int(num)
        else:
            n = 1
        key = BY_NAME.get(key, key)
        if key not in POOL.combat and key not in POOL.abilities:
            raise RuleError("ironfire.deck.unknown_card", card=key[:30])
        counts[key] = counts.get(key, 0) + n
    if not counts:
        raise RuleError("ironfire.deck.empty")
    return tuple(counts.items())


def normalize_deck(code: str) -> str:
    entries = parse_deck(code)
    if sum(n for _, n in entries) > 300:
        raise RuleError("ironfire.deck.too_big", size=sum(n for _, n in entries))
    if not any(k in POOL.combat for k, _ in entries):
        raise RuleError("ironfire.deck.no_combat")
    return ",".join(k if n == 1 else f"{k}*{n}" for k, n in entries)


def deck_size(code: str) -> int:
    return len(deck_cards(code))


@lru_cache(maxsize=256)
def deck_cards(code: str) -> tuple[str, ...]:
    """Every card of a deck, each copy, in deck order: a game's reserve when it starts."""
    return tuple(k for k, n in _parse_deck(code) for _ in range(n))


PRESETS = _presets()
