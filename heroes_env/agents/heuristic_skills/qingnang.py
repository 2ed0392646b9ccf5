"""青囊 (qingnang): heal oneself with a card worth 6 or less (any card when at 1 HP)."""
from heroes_env.agents.heuristic_common import VP_HP, VP_MAXHP, pay_cheapest, two_cheapest_hand
from heroes_env.fast.jit import njit

SKILLS = ("qingnang",)

card = pay_cheapest


@njit(cache=True)
def play_score(x):
    hp, maxhp = x.seen[VP_HP], x.seen[VP_MAXHP]
    nh, c0, _c1 = two_cheapest_hand(x.seen, x.values)
    if hp >= maxhp:
        return -1.0
    return 6.0 if nh > 0 and c0 <= 6.0 else (3.0 if hp <= 1 else -1.0)
