"""Card conversions in the play phase: a card of one's own used as another kind.

The mechanic every conversion skill shares (武圣, 奇袭, 国色, 神偷, 拂晓, ...: each in its module
``skills/answers/<key>.py``): the skill is chosen first (``A_SKILL``: ``active_ok``), then the card
(``mask``), then the card is used as the kind (``run``: FR_USE, whose targets follow). Each skill
says the kind it makes now (``play_kind``, through the generated ``dispatch``; none: no action),
which of its owner's cards it turns into that kind (its answer at ``Q_CONVERTS``, through
``answer_dispatch``) and whether the card ignores distance (``ignores_distance``: 知心). A skill
with a frame of its own (奸雄 of 英雄杀, which marks itself used) runs these steps from there
(``common.use_converted``).

In a response (闪/杀/无懈可击 asked, 桃 for the dying) the card is chosen directly: the frames ask
the query points ``Q_MAKES_KIND`` (does a skill of the seat make the kind at all: the cheap test)
and ``Q_CONVERTS`` (which skill turns this card into it) through ``rules.can_convert_to``,
``rules.converting_skill`` and ``marks.mark_converted``, and name no conversion. This module uses
``rules`` (``rules.usable_in_play``); the skill modules, which ``rules`` asks, do not.
"""
from ...fast.jit import njit
from .. import rules
from ..constants import (
    A_CARD,
    C_LOC,
    F_USER,
    H_NCARDS,
    H_NODIST,
    K_NONE,
    P_HANDN,
    Q_CONVERTS,
    Z_EQUIP,
    Z_HAND,
)
from ..state import card_kind, equip_slot_field, skill_param
from . import answer_dispatch, dispatch
from .common import use_converted

SKILLS = ()         # the family holds no skill's code: each conversion is a module of its own


@njit(cache=True)
def usable_as(s, seat, c, kind):
    """Could seat use its card c as kind now (a legal target, the 杀 limit)? Judged as once the
    card has left its place (an equipped weapon or horse no longer counts; one hand card fewer),
    which is when the targets are chosen; the state is restored at once."""
    if s[C_LOC + c] == Z_HAND + seat:
        s[P_HANDN + seat] -= 1
        ok = rules.usable_in_play(s, seat, kind)
        s[P_HANDN + seat] += 1
        return ok
    f = equip_slot_field(card_kind(s, c))
    s[f + seat] = -1
    ok = rules.usable_in_play(s, seat, kind)
    s[f + seat] = c
    return ok


@njit(cache=True)
def _mark_usable(s, out, d, sk, first_only):
    """Mark d's cards that sk converts to a usable play-phase card (stop at the first one if
    first_only). A hand card's use does not depend on which hand card it is: computed once."""
    kind = dispatch.play_kind(s, d, sk)
    if kind == K_NONE:
        return 0
    prm = skill_param(s, d, sk)
    n = 0
    hand_ok = -1
    for c in range(s[H_NCARDS]):
        z = s[C_LOC + c]
        if z != Z_HAND + d and z != Z_EQUIP + d:
            continue
        if answer_dispatch.answer(s, Q_CONVERTS, sk, prm, d, 0, c, kind) == 0:
            continue
        if z == Z_HAND + d:
            if hand_ok < 0:
                s[H_NODIST] = dispatch.ignores_distance(s, d, sk)
                hand_ok = 1 if usable_as(s, d, c, kind) else 0
                s[H_NODIST] = 0
            ok = hand_ok == 1
        else:
            ok = usable_as(s, d, c, kind)
        if ok:
            n += 1
            if first_only:
                return n
            out[A_CARD + c] = 1
    return n


@njit(cache=True)
def active_ok(s, d, sk, out):
    """(out: the mask buffer, only passed along: nothing is written to it)"""
    return _mark_usable(s, out, d, sk, True) > 0


@njit(cache=True)
def mask(s, out, d, sk, stage):
    return _mark_usable(s, out, d, sk, False)


@njit(cache=True)
def run(s, o, sk):
    """Play phase: choose the card, then it is used as the converted kind (FR_USE)."""
    u = s[o + F_USER]
    use_converted(s, o, sk, dispatch.play_kind(s, u, sk), dispatch.ignores_distance(s, u, sk))
