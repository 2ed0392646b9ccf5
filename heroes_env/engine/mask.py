"""The exact legal-action mask of the pending decision.

``legal_mask(s, out)`` fills ``out`` (int8, ``NUM_ACTIONS``) and returns how many actions are
legal. It only dispatches: each decision kind's mask sits beside the frame that posts it
(``flow/turn.py`` DK_PLAY and DK_DISCARD, ``flow/use.py`` DK_TARGET and DK_DSWORDS,
``flow/respond.py`` DK_JINK, DK_SLASH and DK_NULLIFY, ``flow/damage.py`` DK_PEACH and DK_KYLIN,
``flow/choices.py`` DK_PICK and DK_SELECT, ``flow/effect.py`` DK_AG, ``draft.py`` and
``mode3v3.py`` the drafts, ``skills/registry.py`` the skills' DK_SKILL_*), so the frame and its
mask are read together. An action is legal iff the frame that asked can carry it out; both sides
use the queries of ``rules.py``, and ``tests/test_random_play.py`` checks the equivalence on every
step.
"""
from ..fast.jit import njit
from .constants import (
    A_CONFIRM,
    A_PASS,
    DK_AG,
    DK_CONFIRM,
    DK_DISCARD,
    DK_DSWORDS,
    DK_HERO,
    DK_JINK,
    DK_KYLIN,
    DK_NULLIFY,
    DK_ORDER,
    DK_PEACH,
    DK_PICK,
    DK_PLAY,
    DK_SELECT,
    DK_SKILL_CARD,
    DK_SKILL_OPTION,
    DK_SKILL_TARGET,
    DK_SLASH,
    DK_TARGET,
    DK_WHO_ACTS,
    H_DECIDER,
    H_DKIND,
    H_DONE,
    H_MODE,
    MODE_3V3,
    NUM_ACTIONS,
    NUM_KINDS,
)
from .draft import hero_mask
from .flow.choices import pick_mask, select_mask
from .flow.damage import kylin_mask, peach_mask
from .flow.effect import ag_mask
from .flow.respond import jink_mask, nullify_mask, slash_mask
from .flow.turn import discard_mask, play_mask
from .flow.use import dswords_mask, target_mask
from .marks import mark
from .mode3v3 import hero_mask_3v3, order_mask, who_acts_mask
from .skills.registry import skill_mask

assert NUM_KINDS <= 63, "play_mask keeps one bit per card kind in an int64"


@njit(entry=True, cache=True)
def legal_mask(s, out):
    for i in range(NUM_ACTIONS):
        out[i] = 0
    if s[H_DONE] != 0 or s[H_DECIDER] < 0:
        return 0
    d = s[H_DECIDER]
    dk = s[H_DKIND]
    if dk == DK_PLAY:
        return play_mask(s, d, out)
    if dk == DK_TARGET:
        return target_mask(s, d, out)
    if dk == DK_JINK:
        return jink_mask(s, d, out)
    if dk == DK_SLASH:
        return slash_mask(s, d, out)
    if dk == DK_PEACH:
        return peach_mask(s, d, out)
    if dk == DK_NULLIFY:
        return nullify_mask(s, d, out)
    if dk == DK_DISCARD:
        return discard_mask(s, d, out)
    if dk == DK_PICK:
        return pick_mask(s, d, out)
    if dk == DK_AG:
        return ag_mask(s, d, out)
    if dk == DK_CONFIRM:                 # posted by many frames and skills: yes or no
        return mark(out, A_PASS) + mark(out, A_CONFIRM)
    if dk == DK_DSWORDS:
        return dswords_mask(s, d, out)
    if dk == DK_SELECT:
        return select_mask(s, d, out)
    if dk == DK_HERO:
        if s[H_MODE] == MODE_3V3:
            return hero_mask_3v3(s, d, out)
        return hero_mask(s, d, out)
    if dk == DK_ORDER:
        return order_mask(s, d, out)
    if dk == DK_WHO_ACTS:
        return who_acts_mask(s, d, out)
    if dk == DK_SKILL_CARD or dk == DK_SKILL_TARGET or dk == DK_SKILL_OPTION:
        return skill_mask(s, out, d)
    if dk == DK_KYLIN:
        return kylin_mask(s, d, out)
    return 0
