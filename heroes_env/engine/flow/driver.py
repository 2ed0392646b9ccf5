"""The driver: ``advance`` runs the top frame's handler until a decision is pending or the game
ends.
"""
from ...fast.jit import njit
from ..constants import (
    F_KIND,
    FAULT_FRAME_KIND,
    FAULT_NO_FRAME,
    FAULT_RUN_LIMIT,
    FR_ASK,
    FR_DAMAGE,
    FR_DELAYED,
    FR_DISCARD,
    FR_DRAFT,
    FR_DSWORDS,
    FR_DYING,
    FR_EFFECT,
    FR_GAME,
    FR_JUDGE,
    FR_JUDGE_PHASE,
    FR_NULLIFY,
    FR_PENDING,
    FR_PICK,
    FR_PINDIAN,
    FR_PLAY,
    FR_SELECT,
    FR_SKILL,
    FR_TRIGGER,
    FR_TURN,
    FR_USE,
    FRAME_BASE,
    FRAME_SIZE,
    H_DECIDER,
    H_DONE,
    H_ERR,
    H_FP,
    H_HOLD,
    H_MODE,
    H_PEND,
    MODE_3V3,
    RES_TRUNCATED,
)
from ..draft import run_draft
from ..mode3v3 import run_draft_3v3
from ..skills.common import run_pindian
from ..skills.registry import run_pending, run_skill, run_trigger, suspend_for_pending
from ..state import end_game
from .choices import run_pick, run_select
from .damage import run_damage, run_dying
from .effect import run_effect
from .judge import run_delayed, run_judge
from .respond import run_ask, run_nullify
from .turn import run_discard, run_game, run_judge_phase, run_play, run_turn
from .use import run_dswords, run_use

MAX_FRAME_RUNS = 1_000_000   # frame runs in one advance (a real game needs far fewer)


@njit(cache=True)
def advance(s):
    """Run frames until a decision is pending or the game is over. A game that runs
    ``MAX_FRAME_RUNS`` frames without either (only a crafted state can) ends truncated with
    ``H_ERR`` set."""
    runs = 0
    while s[H_DONE] == 0:
        runs += 1
        if runs > MAX_FRAME_RUNS:
            s[H_ERR] = FAULT_RUN_LIMIT
            end_game(s, RES_TRUNCATED, -1)
            return
        if s[H_PEND] != 0 and s[H_HOLD] == 0:
            suspend_for_pending(s)         # 连营 / 枭姬 first, even before a posted decision
        elif s[H_DECIDER] >= 0:
            return
        if s[H_FP] <= 0:
            s[H_ERR] = FAULT_NO_FRAME
            end_game(s, RES_TRUNCATED, -1)
            return
        o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
        k = s[o + F_KIND]
        if k == FR_GAME:
            run_game(s, o)
        elif k == FR_TURN:
            run_turn(s, o)
        elif k == FR_JUDGE_PHASE:
            run_judge_phase(s, o)
        elif k == FR_DELAYED:
            run_delayed(s, o)
        elif k == FR_JUDGE:
            run_judge(s, o)
        elif k == FR_PLAY:
            run_play(s, o)
        elif k == FR_USE:
            run_use(s, o)
        elif k == FR_EFFECT:
            run_effect(s, o)
        elif k == FR_ASK:
            run_ask(s, o)
        elif k == FR_NULLIFY:
            run_nullify(s, o)
        elif k == FR_DAMAGE:
            run_damage(s, o)
        elif k == FR_DYING:
            run_dying(s, o)
        elif k == FR_DISCARD:
            run_discard(s, o)
        elif k == FR_SELECT:
            run_select(s, o)
        elif k == FR_PICK:
            run_pick(s, o)
        elif k == FR_DSWORDS:
            run_dswords(s, o)
        elif k == FR_SKILL:
            run_skill(s, o)
        elif k == FR_TRIGGER:
            run_trigger(s, o)
        elif k == FR_PENDING:
            run_pending(s, o)
        elif k == FR_DRAFT:
            if s[H_MODE] == MODE_3V3:
                run_draft_3v3(s, o)
            else:
                run_draft(s, o)
        elif k == FR_PINDIAN:
            run_pindian(s, o)
        else:
            s[H_ERR] = FAULT_FRAME_KIND
            end_game(s, RES_TRUNCATED, -1)
            return
