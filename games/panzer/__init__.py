"""Panzer (少战坦克兵棋): the tank hex wargame of seed 002."""
from games.core.game import Game
from games.panzer.bot import choose
from games.panzer.engine import PanzerEngine
from games.panzer.render import render
from games.panzer import text

GAME = Game(PanzerEngine(), text=text, render=render, bot=choose)
ENGINE = GAME.engine
