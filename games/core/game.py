"""A game as the platform sees it: the rules and the faces around them, wired in one place.

`Engine` (games/core/engine.py) holds the rules only. A game's text, picture and bot are
modules of their own that import the engine, never the reverse (python-chess's `svg.py`
imports `chess`; boardgame.io wires game and board in a third file). Each game package
assembles its bundle in `__init__.py`:

    GAME = Game(FleetEngine(), text=present, render=render_board, bot=choose)

and the registry reads it (`games.registry.get_game`). What a game leaves out gets the
plain defaults below (a bare `Engine`, such as a test game, gets them all): codes for
names, JSON for the board, no picture, a random legal bot.
"""
from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Mapping

from games.core.engine import Engine
from games.core.events import ShownRoll, plain_roll, roll_text
from games.core.i18n import t

# What engines put in an event for "nothing" (no target, no card); it reads as `core.none`
NOTHING = "-"


def table_over(view: dict[str, Any]) -> bool:
    """Whether the host says the table is over (`view["table"]`, added by the host): a table
    abandoned or ended without a winner keeps a state in which somebody is still to act, and
    its board must not say so."""
    return bool((view.get("table") or {}).get("over"))


def marked_to_act(view: dict[str, Any], own: Any = ()) -> set[int]:
    """The seats a board marks as to act (Iron & Fire's ▶): those the host's "Waiting for"
    names (`view["table"]["awaited"]`, see `bot.host.core.Host._awaited`: the humans awaited,
    else the bots), so that the board, its picture and the text never disagree (the board
    marked a bot choosing a deck at once with alice while the text waited for alice only);
    none once the table is over; `own`, the game's active seats, on a view the host did not
    dress (a test, a tool)."""
    table = view.get("table") or {}
    if table.get("over"):
        return set()
    return set(table["awaited"] if "awaited" in table else own or ())


def wants_key(view: dict[str, Any]) -> bool:
    """Whether the host asks a text board for its key of symbols (`view["table"]["key"]`): on
    boards a player asks for (/game status, /hand) and on the first post with something for the
    key to explain, not on every post."""
    return bool((view.get("table") or {}).get("key"))

# What a game's text module may define, by the `Text` method each function stands for. A
# function of a state takes the engine first, then the method's arguments:
# `describe(engine, state, seat, action, locale)`; `summary(view, locale)` reads a view only.
STATE_FUNCTIONS = {"describe_action": "describe", "token_names": "token_names", "event_params": "event_params",
                   "explain_roll": "explain_roll", "prompt": "prompt", "event_labels": "event_labels",
                   "menu_steps": "menu_steps", "action_facts": "action_facts", "step_facts": "step_facts",
                   "left_play": "left_play"}


