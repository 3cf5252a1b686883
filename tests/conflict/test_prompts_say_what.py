"""A conflict prompt says what it asks about, as the table's line does (issue 18, fourth newcomer
playtest: "Bot 1 asks for your answer: yes or no." and a price menu of "Price: 3 resource cards"
named neither the unit, the territory, the price nor whom it was for)."""
from games.conflict import GAME
from games.conflict.present import territory_name, unit_name
from tests.conflict.helpers import give, outer, play, unit
from tests.conflict.test_cards import dev


def _prompt(state, seat):
    return [GAME.text.prompt(state, seat, loc) for loc in ("en", "zh-CN")]


def test_a_sale_s_price_choices_and_the_buyer_s_question_name_the_unit_and_the_price():
    """Rules (交易): "标价不得超过原所需资源两倍", then the other side accepts or refuses."""
    state, a, b = dev()
    u = unit(state, a, "stormtrooper", outer(state, a)[0])
    state.players[b].res = 10
    play(state, a, f"sell {give(state, a, 'trade')} {u.id} {b}")
    name_en, name_zh = (unit_name(state, a, u.id, loc) for loc in ("en", "zh-CN"))
    price = next(x for x in GAME.engine.legal_actions(state, a) if x.code() == "price 5")
    assert GAME.text.describe_action(state, a, price, "en") == f"Ask P{b} 5 resource cards for {name_en}"
    assert GAME.text.describe_action(state, a, price, "zh-CN") == f"要价 5 张资源牌，把 {name_zh} 卖给 P{b}"
    play(state, a, "price 5")
    en, zh = _prompt(state, b)
    assert en == f"P{a} offers you the unit {unit_name(state, b, u.id, 'en')} for 5 resource cards: yes or no?"
    assert zh == f"P{a} 向你出售单位 {unit_name(state, b, u.id, 'zh-CN')}，标价 5 张资源牌：同意还是拒绝？"


def test_a_buyer_s_offer_and_a_move_request_say_what_is_asked():
    state, a, b = dev()
    lin = unit(state, b, "general_lin", outer(state, b)[0])
    state.players[a].res = 8
    play(state, a, f"buy {give(state, a, 'trade')} {lin.id}")
    offer = next(x for x in GAME.engine.legal_actions(state, a) if x.code() == "price 4")
    assert GAME.text.describe_action(state, a, offer, "en") == \
        f"Offer P{b} 4 resource cards for {unit_name(state, a, lin.id, 'en')}"
    play(state, a, "price 4")
    assert _prompt(state, b)[0] == f"P{a} offers you 4 resource cards for your {unit_name(state, b, lin.id, 'en')}: " \
                                   "yes or no?"
    play(state, b, "no")

    ua = unit(state, a, "artillery", outer(state, a)[0])
    into = outer(state, b)[0]
    play(state, a, f"move {give(state, a, 'move')} {ua.id} {into}")
    en, zh = _prompt(state, b)
    assert en == f"P{a} asks you to let {unit_name(state, b, ua.id, 'en')} into {territory_name(state, into, 'en')}: " \
                 "yes or no?"
    assert zh.startswith(f"P{a} 请求你允许 ") and territory_name(state, into, "zh-CN") in zh

