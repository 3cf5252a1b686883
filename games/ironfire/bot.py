"""placeholder"""
def choose(engine, state, seat, rng):
    return rng.choice(engine.legal_actions(state, seat))
