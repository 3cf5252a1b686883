"""Tie-breaks by the FIDE Tie-Break Regulations (C.07, from 1 August 2024), worked by hand.

Section 16 (unplayed rounds), in substance: a participant's own unplayed rounds count,
in Buchholz-like and Sonneborn-Berger tie-breaks, as games against a dummy opponent with
the participant's own score; a participant's score used in opponents' tie-breaks counts
the voluntarily unplayed rounds (VUR: requested byes, forfeit losses, absence) after their
last available round as draws; and Cut-1 cuts a VUR first. A pairing-allocated bye and a
forfeit win are unplayed rounds but not voluntary.
"""
import pytest

from bot.league.standings import Game, standings

# Five players, three rounds:
#   R1: A 1-0 B (played), C ½-½ D (played), E pairing-allocated bye (1)
#   R2: A wins by forfeit against C (C did not come: a VUR for C), E 1-0 B, D bye (1)
#   R3: E 1-0 A, B 1-0 D, C withdrew (not paired: a VUR)
GAMES = [
    Game("A", "B", 1, round=1), Game("C", "D", 0.5, round=1), Game("E", None, 1, round=1),
    Game("A", "C", 1, round=2, forfeit=True), Game("E", "B", 1, round=2), Game("D", None, 1, round=2),
    Game("E", "A", 1, round=3), Game("B", "D", 1, round=3),
]
ALL = ("buchholz", "buchholz_cut1", "sonneborn_berger", "wins", "games_won", "progressive")


def table():
    return {r.player: r for r in standings("ABCDE", GAMES, ALL)}


def test_scores_and_order():
    rows = standings("ABCDE", GAMES, ALL)
    assert [(r.player, r.points, r.rank) for r in rows] == [
        ("E", 3, 1), ("A", 2, 2), ("D", 1.5, 3), ("B", 1, 4), ("C", 0.5, 5)]


def test_buchholz_with_a_dummy_for_own_unplayed_rounds_and_withdrawn_opponents_as_draws():
    # Opponent scores: A 2, B 1, D 1.5, E 3; C withdrew after round 2's forfeit, and was
    # last available in round 1: ½ + ½ + ½ = 1.5 for those who met C (D).
    # A: B 1 + dummy 2 (forfeit win) + E 3 = 6     B: A 2 + E 3 + D 1.5 = 6.5
    # C: D 1.5 + dummy 0.5 + dummy 0.5 = 2.5       D: C 1.5 + dummy 1.5 (bye) + B 1 = 4
    # E: dummy 3 (bye) + B 1 + A 2 = 6
    rows = table()
    assert {p: r.tiebreaks["buchholz"] for p, r in rows.items()} == {"A": 6, "B": 6.5, "C": 2.5, "D": 4, "E": 6}


def test_buchholz_cut_1_cuts_a_voluntarily_unplayed_round_first():
    # C's two VURs (value 0.5 each): one is cut, not the lowest-looking played value.
    # Others cut their least value: A 1, B 1.5, D 1, E 1.
    rows = table()
    assert {p: r.tiebreaks["buchholz_cut1"] for p, r in rows.items()} == {"A": 5, "B": 5, "C": 2, "D": 3, "E": 5}


def test_sonneborn_berger_with_the_dummy():
    # A: 1×1 (B) + 1×2 (dummy, forfeit win) + 0×3 = 3    B: 0 + 0 + 1×1.5 (D) = 1.5
    # C: ½×1.5 (D) = 0.75    D: ½×1.5 (C) + 1×1.5 (dummy, bye) + 0 = 2.25
    # E: 1×3 (dummy, bye) + 1×1 (B) + 1×2 (A) = 6
    rows = table()
    assert {p: r.tiebreaks["sonneborn_berger"] for p, r in rows.items()} == {
        "A": 3, "B": 1.5, "C": 0.75, "D": 2.25, "E": 6}


def test_wins_games_won_and_progressive_score():
    # WIN counts rounds scored as a win with or without play; WON only games won over the
    # board; PS sums the running score after each round.
    rows = table()
    assert {p: r.tiebreaks["wins"] for p, r in rows.items()} == {"A": 2, "B": 1, "C": 0, "D": 1, "E": 3}
    assert {p: r.tiebreaks["games_won"] for p, r in rows.items()} == {"A": 1, "B": 1, "C": 0, "D": 0, "E": 2}
    assert {p: r.tiebreaks["progressive"] for p, r in rows.items()} == {"A": 5, "B": 1, "C": 1.5, "D": 3.5, "E": 6}


