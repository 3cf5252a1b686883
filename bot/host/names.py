"""Actions by name: `/play` accepts what a player reads in the menus, not only action codes.

A typed line is matched against the seat's legal actions by their labels in both languages
and by their codes with each token replaced by its name (`Text.token_names`), folded for
case and width: an exact label first, then a unique label prefix, then labels holding every
word typed. A line that reads as a code but names things where the code has ids (`deploy
tiger f2`) is matched by whole words only. Several matches are returned for the player to click; none, for a clear error.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, NamedTuple

from games.core.errors import RuleError
from games.core.game import Game, Text
from games.core.i18n import fold, listed, sentences

LOCALES = ("en", "zh-CN")
_PUNCT = ":,;.!?·()（）：，。"  # around a word, not part of it; typed words are stripped alike
# what a name says in brackets: its figures ("Pz 38(t) (14)": a cost), never what it is called
_ASIDE = re.compile(r"[(（][^()（）]*[)）]")
_ID = re.compile(r"(?=.*[a-z])(?=.*\d)[a-z0-9_]+")  # `c69f121183b`, `t5`, `a1`: an id, not a word


def action_names(text: Text, state: Any, seat: int, action: Any,
                 names: dict[str, dict[str, str]]) -> set[str]:
    """Every folded way a player may call `action` by name: its labels and its named codes
    (`action_codes`); its bare code is matched apart, see `match_actions`."""
    return {fold(text.describe_action(state, seat, action, loc)) for loc in LOCALES} | action_codes(action, names)


def action_codes(action: Any, names: dict[str, dict[str, str]]) -> set[str]:
    """`action`'s code with each token named, per language, also with the code's own verb
    (`drop KV-1` for `drop kv1`, the menu's "Put back KV-1"): the words that name its parts,
    where a label's other words and numbers only describe them (a cost, "+1 range")."""
    verb, *tokens = action.code().split()
    found = set()
    for loc in LOCALES:
        named = [names[loc].get(tok, tok) for tok in tokens]
        found.add(fold(" ".join([names[loc].get(verb, verb), *named])))
        found.add(fold(" ".join([verb, *named])))
    return found


def words_of(name: str) -> set[str]:
    """A folded name's words, without the punctuation around them (`#1:` -> `#1`, `@f2` -> `f2`)."""
    return {w.strip(_PUNCT).lstrip("@") for w in name.split()} - {""}


def _short(word: str) -> bool:
    """A typed word that names nothing as part of a longer one: a number (`1` in "+1" or
    "FA-07A" is not the one meant) or one or two Latin letters (`n` is not in "north")."""
    return any(c.isdigit() for c in word) or (word.isascii() and len(word) <= 2)


def _holds(name: str, word: str) -> bool:
    """`word` typed is in `name`: a number as a whole number outside brackets (`38` in
    "Pz 38(t) (14)", never `1` in "12" nor `14`, its cost); another short one (`_short`) as a
    whole word (`_whole`); a longer one anywhere (Chinese names have no spaces between words)."""
    if word.isdigit():
        return word in re.findall(r"\d+", _ASIDE.sub(" ", name))
    return _whole(word).search(name) is not None if _short(word) else word in name


def _whole(word: str) -> re.Pattern[str]:
    """`word` where no Latin letter or digit goes on either side: a whole word in a line with
    spaces, and in a Chinese name too ("is-2" in "is-2重型坦克 #1", which has no space to end it)."""
    return re.compile(rf"(?<![0-9a-z]){re.escape(word)}(?![0-9a-z])")


def _starts(name: str, query: str) -> bool:
    """`query` is a prefix of `name`; one ending in a short word ends where a word ends
    (`faction 1` is not the start of "faction 12")."""
    if not name.startswith(query):
        return False
    last = query.split()[-1]
    return not _short(last) or len(name) == len(query) or not re.match(r"[0-9a-z]", name[len(query)])


class Reading(NamedTuple):
    """What a line typed to `/play` names (`read_move`). At most one of `choices`, `why` and
    `refused` is set; with none, `action` is the move to apply (the rules may still refuse it)."""

    action: Any = None
    matched: bool = False  # a legal action as typed, or by name: a saved fleet code was not meant
    choices: list[Any] = []  # several actions named alike: the player picks one (a menu)
    why: tuple[str, dict[str, Any], list[Any] | None] | None = None  # `unmatched`: names nothing playable
    refused: RuleError | None = None  # read as nothing at all: the rules' own "not understood"


def read_move(game: Game, state: Any, seat: int, line: str, locale: str) -> Reading:
    """A typed line as `/play` reads it (Host._play): a code; a click menu's steps (`lay A D R`
    for `lay ADR`); else a name as the menus show it (`match_actions`), a code the rules can read
    keeping their own message; else names typed for ids (`coded`), for the rules' reason; else what
    the words name and the actions that use it (`unmatched`), never "not understood" while they
    name something. Pure: the host and the tests read a line with this one function."""
    engine = game.engine
    legal = engine.legal_actions(state, seat)
    try:
        action, unparsed = engine.parse_action(line), None
    except RuleError as exc:
        action, unparsed = None, exc
    if action is None or action not in legal:
        # a click menu's steps (its confirm button sends them): `lay A D R` for `lay ADR`, and
        # `arrange t3 +t1` for `arrange t3 t1`, which parses as another (illegal) code
        stepped = [a for a in legal if game.text.menu_steps(state, seat, a) == line.split()]
        if len(stepped) == 1:
            action, unparsed = stepped[0], None
    if action is not None and action in legal:
        return Reading(action, matched=True)
    found = match_actions(game, state, seat, line, exact=unparsed is None)
    if len(found) > 1:
        return Reading(matched=True, choices=found)
    if found:
        return Reading(found[0], matched=True)
    if unparsed is None:  # a code the rules refuse: their reason
        return Reading(action)
    try:
        return Reading(engine.parse_action(coded(game, state, seat, line) or ""))
    except RuleError:
        why = unmatched(game, state, seat, line, locale)
        return Reading(refused=unparsed) if why is None else Reading(why=why)


def match_actions(game: Game, state: Any, seat: int, text: str, exact: bool = False) -> list[Any]:
    """The legal actions of `seat` that `text` names, best matches only (see the module doc).
    With `exact` (for text that reads as a code the rules refuse), a whole code in another case;
    else, when a word typed is in none of the legal codes (`deploy tiger f2`: a name where the
    code has an id), a name holding every word typed as a whole word (`n` never matches `ne`).
    Never a prefix, never another action's bare code: a refused code made of the codes' own
    words (`deploy a1 a1`, another seat's tank) keeps the rules' message.

    A number or a one- or two-letter word is matched as a whole word only, and a bare number
    only in the names of the action's parts (`action_codes`: "Pz 38(t)"), never in a label's
    figures nor in an id: "choose faction 1" is not every faction whose talent reads "+1". A line ending
    in a number that names nothing is a menu number: "choose faction 2" picks the second of
    the choices "choose faction" offers, numbered as the menu shows them."""
    query = fold(text)
    if not query:
        return []
    names = {loc: game.text.token_names(state, seat, loc) for loc in LOCALES}
    called = [(action, fold(action.code()), action_names(game.text, state, seat, action, names),
               action_codes(action, names))
              for action in game.engine.legal_actions(state, seat)]
    words = query.split()
    if exact:
        typed = words_of(query)
        tests = [lambda code, known, codes: code == query or query in known]
        if not set(words) <= {token for _, code, _, _ in called for token in code.split()}:  # a name among them
            tests.append(lambda code, known, codes: any(typed <= words_of(n) for n in (
                codes if any(w.isdigit() for w in typed) else known)))
    else:
        numbers = any(w.isdigit() for w in words)

        def holds_all(code: str, known: set[str], codes: set[str]) -> bool:
            return any(all(_holds(n, w) for w in words) for n in (codes if numbers else {code} | known))
        tests = [lambda code, known, codes: code == query or query in known,
                 lambda code, known, codes: any(_starts(n, query) for n in (code, *known)),
                 holds_all]
    for test in tests:
        hits = [action for action, code, known, codes in called if test(code, known, codes)]
        # the code's own verb typed beats a label holding it ("turn" is the hull's, not "Turn turret")
        hits = [a for a in hits if a.code().split()[0] == words[0]] or hits
        if hits:
            return distinct(game.text, state, seat, _plainest(game.text, state, seat, hits))
    if not exact and len(words) > 1 and words[-1].isdigit():
        return _menu_number(game, state, seat, " ".join(words[:-1]), int(words[-1]))
    return []


def _plainest(text: Text, state: Any, seat: int, hits: list[Any]) -> list[Any]:
    """Of actions named alike, the one whose label, in every language, begins each other's,
    which only add an aside in brackets (a shot, and the same shot with a special
    round: "advfire Tiger #2 Panther #3" is the plain shot, as "… (APFSDS)" names its round;
    panzer16). Else all of them."""
    if len(hits) < 2:
        return hits
    labels = [[fold(text.describe_action(state, seat, a, loc)) for loc in LOCALES] for a in hits]

    def begins(short: str, long: str) -> bool:  # an aside added, never another name ("Tiger" / "Tiger #2")
        return long.startswith(short) and long[len(short):].lstrip()[:1] in ("(", "（", "[", "【")
    for action, own in zip(hits, labels):
        if all(other is own or all(begins(a, b) for a, b in zip(own, other)) for other in labels):
            return [action]
    return hits


def _menu_number(game: Game, state: Any, seat: int, text: str, number: int) -> list[Any]:
    """The `number`th of the actions `text` names, as the menu offering them numbers them
    (one choice per action: the menu of an ambiguous name, see Host._play)."""
    among = match_actions(game, state, seat, text)
    steps = [game.text.menu_steps(state, seat, a) for a in among]  # as the menu builds them
    prefix = common_prefix(steps)
    nexts = [s[len(prefix):][:1] for s in steps]
    if any(n and n[0].isdigit() for n in nexts):  # the choices are numbers ("drive a5 4"): one typed is one of them
        return []
    if len(among) > 1 and all(nexts) and len({tuple(n) for n in nexts}) == len(among) and 1 <= number <= len(among):
        return [among[number - 1]]
    return []


def distinct(text: Text, state: Any, seat: int, actions: list[Any]) -> list[Any]:
    """`actions` less those a player cannot tell from an earlier one: the same label in every
    language. Two copies of one card in hand are one choice when nothing a player weighs
    tells them apart (a game's label names what does: a bonus, a card the opponent has seen,
    a face-down card's ordinal); playing either is then the same move."""
    if len(actions) < 2:
        return list(actions)
    return _told_apart(actions, lambda action: text.describe_action(state, seat, action, LOCALES[0]),
                       lambda action: _other_labels(text, state, seat, action))


def distinct_groups(text: Text, state: Any, seat: int, groups: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """A menu step's groups (next token -> the actions under it) less those a player cannot
    tell from an earlier one: the same actions, by label in every language. Two copies of an
    order card in hand, each with its targets ("Fuel Depot (1)" twice), are one choice, as
    `distinct` makes two copies of a card with no further step one."""
    sizes = Counter(len(actions) for actions in groups.values())
    # only a group of the same size as another can be a copy
    alike = [actions for actions in groups.values() if len(actions) > 1 and sizes[len(actions)] > 1]
    if not alike:
        return groups
    copies = {id(actions) for actions in alike} - {id(actions) for actions in _told_apart(
        alike, lambda actions: tuple(sorted(text.describe_action(state, seat, a, LOCALES[0]) for a in actions)),
        lambda actions: _group_labels(text, state, seat, actions))}
    return {token: actions for token, actions in groups.items() if id(actions) not in copies}


def _told_apart(items: list[Any], first: Callable[[Any], Any], others: Callable[[Any], Any]) -> list[Any]:
    """`items` less those that read as an earlier one: `first(item)` (the first language's labels)
    tells most apart; `others(item)` (the other languages') is read only for a tie. A menu counts
    the choices under each of its options with this, so it runs over whole groups."""
    kept = []
    same_first: dict[Any, list[list[Any]]] = {}  # first labels -> [[item kept, its other labels or None]]
    for item in items:
        rivals = same_first.setdefault(first(item), [])
        theirs = None
        if rivals:
            theirs = others(item)
            for rival in rivals:
                if rival[1] is None:
                    rival[1] = others(rival[0])
            if any(rival[1] == theirs for rival in rivals):
                continue
        rivals.append([item, theirs])
        kept.append(item)
    return kept


def _group_labels(text: Text, state: Any, seat: int, actions: list[Any]) -> tuple[tuple[str, ...], ...]:
    """A group's labels in every language, in an order that does not depend on the group's."""
    return tuple(sorted(tuple(text.describe_action(state, seat, a, loc) for loc in LOCALES) for a in actions))


def menu_choices(text: Text, state: Any, seat: int, matching: list[tuple[list[str], Any]],
                 prefix: list[str]) -> dict[str, list[Any]]:
    """The options a click menu at `prefix` shows, each with the actions under it (`matching`:
    actions with their menu steps): one per next step, less a group that copies an earlier one
    (`distinct_groups`) and a lone action a player cannot tell from an earlier one (`distinct`).
    A menu's options and the count of choices a post gives for the menu a click opens both come
    from here, so the two never differ."""
    groups: dict[str, list[Any]] = {}
    for tokens, action in matching:
        if len(tokens) > len(prefix) and tokens[:len(prefix)] == prefix:
            groups.setdefault(tokens[len(prefix)], []).append(action)
    groups = distinct_groups(text, state, seat, groups)
    told_apart = {id(a) for a in distinct(text, state, seat, [acts[0] for acts in groups.values() if len(acts) == 1])}
    return {token: acts for token, acts in groups.items() if len(acts) > 1 or id(acts[0]) in told_apart}


class Labels:
    """A game's text whose action labels are made once per action and language: a menu reads
    the same labels for its options, for telling copies apart and for the counts under them.
    Only for the actions of one state, alive while it is used (keyed by identity)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self._made: dict[tuple[int, str], str] = {}

    def describe_action(self, state: Any, seat: int, action: Any, locale: str) -> str:
        key = (id(action), locale)
        if key not in self._made:
            self._made[key] = self.text.describe_action(state, seat, action, locale)
        return self._made[key]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.text, name)


def _other_labels(text: Text, state: Any, seat: int, action: Any) -> tuple[str, ...]:
    return tuple(text.describe_action(state, seat, action, loc) for loc in LOCALES[1:])


def common_prefix(codes: list[list[str]]) -> list[str]:
    prefix: list[str] = []
    for column in zip(*codes):
        if len(set(column)) != 1:
            break
        prefix.append(column[0])
    return prefix


def named_params(text: Text, state: Any, seat: int | None, key: str, params: dict[str, Any],
                 locale: str) -> dict[str, Any]:
    """A refusal's (or event's) parameters as a player reads them: the game's own naming
    (`Text.event_params`), then any id still bare named as `seat`'s menus name it, and an
    echoed action code token by token. Only names the seat may know (`token_names`)."""
    out = dict(text.event_params(state, key, params, locale))
    known = text.token_names(state, seat, locale) if seat is not None else {}
    for name, value in out.items():
        if not isinstance(value, str):
            continue
        if name == "code":  # its ids named (words stay as typed); None when one cannot be named
            # as typed: a game's event naming reads codes as ids; a token of several ids joined by
            # commas (conflict's `discard c1,c2`, `arrange t3 t1,t2`) is named id by id
            tokens = [_token_named(token, known, locale) for token in str(params["code"]).split()]
            out[name] = None if None in tokens else " ".join(tokens)
        elif value in known:
            out[name] = known[value]
    return out


def _token_named(token: str, known: dict[str, str], locale: str) -> str | None:
    """A code's token as the menus name it: an id by its name (None: one the seat cannot name),
    ids joined by commas each by its name, a word as typed."""
    parts = token.split(",")
    if not all(_ID.fullmatch(part) for part in parts):
        return token
    named = [known.get(part) for part in parts]
    return None if None in named else listed(locale, named)


def named_refusal(text: Text, state: Any, seat: int | None, key: str, params: dict[str, Any],
                  locale: str) -> tuple[str, dict[str, Any]]:
    """A refusal's key and parameters as the seat reads them (`named_params`). A refused code
    is echoed as typed with its ids named; one holding an id the seat has no name for (another
    seat's hidden card, a card no longer held, an id typed by hand like `u1`) is not echoed at
    all: "That is not one of your actions", never a blank in quotes ("called “…”")."""
    out = named_params(text, state, seat, key, params, locale)
    if "code" in out and out["code"] is None:
        return "core.not_your_action", {}
    return key, out


_FIGURES = re.compile(r"(\s+\d+/\d+)+$")  # a name's trailing strength ("Yak-3 #2 3/4"): a figure, not its name


def _name_forms(name: str) -> tuple[set[str], set[str]]:
    """The ways a player may type a folded name: (whole, before its place (" @C4") or without
    its bracketed figures; shorter still, without its trailing strength too: "yak-3 #2" for
    "yak-3 #2 3/4")."""
    bare = " ".join(_ASIDE.sub(" ", name.split(" @")[0]).split())
    return ({name, name.split(" @")[0].strip(), _ASIDE.sub("", name).strip()},
            {bare, _FIGURES.sub("", bare)})


def _name_pairs(game: Game, state: Any, seat: int) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(a way to type a name, the tokens whose whole name it is, the tokens it shortens), longest
    first, over both languages: "ubt1-t1 kagami" is a model's whole name and a mech's short one."""
    whole: dict[str, set[str]] = {}
    short: dict[str, set[str]] = {}
    for loc in LOCALES:
        for token, name in game.text.token_names(state, seat, loc).items():
            full, shorter = _name_forms(fold(name))
            for form in full:
                whole.setdefault(form, set()).add(token)
            for form in shorter - full:
                short.setdefault(form, set()).add(token)
    return sorted(((form, tuple(sorted(whole.get(form, ()))), tuple(sorted(short.get(form, set()) - whole.get(form, set()))))
                   for form in whole.keys() | short.keys()), key=lambda p: -len(p[0]))


def _named(game: Game, state: Any, seat: int, line: str) -> tuple[str, list[str], str, set[str]]:
    """A folded line with each thing named replaced by its token: (the line so coded, every
    token named in the order typed, what no name covers, tokens whose name is the token
    itself). A whole name two things share is coded as the first; a short form only when it
    names one thing, and never over a whole name."""
    left = line
    itself: set[str] = set()  # tokens whose name is the token itself (a hex "H6" is the code's "h6"): covered too
    found: list[tuple[int, str]] = []
    for name, whole, short in _name_pairs(game, state, seat):
        if not name or name in whole:
            itself.update(whole)
            continue
        pattern = rf"(?<!\S){re.escape(name)}(?!\S)"
        for hit in re.finditer(pattern, left):
            found += [(hit.start(), token) for token in (*whole, *short)]
        if whole or len(short) == 1:
            line = re.sub(pattern, (whole or short)[0], line)
        left = re.sub(pattern, lambda m: " " * len(m.group()), left)
    return line, [token for _, token in sorted(found)], left, itself


def coded(game: Game, state: Any, seat: int, text: str) -> str | None:
    """`text` with each thing named as the menus name it replaced by its code token ("drive
    Pz IV H #5 3" -> "drive a5 3"), so that the rules can say why they refuse it (too many
    points, a tank destroyed) rather than "not understood"; None when it names nothing."""
    folded = fold(text)
    line, _, left, itself = _named(game, state, seat, folded)
    # what no name covers: a bare id there ("attack u1 t5") keeps the rules' own answer
    return line if line != folded and not any(_ID.fullmatch(w) and w not in itself for w in left.split()) else None


def _verb(game: Game, state: Any, seat: int, line: str) -> tuple[str | None, str]:
    """(the action kind a folded line starts with, as its code or its name in either language;
    the rest of the line), or (None, the line)."""
    forms = []
    for kind in (a.model_fields["kind"].default for a in game.engine.actions):
        forms.append((kind, kind))
        forms += [(fold(n), kind) for loc in LOCALES if (n := game.text.token_names(state, seat, loc).get(kind))]
    for form, kind in sorted(forms, key=lambda f: -len(f[0])):
        if form and (line == form or line.startswith(form + " ")):
            return kind, line[len(form):].strip()
    return None, line


def unmatched(game: Game, state: Any, seat: int, text: str, locale: str
              ) -> tuple[str, dict[str, Any], list[Any] | None] | None:
    """Why `text`, which names no legal action and no code the rules can read, cannot be played,
    from what it does name: (message key, its parameters, the actions to offer instead, or None
    for the whole menu). None when it names nothing in the game (the rules' "not understood").

    A verb (`hit`, "Hit", "攻击") and things the seat knows by name are understood, so the answer
    says which of them no action now uses, never "That action is not understood"."""
    verb, rest = _verb(game, state, seat, fold(text))
    legal = game.engine.legal_actions(state, seat)
    if gone := _left_play(game, state, seat, rest, locale):  # a unit destroyed: say so, not "nothing uses it"
        return "host.play.gone", {"gone": gone}, [a for a in legal if a.code().split()[0] == verb] or None
    _, named, left, itself = _named(game, state, seat, rest)
    if not named and any(_ID.fullmatch(w) and w not in itself for w in left.split()):
        return None  # ids typed by hand and no name ("attack u1 t5"): the rules' answer, which does not echo them
    named = [tok for tok in dict.fromkeys(named) if tok != verb]
    # the things themselves (a unit, a card in hand) say more than the words around them ("face down")
    things = [tok for tok in named if _ID.fullmatch(tok)] or ([] if left.split() else named)
    if verb is None and not things:
        return None
    own = [a for a in legal if a.code().split()[0] == verb]
    shown = game.text.token_names(state, seat, locale)
    verb_name = shown.get(verb, verb) if verb else None
    if things:
        what = listed(locale, [shown.get(tok, tok).split(" @")[0] for tok in things])
        using = [a for a in legal if set(things) & set(a.code().split()[1:])]
        if using:
            return "host.play.not_with", {"text": text[:100], "names": what}, [a for a in using if a in own] or using
        if own:
            return "host.play.unused_verb", {"names": what, "verb": verb_name}, own
        return "host.play.unused", {"names": what}, None
    # words typed after the verb, as typed: what they name is not in play now (a unit destroyed)
    typed = " ".join(text.split()[len(text.split()) - len(rest.split()):]) if rest else ""
    if own:
        return "host.play.nothing_called", {"rest": typed[:100], "verb": verb_name}, own
    return "host.play.verb_not_now", {"verb": verb_name}, None


def _left_play(game: Game, state: Any, seat: int, line: str, locale: str) -> str:
    """The game's sentences, in `locale`, for what a folded line names, in either language, that
    has left play (`Text.left_play`): each name as a whole, longest first (`p-51 mustang #1`,
    never within `p-51 mustang #12`)."""
    gone = {loc: game.text.left_play(state, seat, loc) for loc in LOCALES}
    told, left = [], line
    for name, thing in sorted(((fold(name), thing) for loc in LOCALES for thing, (name, _) in gone[loc].items()),
                              key=lambda p: -len(p[0])):
        pattern = rf"(?<!\S){re.escape(name)}(?!\S)"
        if re.search(pattern, left):
            told.append(thing)
            left = re.sub(pattern, " ", left)
    return sentences(locale, (gone[locale][thing][1] for thing in dict.fromkeys(told) if thing in gone[locale]))
