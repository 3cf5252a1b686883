"""Standings and brackets as pictures: PNG files of the expected size whose text drew ink."""
import io
import json

from PIL import Image as PILImage

from bot.league.pictures import BACKGROUND, ROW, PAD, bracket_picture, standings_picture
from games.core.render import has_ink
from tests.league.test_league_service import _run_knockout, cmd, setup_league, svc  # noqa: F401 (fixture)


def assert_text_drawn(drawn, expected_texts):
    written = [t for t, _ in drawn.text_boxes]
    for text in expected_texts:
        assert text in written, text
    rgb = drawn.image.convert("RGB")
    for text, box in drawn.text_boxes:
        if text.strip():
            # the colour just left of the label is what it was written on; the label's box
            # must have pixels of another colour: the glyphs drew
            under = rgb.getpixel((box[0] - 2, box[1] + 2))
            assert has_ink(rgb, box, under), text
    blank = (0, 0, PAD - 1, PAD - 1)  # and a corner with nothing written stays blank
    assert not has_ink(rgb, blank, BACKGROUND)


def test_standings_picture_size_and_ink():
    header = ["#", "选手", "积分", "布赫"]
    rows = [["1", "张伟", "3", "5"], ["2", "alice", "2", "6"], ["3", "李娜", "1", "4.5"]]
    drawn = standings_picture("春季联赛 · 第 1 赛季排名", header, rows)
    png = drawn.png()
    image = PILImage.open(io.BytesIO(png))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert image.size == drawn.image.size
    assert image.size[1] == PAD + 36 + ROW * (len(rows) + 1) + PAD
    assert 200 < image.size[0] < 1200
    assert_text_drawn(drawn, ["张伟", "李娜", "alice", "4.5", "春季联赛 · 第 1 赛季排名"])


def test_bracket_picture_size_and_ink():
    columns = [("Round 1", [("ann", "bye", 0), ("bo", "cy", 1)]), ("Final", [("ann", "cy", None)])]
    drawn = bracket_picture("Cup bracket", columns)
    image = PILImage.open(io.BytesIO(drawn.png()))
    assert image.size == drawn.image.size and image.size[0] > 2 * 80 and image.size[1] > 100
    assert_text_drawn(drawn, ["ann", "bo", "cy", "Round 1", "Final", "Cup bracket"])


async def test_standings_command_posts_the_picture(svc):
    await setup_league(svc)
    out = await svc.handle(cmd("league.start_round", manage=True))
    assert [i.filename for i in out.reply.images] == ["1-s1-standings.png"]  # posted with each round
    out = await svc.handle(cmd("league.standings"))
    (image,) = out.reply.images
    picture = PILImage.open(io.BytesIO(image.data))
    assert picture.size[1] == PAD + 36 + ROW * (4 + 1) + PAD  # the four players and a header


async def test_a_knockout_league_posts_its_bracket(svc):
    await _run_knockout(svc, "single_elim", range(201, 206))
    out = await svc.handle(cmd("league.standings"))
    names = [i.filename for i in out.reply.images]
    assert names == ["1-s1-standings.png", "1-s1-bracket.png"]
    bracket = PILImage.open(io.BytesIO(out.reply.images[1].data))
    assert bracket.size[0] > 3 * 80  # three rounds of columns for five players
