"""The back button on Discord sends its own menu's step with `back`, and the host returns to
the last step that offered a choice (a click skips the steps with one choice, so going back
one token could land on such a step and be sent forward again)."""
from __future__ import annotations

from tests.discord.conftest import ALICE
from tests.discord.harness import DiscordHarness
from tests.discord.test_adapter import duel_state, followups, start_duel


async def test_back_returns_to_the_card_choice(harness: DiscordHarness):
    await start_duel(harness)
    menu = followups(await harness.slash(ALICE, "act"))[0]
    _, state = await duel_state(harness)
    card = state.hands[0][0]
    step = next(r for r in await harness.click(ALICE, menu.response, "sp:m:1:0:", values=["play"])
                if r.method == "PATCH")
    step = next(r for r in await harness.click(ALICE, step.response, "sp:m:1:0:play", values=[card.id])
                if r.method == "PATCH")
    assert f"sp:ok:1:0:play {card.id}" in step.custom_ids
    back = next(r for r in await harness.click(ALICE, step.response, f"sp:bk:1:0:play {card.id}")
                if r.method == "PATCH")
    assert "sp:m:1:0:play" in back.custom_ids  # the cards again, to pick another
    assert f"sp:ok:1:0:play {card.id}" not in back.custom_ids
