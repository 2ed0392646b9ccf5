"""谦逊 (qianxun): no 顺手牵羊 or 乐不思蜀 can target the seat."""
from heroes_env.engine import constants as C

SKILLS = ("qianxun",)
IMMUNE = (C.K_SNATCH, C.K_INDULGENCE)
