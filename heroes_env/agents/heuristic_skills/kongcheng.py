"""空城 (kongcheng): with an empty hand, no 杀 or 决斗 can target the seat."""
from heroes_env.engine import constants as C

SKILLS = ("kongcheng",)
IMMUNE_EMPTY_HAND = (C.K_SLASH, C.K_DUEL)
