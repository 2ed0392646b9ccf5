"""奇袭 (qixi): a black card as 过河拆桥, on an enemy worth it, paid with a cheap card."""
from heroes_env.agents.heuristic_common import TS_TAKE, best_over_others, cheapest_of, pay_cheapest
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("qixi",)

card = pay_cheapest


@njit(cache=True)
def play_score(x):
    cost = cheapest_of(x.seen, x.card_table, x.values, 3, C.COLOR_BLACK)
    best = best_over_others(TS_TAKE, x.seen, x.equip, x.seat_skills, x.hostile, x.card_table, 0)
    return 5.5 + best if best > 0.25 and cost <= 5.0 else -1.0