class Text:
    """How one game reads to its players. The defaults are plain. A game gives its own in a
    module of functions (`module`, see STATE_FUNCTIONS), or subclasses this. Either reads the
    state only through the engine's public surface and the game's public rules modules."""

    def __init__(self, engine: Engine, module: ModuleType | None = None) -> None:
        self.engine = engine
        if module is None:
            return
        for method, name in STATE_FUNCTIONS.items():
            if (function := getattr(module, name, None)) is not None:
                setattr(self, method, functools.partial(function, engine))
        if (summary := getattr(module, "summary", None)) is not None:
            self.summary = summary
        if (has_key := getattr(module, "has_key", None)) is not None:
            self.has_key = has_key

    def has_key(self, view: dict[str, Any]) -> bool:
        """Whether this view's text board has a key of symbols to give when asked
        (`wants_key`), or the marks it explains; the host gives it on a post where this turns
        true, or names a mark the post before did not."""
        return False

    def describe_action(self, state: Any, seat: int, action: Any, locale: str) -> str:
        return action.code()

    def action_facts(self, state: Any, seat: int, action: Any, locale: str) -> str:
        """What the seat weighs in choosing this action, beyond its name (fleet: an attack's
        chance to land and what it comes from), shown under the choice in the menus; only what
        the seat may know. "" for none."""
        return ""

    def step_facts(self, state: Any, seat: int, steps: list[str], locale: str) -> str:
        """Under a menu option that stands for the step `steps[-1]` (the steps so far and it),
        what that step means when its label has no room for it: a combat card's results
        (conflict's lay menu), the figures a card's unit would fight with and their terms. The
        menu shows it in place of the count of choices under the option, and under an option of
        a single action whose `action_facts` is empty. "" for none."""
        return ""

    def token_names(self, state: Any, seat: int, locale: str) -> dict[str, str]:
        """Names, in `locale`, of the tokens in this seat's action codes (verbs, ids of cards,
        units, tanks, ships, places), with what tells apart two things of one name (cost,
        strength, position). Menus show them instead of ids and `/play` accepts them. Only
        what the seat may know: a face-down card is named as face down."""
        return {}

    def left_play(self, state: Any, seat: int, locale: str) -> dict[str, tuple[str, str]]:
        """What left play that a player may still call by the name the table knew it by (a
        unit destroyed, a card played): its id -> (that name, a sentence saying where it went),
        in `locale`. `/play` answers with the sentence ("P-51 Mustang #1 was destroyed")
        rather than "None of your actions uses P-51 Mustang". Only what the seat may know."""
        return {}

    def menu_steps(self, state: Any, seat: int, action: Any) -> list[str]:
        """The click menu's steps to this action, one choice a step: its code's tokens, unless a
        token holds several choices a player makes one by one (conflict's combat cards in order,
        `lay ADR`: 65 orders in one list, built card by card instead). `/play` takes the steps
        joined as well as the code."""
        return action.code().split()

    def event_params(self, state: Any, key: str, params: dict[str, Any], locale: str) -> dict[str, Any]:
        """An event's parameters as the reader should see them: games replace the ids they
        carry (a tank, a unit) by names. Events are public or were sent to their readers, so
        naming what they carry reveals nothing new."""
        return params

    def event_labels(self, state: Any, events: list[tuple[str, dict[str, Any]]], locale: str) -> dict[str, str] | None:
        """Labels for the things a batch of events names, numbered over the board and these
        events together, so that a unit destroyed in the batch keeps the ordinal it had and its
        twin keeps its own ("Rearguard #1 is destroyed. Rearguard #2 is now 2/2.", never
        "Rearguard is destroyed. Rearguard is now 2/2."). A game that gives them gets them back
        in `event_params` and `explain_roll` as `labels`; None: names come from the state alone."""
        return None

    def explain_roll(self, state: Any, params: dict[str, Any], following: list[tuple[str, dict[str, Any]]],
                     locale: str) -> ShownRoll:
        """How a `core.roll` event reads: every term of its total, its target and result
        (`following`: the events after it, whose first few it may absorb)."""
        return plain_roll(params, locale)

    def event_lines(self, state: Any, events: list[tuple[str, dict[str, Any]]], locale: str,
                    escape: Any = None) -> list[str]:
        """Events (key, params), in order, as lines in `locale`: ids named, each roll with its
        terms, target and result. `escape(params)`, if given, makes the parameters safe to
        show (the host escapes players' names for Discord's markdown)."""
        return [line for _, line in self.indexed_event_lines(state, events, locale, escape)]

    def indexed_event_lines(self, state: Any, events: list[tuple[str, dict[str, Any]]], locale: str,
                            escape: Any = None) -> list[tuple[int, str]]:
        """`event_lines`, each line with the index of the event it tells (a roll's line tells
        the events it absorbs too): the host keeps each step's lines of a post for /game log."""
        lines: list[tuple[int, str]] = []
        skip = 0
        labels = self.event_labels(state, events, locale)
        extra = {} if labels is None else {"labels": labels}
        for i, (key, params) in enumerate(events):
            if skip:
                skip -= 1
                continue
            named = self.event_params(state, key, params, locale, **extra)
            if escape is not None:
                named = escape(named)
            if key == "core.roll":
                shown = self.explain_roll(state, params, events[i + 1:], locale, **extra)
                if escape is not None:  # a result may name a player (who goes first)
                    shown.target, shown.result = escape({"t": shown.target, "r": shown.result}).values()
                skip = shown.absorbs
                lines.append((i, roll_text(locale, named.get("who", ""), named.get("what", ""), shown)))
            else:  # an engine's "-" (kept in stored events: the fingerprints hash them) reads as a word
                lines.append((i, t(locale, key, **{k: "@core.none" if v == NOTHING else v for k, v in named.items()})))
        return lines

    def prompt(self, state: Any, seat: int, locale: str) -> str | None:
        """Why the game awaits `seat` out of its turn, when a rule gives it a choice (a
        reaction, defensive fire, an answer to an attack): the host then sends that player
        the choice with its buttons. None for an ordinary turn."""
        return None

    def summary(self, view: dict[str, Any], locale: str) -> str:
        """A short text board made from a view (never from the raw state)."""
        return json.dumps(view, ensure_ascii=False)[:1500]

    def rules_path(self) -> Path | None:
        """The game's rules page: RULES.md beside the engine's module, if there is one."""
        module = __import__(type(self.engine).__module__, fromlist=["__file__"])
        path = Path(module.__file__).parent / "RULES.md"
        return path if path.exists() else None


def no_picture(view: dict[str, Any], locale: str) -> bytes | None:
    """The default picture: none (the host then posts the text board alone)."""
    return None


def random_bot(engine: Engine, state: Any, seat: int, rng: random.Random) -> Any:
    """The default bot seat: a random legal action."""
    return rng.choice(engine.legal_actions(state, seat))


@dataclass(eq=False)
class Game:
    """One game's bundle: its rules (`engine`); how it reads (`text`: its text module or a
    `Text` subclass, built on the engine); its picture (`render(view, locale)`: PNG bytes or
    None); its bot seat (`bot(engine, state, seat, rng)`: an action); and commands of its own
    that the host offers by verb (`tools[verb](args, locale)`: the reply text, e.g. Iron &
    Fire's card designer for `/design`)."""

    engine: Engine
    text: ModuleType | type[Text] | Text = Text
    render: Callable[[dict[str, Any], str], bytes | None] = no_picture
    bot: Callable[[Engine, Any, int, random.Random], Any] = random_bot
    tools: Mapping[str, Callable[[Mapping[str, Any], str], str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.text, ModuleType):
            self.text = Text(self.engine, self.text)
        elif isinstance(self.text, type):
            self.text = self.text(self.engine)

    @property
    def key(self) -> str:
        return self.engine.key

    def bot_action(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The bot seat's choice in this state."""
        return self.bot(self.engine, state, seat, rng)


def as_game(item: Engine | Game) -> Game:
    """A game bundle for `item`: itself, or a bare engine with the plain faces."""
    return item if isinstance(item, Game) else Game(item)
