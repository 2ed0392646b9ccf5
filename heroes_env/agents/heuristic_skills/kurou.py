"""苦肉 (kurou): lose 1 HP for two cards while at 3 HP or more (2 with a 桃 in hand)."""
from heroes_env.agents.heuristic_common import VP_HP, count_kind
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("kurou",)


@njit(cache=True)
def play_score(x):
    hp = x.seen[VP_HP]
    peaches = count_kind(x.seen, x.card_table, C.K_PEACH)
    return 8.0 if hp >= 3 or (hp >= 2 and peaches >= 1) else -1.0
