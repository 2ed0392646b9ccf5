"""激将 (jijiang): the lord 刘备 asks his 蜀 for a 杀, when he holds none and a target is worth it;
asked for a 杀 and holding none, he asks them too."""
from heroes_env.agents.heuristic_common import (
    TS_SLASH,
    best_target,
    count_kind,
    slash_targets,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("jijiang",)
LORD_ANSWER = True


@njit(cache=True)
def play_score(x):
    if count_kind(x.seen, x.card_table, C.K_SLASH) > 0:
        return -1.0
    best = slash_targets(x.seen, x.equip, x.seat_skills, x.hostile, C.COLOR_NONE)
    return 3.5 + best if best > 0.4 else -1.0


@njit(cache=True)
def target(x):
    return best_target(TS_SLASH, C.COLOR_NONE, x.obs, x.mask, x.seen, x.equip, x.seat_skills,
                       x.hostile, x.card_table, x.gen)
