"""Panzer (少战坦克兵棋): the tank hex wargame of seed 002."""
from games.panzer.engine import PanzerEngine

ENGINE = PanzerEngine()
