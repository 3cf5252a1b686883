"""State and action models of 战地强装&冲突 (Battlefield Armour & Conflict).

The state and its parts (cards, territories, units, players, agreements, the pending
decision) are plain slotted dataclasses, not pydantic models: the rules read and write
their fields tens of thousands of times per game, and a pydantic model costs about five
times as much per read (BaseModel defines `__getattr__`, which keeps CPython from
specialising attribute access) and twenty times as much per write (its `__setattr__`).
The engine loads and dumps `ConflictState` through a pydantic TypeAdapter, which validates
every field by its annotation and writes the same JSON a BaseModel did.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from games.core import ActionBase, GameRng


@dataclass(slots=True)
class Card:
    id: str  # secret token while in a hand; a fresh one whenever a card enters a hand
    key: str


@dataclass(slots=True)
class Terr:
    id: str  # public id, e.g. t3
    key: str
    owner: int
    dur: int
    max: int


@dataclass(slots=True)
class Unit:
    id: str  # public id, e.g. u7
    key: str  # the card; hidden from others while face down
    owner: int
    loc: str  # territory id
    up: bool = True  # 明置 face up / 暗置 face down
    mask: str = ""  # secret token naming the hidden card while face down
    hp: int = 3  # durability in the current battle phase
    strikes: int = 0  # attacks this turn
    flipped: bool = False  # turned over this turn
    rider: str | None = None  # vehicle: the crew unit inside
    riding: str | None = None  # crew: the vehicle it drives
    # the numbers in its labels, each kept for its life (rules.number_unit): `no` among the units of
    # its card (`Supply Corps #2`; 1 shows none), given when it first shows face up; `down` among the
    # face-down units (`face-down unit #2`) while it lies face down. 0: none yet (or a state stored before)
    no: int = 0
    down: int = 0


@dataclass(slots=True)
class Player:
    name: str
    faction: str | None = None
    offer: list[str] = field(default_factory=list)  # factions dealt (setup, secret)
    dealt: list[str] = field(default_factory=list)  # territory ids dealt (setup)
    ready: bool = False
    rows: list[list[str]] = field(default_factory=list)  # territory ids; rows[0] innermost, rows[-1] the outer row
    capital: str | None = None
    res: int = 2
    hand: list[Card] = field(default_factory=list)
    upgrade: str | None = None
    alive: bool = True
    out: str = ""  # "eliminated" or "resigned"
    attacked: bool = False  # has attacked at least once
    evading: list[str] = field(default_factory=list)  # units under tactical evasion until this player's next turn
    blockaded: bool = False  # no resource draw, no trade until the end of own turn
    no_attack_until: int | None = None  # cannot attack until the end of that seat's turn
    emp: bool = False  # upgrade and vehicles disabled until the end of own turn
    hacked: bool = False  # no strategy cards until the end of own turn
    nuked: list[str] = field(default_factory=list)  # territory keys removed by bombs credited to this player
    achievements: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Agreement:
    id: str
    a: int
    b: int
    terms: list[str]


@dataclass(slots=True)
class Pending:
    """A decision the game waits for; `seat` acts (combat: `by` and `other` both lay)."""

    kind: Literal["react", "combat", "doom", "approve", "price", "draft", "smite", "bequeath"]
    seat: int = -1
    by: int = -1  # who started it
    other: int = -1
    what: str = ""  # react/approve: the request ("strike", "neutron", "move", "sell", "buy", "pact", ...)
    card: str = ""  # key of the card being played
    unit: str = ""
    target: str = ""
    price: int = 0
    cost: int = 0
    points: int = 0
    terms: list[str] = field(default_factory=list)
    lay_by: list[str] | None = None
    lay_other: list[str] | None = None
    tok_by: str = ""
    tok_other: str = ""
    queue: list[int] = field(default_factory=list)
    paid_card: bool = False
    paid_res: bool = False
    gifts: list[list] = field(default_factory=list)  # doom: [seat, "card"|"res"] contributions, refunded on failure
    dooms: list[str] = field(default_factory=list)  # units still to be decided after this one
    killer: int = -1


class ConflictOptions(BaseModel):
    model_config = {"extra": "forbid"}
    max_rounds: int = Field(30, ge=1, le=99)  # hard cap; then the tie-break of RULES.md decides


@dataclass(slots=True)
class ConflictState:
    """The whole game (the engine loads and dumps it through a pydantic TypeAdapter)."""

    rng: GameRng
    n: int
    max_rounds: int
    players: list[Player]
    phase: str = "setup"  # setup, develop, battle, post, end, over
    turn: int = 0
    first: int = 0
    round: int = 1
    deck: list[Card] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # card keys, face up
    terr_deck: list[str] = field(default_factory=list)  # territory keys
    territories: dict[str, Terr] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    next_id: int = 1
    agreements: list[Agreement] = field(default_factory=list)
    pending: Pending | None = None
    assault: bool = False  # an attack card is open: strikes may be declared
    fought: bool = False  # attacked in this battle phase (no territory claim then)
    out_order: list[int] = field(default_factory=list)
    winner: int | None = None
    win_reason: str = ""
    first_out_recipient: int | None = None
    # What a seat has seen of another's secrets (the determinization keeps it; see determinize.py):
    # a hand card's id or a face-down unit's mask -> the seats besides its owner who know it
    known: dict[str, list[int]] = field(default_factory=dict)
    # a face-down deployment's mask -> [resources paid, 1 if the 经济制霸 discount applied]:
    # the payment is public, so it narrows what the hidden card can be
    paid: dict[str, list[int]] = field(default_factory=dict)
    terr_known: int = 0  # territories at the bottom of terr_deck that everyone knows (put back on resigning)


def copy_state(state: ConflictState) -> ConflictState:
    """A deep copy of `state` (what copy.deepcopy gives, a tenth of its time): every part
    built again field by field, the lists and dicts in the same order. The search bot copies
    the real state for every world it draws (determinize.py); tests/conflict/test_state_model.py
    checks over random games that the copy dumps as the state does and shares nothing mutable."""
    return ConflictState(
        rng=state.rng.model_copy(), n=state.n, max_rounds=state.max_rounds,
        players=[_copy_player(p) for p in state.players], phase=state.phase, turn=state.turn,
        first=state.first, round=state.round, deck=[Card(id=c.id, key=c.key) for c in state.deck],
        discard=list(state.discard), terr_deck=list(state.terr_deck),
        territories={k: Terr(id=t.id, key=t.key, owner=t.owner, dur=t.dur, max=t.max)
                     for k, t in state.territories.items()},
        units={k: Unit(id=u.id, key=u.key, owner=u.owner, loc=u.loc, up=u.up, mask=u.mask, hp=u.hp,
                       strikes=u.strikes, flipped=u.flipped, rider=u.rider, riding=u.riding, no=u.no, down=u.down)
               for k, u in state.units.items()},
        next_id=state.next_id,
        agreements=[Agreement(id=a.id, a=a.a, b=a.b, terms=list(a.terms)) for a in state.agreements],
        pending=None if state.pending is None else _copy_pending(state.pending), assault=state.assault,
        fought=state.fought, out_order=list(state.out_order), winner=state.winner, win_reason=state.win_reason,
        first_out_recipient=state.first_out_recipient, known={k: list(v) for k, v in state.known.items()},
        paid={k: list(v) for k, v in state.paid.items()}, terr_known=state.terr_known)


def _copy_player(p: Player) -> Player:
    return Player(
        name=p.name, faction=p.faction, offer=list(p.offer), dealt=list(p.dealt), ready=p.ready,
        rows=[list(r) for r in p.rows], capital=p.capital, res=p.res,
        hand=[Card(id=c.id, key=c.key) for c in p.hand], upgrade=p.upgrade, alive=p.alive, out=p.out,
        attacked=p.attacked, evading=list(p.evading), blockaded=p.blockaded, no_attack_until=p.no_attack_until,
        emp=p.emp, hacked=p.hacked, nuked=list(p.nuked), achievements=list(p.achievements))


def _copy_pending(d: Pending) -> Pending:
    return Pending(
        kind=d.kind, seat=d.seat, by=d.by, other=d.other, what=d.what, card=d.card, unit=d.unit, target=d.target,
        price=d.price, cost=d.cost, points=d.points, terms=list(d.terms),
        lay_by=None if d.lay_by is None else list(d.lay_by),
        lay_other=None if d.lay_other is None else list(d.lay_other), tok_by=d.tok_by, tok_other=d.tok_other,
        queue=list(d.queue), paid_card=d.paid_card, paid_res=d.paid_res, gifts=[list(g) for g in d.gifts],
        dooms=list(d.dooms), killer=d.killer)


# --- actions -------------------------------------------------------------------------------
def _act(kind: str, waiver: bool = False, worded: bool = False, **fields: type) -> type[ActionBase]:
    annotations = {"kind": Literal[kind], **fields}  # type: ignore[valid-type]
    ns = {"__annotations__": annotations, "kind": kind}
    if waiver:  # declines a window and does nothing else: alone, the host applies it (bot/host)
        annotations["waiver"] = ClassVar[bool]
        ns["waiver"] = True
    if worded:  # its own event says the pass: the host's automatic pass adds no line (bot/host)
        annotations["worded"] = ClassVar[bool]
        ns["worded"] = True
    return type(f"Act_{kind}", (ActionBase,), ns)


Faction = _act("faction", key=str)
# `inner`: the other territories of the inner row, by id, joined by commas (None, `-`: the capital
# alone); a number N (logs before session 17, which chose how many, not which): the first N − 1 others
# in the order dealt (rules.arranged_rows)
Arrange = _act("arrange", capital=str, inner=str | None)
Deploy = _act("deploy", card=str, tid=str, face=Literal["up", "down"])
Board = _act("board", vehicle=str, unit=str)
Flip = _act("flip", unit=str)
Equip = _act("equip", card=str)
Move = _act("move", card=str, unit=str, tid=str)
Maintain = _act("maintain", card=str, tid=str)
Retreat = _act("retreat", card=str, unit=str)
Sell = _act("sell", card=str, unit=str, seat=int)
Buy = _act("buy", card=str, unit=str)
Price = _act("price", amount=int)
Withdraw = _act("withdraw", card=str)
Evade = _act("evade", card=str, unit=str)
Pact = _act("pact", card=str, seat=int)
Term = _act("term", text=str)
Propose = _act("propose")
BreakPact = _act("breakpact", card=str, agreement=str)
Spy = _act("spy", card=str, seat=int)
Blockade = _act("blockade", card=str, seat=int)
Recall = _act("recall", card=str, key=str)
Aid = _act("aid", card=str, seat=int, gift=str)
Airdrop = _act("airdrop", card=str, unit=str, tid=str)
Wreck = _act("wreck", card=str, seat=int, what=Literal["hand", "fit"])
Attack = _act("attack", card=str)
Strike = _act("strike", unit=str, target=str)
Halt = _act("halt")
Hbomb = _act("hbomb", card=str, tid=str)
Neutron = _act("neutron", card=str, tid=str)
Smite = _act("smite", card=str, seat=int)
Hit = _act("hit", tid=str)
Emp = _act("emp", card=str, seat=int)
Plague = _act("plague", card=str)
Hack = _act("hack", card=str, seat=int)
Assassinate = _act("assassinate", card=str, unit=str, tid=str, target=str)
Claim = _act("claim")
Next = _act("next")
Lay = _act("lay", cards=str)
Allow = _act("allow", waiver=True)
Void = _act("void")
Deflect = _act("deflect", card=str, unit=str)
Escape = _act("escape", card=str)
Cover = _act("cover", card=str)
Fund = _act("fund")
Pass = _act("pass", waiver=True, worded=True)  # the doom window declined ("… does not save …")
Yes = _act("yes")
No = _act("no")
Discard = _act("discard", cards=str)  # the hand cards discarded, joined by commas (`discard c1` of older logs: one)
Bequeath = _act("bequeath", seat=int)
Nobody = _act("nobody")  # the heir prompt declined: the cards are discarded

ACTIONS: tuple[type[ActionBase], ...] = (
    Faction, Arrange, Deploy, Board, Flip, Equip, Move, Maintain, Retreat, Sell, Buy, Price, Withdraw,
    Evade, Pact, Term, Propose, BreakPact, Spy, Blockade, Recall, Aid, Airdrop, Wreck, Attack, Strike,
    Halt, Hbomb, Neutron, Smite, Hit, Emp, Plague, Hack, Assassinate, Claim, Next, Lay, Allow, Void,
    Deflect, Escape, Cover, Fund, Pass, Yes, No, Discard, Bequeath, Nobody,
)