def test_the_league_chooses_the_order():
    # R1: X 1-0 P, Q 1-0 Y, R ½-½ S.  R2: Q 1-0 X, Y 1-0 S, R 1-0 P.
    # X and Y have 1 point. Buchholz: X = P 0 + Q 2 = 2, Y = Q 2 + S ½ = 2.5.
    # Progressive: X = 1 + 1 = 2, Y = 0 + 1 = 1. Each order ranks them its own way.
    games = [Game("X", "P", 1, round=1), Game("Q", "Y", 1, round=1), Game("R", "S", 0.5, round=1),
             Game("Q", "X", 1, round=2), Game("Y", "S", 1, round=2), Game("R", "P", 1, round=2)]
    by_bh = standings("XYPQRS", games, ("buchholz", "progressive"))
    by_ps = standings("XYPQRS", games, ("progressive", "buchholz"))
    assert [(r.player, r.tiebreaks["buchholz"], r.tiebreaks["progressive"]) for r in by_bh if r.points == 1] == [
        ("Y", 2.5, 1), ("X", 2, 2)]
    assert [r.player for r in by_ps if r.points == 1] == ["X", "Y"]
    assert [r.rank for r in by_ps if r.points == 1] == [3, 4]


# C.07 article 6, direct encounter, in substance (the regulation's text was not at hand
# to quote word for word; the procedure is the one the FIDE TEC's own TieBreakServer runs):
# "If all the tied participants have met each other, the sum of points from these
# encounters is used." When not all of them met, a participant is ranked ahead of the
# others still tied only if they scored more points in these encounters than any of the
# others could have scored by winning every encounter not played; the participants still
# tied after that go through direct encounter again, among themselves only.


def test_direct_encounter_stays_silent_when_nobody_can_be_separated():
    games = [Game("A", "B", 1, round=1), Game("C", "D", 1, round=1),
             Game("A", "D", 0, round=2), Game("C", "B", 0, round=2)]
    rows = {r.player: r for r in standings("ABCD", games, ("head_to_head",))}
    # All four tied on 1; each scored 1 in the two encounters they had and could have
    # reached 2 with the third: nobody is out of reach, the tie stands.
    assert {r.tiebreaks["head_to_head"] for r in rows.values()} == {1.0}
    assert len({r.rank for r in rows.values()}) == 1


# A, B, C, D tied on 3 points in a Swiss with outsiders W, X, Y, Z:
#   A beat B, C and D; lost to X and Z.          (3 in direct encounter, met all three)
#   B lost to A, drew C; beat W and Y, drew Z.   (½, met A and C: at best 1½)
#   C lost to A, drew B; beat Y and Z, drew W.   (½, met A and B: at best 1½)
#   D lost to A; beat W, X and Y.                (0, met A only: at best 2)
SWISS = [Game("A", "B", 1), Game("A", "C", 1), Game("A", "D", 1), Game("X", "A", 1), Game("Z", "A", 1),
         Game("B", "C", 0.5), Game("B", "W", 1), Game("B", "Y", 1), Game("B", "Z", 0.5),
         Game("C", "Y", 1), Game("C", "Z", 1), Game("C", "W", 0.5),
         Game("D", "W", 1), Game("D", "X", 1), Game("D", "Y", 1)]


def test_direct_encounter_ranks_a_participant_nobody_could_catch():
    rows = standings("ABCDWXYZ", SWISS, ("head_to_head",))
    top = [(r.player, r.points, r.tiebreaks["head_to_head"], r.rank) for r in rows if r.points == 3]
    # A's 3 is more than anyone else could have reached (D at most 2): A is first. B's ½ is
    # not more than D's possible 2, so B, C and D stay tied; among those three alone, B
    # and C drew and D met neither (each could still reach at least 1½ > ½): still tied.
    assert top[0] == ("A", 3, 3.0, 1)
    assert sorted(top[1:]) == [("B", 3, 0.5, 2), ("C", 3, 0.5, 2), ("D", 3, 0.0, 2)]


