"""武圣 (wusheng), 龙胆 (longdan): a card used as a 杀, once the real 杀 are spent."""
from heroes_env.agents.heuristic_common import count_kind, pay_cheapest, slash_targets
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("wusheng", "longdan")

card = pay_cheapest


@njit(cache=True)
def play_score(x):
    if count_kind(x.seen, x.card_table, C.K_SLASH) > 0:
        return -1.0                   # use the real 杀 first
    best = slash_targets(x.seen, x.equip, x.seat_skills, x.hostile, C.COLOR_NONE)
    return 3.7 + best if best > 0.2 else -1.0
