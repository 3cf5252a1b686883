def render_board(view, locale):
    return None