def test_direct_encounter_separates_from_the_top_down_and_repeats_among_the_rest():
    # Tied on 3: A beat B, C, D (3, met all); B lost to A, beat C and D (2, met all);
    # C and D lost to A and B and did not meet each other (0 each, at best 1).
    # A's 3 > 2, 1, 1: first. B's 2 > 1, 1: second. C and D: 0 is not more than 1: tied.
    games = [Game("A", "B", 1), Game("A", "C", 1), Game("A", "D", 1), Game("P", "A", 1), Game("Q", "A", 1),
             Game("B", "C", 1), Game("B", "D", 1), Game("P", "B", 1), Game("B", "R", 1), Game("Q", "B", 1),
             Game("C", "P", 1), Game("C", "Q", 1), Game("C", "R", 1),
             Game("D", "P", 1), Game("D", "Q", 1), Game("D", "R", 1)]
    rows = standings("ABCDPQR", games, ("head_to_head", "buchholz"))
    tied = [(r.player, r.tiebreaks["head_to_head"], r.rank) for r in rows if r.points == 3]
    assert tied[:2] == [("A", 3.0, 1), ("B", 2.0, 2)]
    # C and D stay tied (their Buchholz is level too: 3 + 3 + 2 + 2 + 0 = 10)
    assert sorted(tied[2:]) == [("C", 0.0, 3), ("D", 0.0, 3)]


def test_direct_encounter_averages_repeated_meetings():
    # Double round robin halfway through its second cycle, A, B, C tied on 2:
    # A beat B twice and lost to C; B beat C; C beat A. Per opponent: A 1 + 0, B 0 + 1,
    # C 1 + 0. All met; averaged, a cycle with 1 each: the tie stands (summed, A's
    # second game against B would count double: 2 against 1 and 1).
    games = [Game("A", "B", 1), Game("B", "A", 0), Game("B", "C", 1), Game("C", "A", 1),
             Game("A", "S", 0), Game("B", "T", 1), Game("C", "S", 1)]
    rows = [r for r in standings("ABCST", games, ("head_to_head",)) if r.points == 2]
    assert sorted(r.player for r in rows) == ["A", "B", "C"]
    assert {r.tiebreaks["head_to_head"] for r in rows} == {1.0}
    assert len({r.rank for r in rows}) == 1


@pytest.mark.parametrize("bye_points,expected", [(None, 3), (0, 2)])
def test_bye_points_override(bye_points, expected):
    rows = {r.player: r for r in standings("ABCDE", GAMES, ALL, bye_points=bye_points)}
    assert rows["E"].points == expected


def test_pods_break_ties_by_head_to_head_then_placement_then_rating():
    from bot.league.standings import pod_standings

    # P1: a 1st, b 2nd, c 3rd.  P2: b 1st, d 2nd, c 3rd.  P3: c 1st, d 2nd, a 3rd.
    # Points (one per player finished below): a 2, b 3, c 2, d 2.
    # Head-to-head among a, c, d: a beat c (P1); d beat c (P2); c beat a and d, d beat a (P3):
    # a 1, c 2, d 2. Placement (3/2/1 for 1st/2nd/3rd): c 1 + 1 + 3 = 5, d 2 + 2 = 4.
    pods = [(["a", "b", "c"], [1, 2, 3], True), (["b", "c", "d"], [1, 3, 2], True),
            (["a", "c", "d"], [3, 1, 2], True)]
    rows = pod_standings("abcd", pods)
    assert [(r.player, r.points, r.tiebreaks["head_to_head"], r.tiebreaks["placement"], r.rank) for r in rows] == [
        ("b", 3, 0, 5, 1), ("c", 2, 2, 5, 2), ("d", 2, 2, 4, 3), ("a", 2, 1, 4, 4)]
    # level on everything but rating: the higher rating is ranked first
    mirror = [(["x", "y", "z"], [1, 2, 3], True), (["y", "x", "z"], [1, 2, 3], True)]
    rows = pod_standings("xyz", mirror, {"x": 1490, "y": 1510})
    assert [(r.player, r.rank) for r in rows][:2] == [("y", 1), ("x", 2)]
