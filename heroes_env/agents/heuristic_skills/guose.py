"""国色 (guose): a diamond as 乐不思蜀, on an enemy worth it, paid with a cheap card."""
from heroes_env.agents.heuristic_common import TS_INDUL, best_over_others, cheapest_of, pay_cheapest
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("guose",)

card = pay_cheapest


@njit(cache=True)
def play_score(x):
    cost = cheapest_of(x.seen, x.card_table, x.values, 1, C.SUIT_DIAMOND)
    best = best_over_others(TS_INDUL, x.seen, x.equip, x.seat_skills, x.hostile, x.card_table,
                            C.K_INDULGENCE)
    return 6.5 + best if best > 0.3 and cost <= 5.5 else -1.0
