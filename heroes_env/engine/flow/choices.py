"""A seat chooses cards: FR_SELECT (take cards from a shown set: 五谷丰登, skills) and FR_PICK (one
of another seat's cards: 过河拆桥, 顺手牵羊, 寒冰剑, skills).
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_OPTION,
    C_LOC,
    DK_PICK,
    DK_SELECT,
    DX_PURPOSE,
    F_AS,
    F_PC,
    F_TGT,
    F_USER,
    FRAME_SIZE,
    H_ANSWER,
    H_DTGT,
    H_NCARDS,
    K_AXE,
    K_DISMANTLE,
    K_ICE_SWORD,
    K_NONE,
    K_SNATCH,
    OPT_HAND,
    P_ARMOR,
    P_HANDN,
    P_MINUS,
    P_PLUS,
    P_WEAPON,
    PUR_AXE,
    PUR_DISMANTLE,
    PUR_SKILL,
    PUR_SNATCH,
    PUR_SPEAR,
    Z_JUDGE,
    Z_PROC,
)
from ..frames import F_PICK_PURPOSE, F_SEL_DONE, F_SEL_LEFT, F_SEL_PURPOSE, F_SPEAR1
from ..marks import mark, mark_hand
from ..rules import alive, pick_takes_judge, total_cards
from ..state import (
    discard_card,
    discard_for,
    move_card,
    pop_frame,
    post_decision,
    random_hand_card,
    skill_cause,
    take_card,
)

# FR_SELECT steps
SELECT_ASK = 0     # ask for a card
SELECT_ANSWER = 1  # take it, ask again


@njit(cache=True)
def run_select(s, o):
    u = s[o + F_USER]
    purpose = s[o + F_SEL_PURPOSE]
    if s[o + F_PC] == SELECT_ANSWER:
        c = s[H_ANSWER] - A_CARD
        parent = o - FRAME_SIZE
        if purpose == PUR_SPEAR:
            move_card(s, c, Z_PROC)
            s[parent + F_SPEAR1 + s[o + F_SEL_DONE]] = c      # (F_SPEAR1, F_SPEAR2)
        elif purpose == PUR_AXE:
            discard_for(s, c, u, u, K_AXE, False)
        elif purpose == PUR_SKILL:  # for the skill of the frame below (刚烈)
            by = s[parent + F_USER]
            discard_for(s, c, u, by, skill_cause(s, by, s[parent + F_AS]), False)
        else:
            discard_card(s, c, u)
        s[o + F_SEL_DONE] += 1
        s[o + F_SEL_LEFT] -= 1
    if s[o + F_SEL_LEFT] <= 0:
        pop_frame(s, 1)
        return
    s[o + F_PC] = SELECT_ANSWER
    post_decision(s, u, DK_SELECT, card=-1, src=-1, tgt=-1, da=s[o + F_SEL_LEFT], db=purpose, dc=0)


@njit(cache=True)
def select_mask(s, d, out):
    """DK_SELECT (posted by FR_SELECT): a hand card (贯石斧's cost: equipment too, not the axe)."""
    n = mark_hand(s, d, K_NONE, out)
    if s[DX_PURPOSE] == PUR_AXE:
        for f in (P_ARMOR, P_PLUS, P_MINUS):
            if s[f + d] >= 0:
                n += mark(out, A_CARD + s[f + d])
    return n


# FR_PICK steps
PICK_ASK = 0     # ask for one of tgt's cards
PICK_ANSWER = 1  # take or discard it


@njit(cache=True)
def run_pick(s, o):
    u = s[o + F_USER]
    t = s[o + F_TGT]
    purpose = s[o + F_PICK_PURPOSE]
    if s[o + F_PC] == PICK_ASK:
        if not alive(s, t) or total_cards(s, t, pick_takes_judge(s, purpose)) == 0:
            pop_frame(s, 0)
            return
        s[o + F_PC] = PICK_ANSWER
        post_decision(s, u, DK_PICK, card=-1, src=u, tgt=t, da=0, db=purpose, dc=0)
        return
    a = s[H_ANSWER]
    if a == A_OPTION + OPT_HAND:
        c = random_hand_card(s, t)
    else:
        c = a - A_CARD
    if purpose == PUR_SNATCH:
        take_card(s, u, c, t, K_SNATCH)
    else:
        discard_for(s, c, t, u, K_DISMANTLE if purpose == PUR_DISMANTLE else K_ICE_SWORD, True)
    pop_frame(s, c)


@njit(cache=True)
def pick_mask(s, d, out):
    """DK_PICK (posted by FR_PICK): the target's hand (one face-down option), an equipped card, or
    (``rules.pick_takes_judge``) a card of its judgement zone."""
    t = s[H_DTGT]
    n = 0
    if s[P_HANDN + t] > 0:
        n += mark(out, A_OPTION + OPT_HAND)
    for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
        if s[f + t] >= 0:
            n += mark(out, A_CARD + s[f + t])
    if pick_takes_judge(s, s[DX_PURPOSE]):
        z = Z_JUDGE + t
        for c in range(s[H_NCARDS]):
            if s[C_LOC + c] == z:
                n += mark(out, A_CARD + c)
    return n
