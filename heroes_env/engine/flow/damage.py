"""Damage, dying and death: FR_DAMAGE (寒冰剑, 麒麟弓, prevention, the damage, its triggers),
FR_DYING (桃 asked in turn) and ``do_death`` (rewards and penalties, the game result).
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_CONFIRM,
    A_PASS,
    C_LOC,
    DF_SLASH,
    DK_CONFIRM,
    DK_KYLIN,
    DK_PEACH,
    EV_DAMAGE,
    EV_DEATH,
    EV_DYING,
    EV_PREVENT,
    EV_USE,
    F_AS,
    F_CARD,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_CUR,
    H_DTGT,
    H_MODE,
    H_NCARDS,
    H_NP,
    HK_DAMAGE,
    K_ICE_SWORD,
    K_KYLIN_BOW,
    K_NONE,
    K_PEACH,
    MODE_3V3,
    P_ALIVE,
    P_DMG,
    P_HP,
    P_KILLS,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_REVEALED,
    P_ROLE,
    P_WEAPON,
    PUR_ICE_SWORD,
    Q_HEAL_ON_DAMAGE,
    Q_RESCUE_BONUS,
    Q_SEAT_DIED,
    RES_LORD,
    RES_REBEL,
    RES_RENEGADE,
    ROLE_LORD,
    ROLE_LOYALIST,
    ROLE_REBEL,
    ROLE_RENEGADE,
    TP_DAMAGE_DONE,
    TP_DAMAGED,
    TP_PREVENT,
    Z_EQUIP,
    Z_HAND,
)
from ..frames import F_DMG_AMOUNT, F_DMG_FLAGS, F_DMG_ICE_LEFT, F_DY_ASKED, push_dying, push_pick
from ..history import hist_add
from ..marks import mark, mark_converted, mark_hand
from ..mode3v3 import death_3v3
from ..rules import (
    alive,
    can_convert_to,
    conversion,
    own_peach_bonus,
    pick_takes_judge,
    seat_distance,
    total_cards,
    weapon_kind,
)
from ..skills.common import heal, pile_holds, skill_log
from ..skills.queries import notify, query
from ..skills.registry import dying_held_off, fire
from ..state import (
    bury,
    discard_card,
    discard_for,
    draw_cards,
    end_game,
    ev_pack,
    has_kind_in_hand,
    log_event,
    pop_frame,
    post_decision,
    seat_after,
)

    # nobody can take it: it stays where it is (already in owner's judgement zone)


@njit(cache=True)
def do_death(s, victim, killer):
    """Death: reveal, victory check first, then discard the victim's cards, then reward/penalty."""
    s[P_ALIVE + victim] = 0
    s[P_REVEALED + victim] = 1
    for p in range(s[H_NP]):        # every seat hears it (门神: a guard ends)
        notify(s, Q_SEAT_DIED, p, victim, b=0)
    role = s[P_ROLE + victim]
    log_event(s, EV_DEATH, victim, killer, role)
    if killer >= 0 and killer != victim:
        s[P_KILLS + killer] += 1
    if s[H_MODE] == MODE_3V3:
        death_3v3(s, victim, killer)
        return
    n = s[H_NP]
    lord_alive = False
    rebels = 0
    renegades = 0
    living = 0
    last = -1
    for i in range(n):
        if s[P_ALIVE + i] == 1:
            living += 1
            last = i
            r = s[P_ROLE + i]
            if r == ROLE_LORD:
                lord_alive = True
            elif r == ROLE_REBEL:
                rebels += 1
            elif r == ROLE_RENEGADE:
                renegades += 1
    if not lord_alive:
        if living == 1 and s[P_ROLE + last] == ROLE_RENEGADE:
            end_game(s, RES_RENEGADE, last)
        else:
            end_game(s, RES_REBEL, -1)
        return
    if rebels == 0 and renegades == 0:
        end_game(s, RES_LORD, -1)
        return
    bury(s, victim)
    if killer >= 0 and s[P_ALIVE + killer] == 1:
        if role == ROLE_REBEL:
            draw_cards(s, killer, 3)
        elif role == ROLE_LOYALIST and s[P_ROLE + killer] == ROLE_LORD:
            for c in range(s[H_NCARDS]):
                z = s[C_LOC + c]
                if z == Z_HAND + killer or z == Z_EQUIP + killer:
                    discard_card(s, c, killer)


# FR_DAMAGE steps, in the order they run: START, (ICE, ICE_PICK), KYLIN,
# (KYLIN_ANSWER), PREVENT, DEAL, AFTER, DONE, END
DMG_START = 0         # 寒冰剑 may be offered
DMG_ICE = 1           # 寒冰剑 used (or not)
DMG_ICE_PICK = 2      # 寒冰剑: discard the target's cards instead of the damage
DMG_KYLIN = 3         # 麒麟弓 may be offered
DMG_KYLIN_ANSWER = 4  # 麒麟弓: the horse discarded (or not)
DMG_PREVENT = 5       # TP_PREVENT: skills may lower F_DMG_AMOUNT
DMG_AFTER = 6         # after the damage (and any dying): TP_DAMAGED
DMG_DEAL = 7          # deal F_DMG_AMOUNT; the dying procedure at 0 HP
DMG_DONE = 8          # TP_DAMAGE_DONE
DMG_END = 9           # over


@njit(cache=True)
def run_damage(s, o):
    src = s[o + F_USER]
    t = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == DMG_START:
        if src >= 0 and not alive(s, src):
            s[o + F_USER] = -1
            src = -1
        if not alive(s, t):
            pop_frame(s, 0)
            return
        if src >= 0 and (s[o + F_DMG_FLAGS] & DF_SLASH) and weapon_kind(s, src) == K_ICE_SWORD \
                and total_cards(s, t, pick_takes_judge(s, PUR_ICE_SWORD)) > 0:
            s[o + F_PC] = DMG_ICE
            post_decision(s, src, DK_CONFIRM, s[o + F_CARD], src, t, da=0, db=PUR_ICE_SWORD, dc=0)
            return
        s[o + F_PC] = DMG_KYLIN
    elif pc == DMG_ICE:
        if s[H_ANSWER] == A_CONFIRM:
            log_event(s, EV_PREVENT, src, t, s[P_WEAPON + src])
            s[o + F_DMG_ICE_LEFT] = 2
            s[o + F_PC] = DMG_ICE_PICK
        else:
            s[o + F_PC] = DMG_KYLIN
    elif pc == DMG_ICE_PICK:
        if s[o + F_DMG_ICE_LEFT] <= 0 or total_cards(s, t, pick_takes_judge(s, PUR_ICE_SWORD)) == 0:
            pop_frame(s, 0)
            return
        s[o + F_DMG_ICE_LEFT] -= 1
        push_pick(s, src, t, -1, 0, PUR_ICE_SWORD)
    elif pc == DMG_KYLIN:
        if src >= 0 and (s[o + F_DMG_FLAGS] & DF_SLASH) and weapon_kind(s, src) == K_KYLIN_BOW \
                and (s[P_PLUS + t] >= 0 or s[P_MINUS + t] >= 0):
            s[o + F_PC] = DMG_KYLIN_ANSWER
            post_decision(s, src, DK_KYLIN, s[o + F_CARD], src, t, da=0, db=0, dc=0)
            return
        s[o + F_PC] = DMG_PREVENT
    elif pc == DMG_KYLIN_ANSWER:
        a = s[H_ANSWER]
        if a != A_PASS:
            discard_for(s, a - A_CARD, t, src, K_KYLIN_BOW, True)
        s[o + F_PC] = DMG_PREVENT
    elif pc == DMG_PREVENT:
        s[o + F_PC] = DMG_DEAL
        fire(s, TP_PREVENT, owner=-1, tgt=t, card=s[o + F_CARD], amount=s[o + F_DMG_AMOUNT],
             extra=0, org=o)      # 急救
    elif pc == DMG_DEAL:
        n = s[o + F_DMG_AMOUNT]
        if n <= 0:
            log_event(s, EV_PREVENT, src, t, -1)
            pop_frame(s, 0)
            return
        heals = (query(s, Q_HEAL_ON_DAMAGE, src, value=0, a=t, b=seat_distance(s, src, t))
                 if src >= 0 else 0)
        s[P_HP + t] -= n
        if src >= 0:
            s[P_DMG + src] += n
        log_event(s, EV_DAMAGE, src, t, n)
        hist_add(s, HK_DAMAGE, src, t, s[o + F_AS], n)
        if heals != 0 and s[P_HP + src] < s[P_MAXHP + src]:
            skill_log(s, src, heals, t)      # 凤舞九天: 1 HP per point dealt within distance 1
            heal(s, src, n, src, K_NONE)
        s[o + F_PC] = DMG_AFTER
        if s[P_HP + t] <= 0:
            push_dying(s, src, t)
    elif pc == DMG_AFTER:
        # after the damage (and any dying): the victim's skills, if he survived
        s[o + F_PC] = DMG_DONE
        if alive(s, t):
            fire(s, TP_DAMAGED, t, s[o + F_USER], s[o + F_CARD], s[o + F_DMG_AMOUNT], s[o + F_SUB2],
                 o)
    elif pc == DMG_DONE:
        # anyone's skills answering damage dealt (朴刀), the victim alive or not
        s[o + F_PC] = DMG_END
        fire(s, TP_DAMAGE_DONE, owner=-1, tgt=t, card=s[o + F_CARD], amount=s[o + F_DMG_AMOUNT],
             extra=0, org=o)
    else:   # DMG_END
        pop_frame(s, 0)


@njit(cache=True)
def kylin_mask(s, d, out):
    """DK_KYLIN (posted by FR_DAMAGE to the 麒麟弓's user): one of the target's horses, or
    A_PASS."""
    t = s[H_DTGT]
    n = mark(out, A_PASS)
    for f in (P_PLUS, P_MINUS):
        if s[f + t] >= 0:
            n += mark(out, A_CARD + s[f + t])
    return n


# FR_DYING steps
DYING_START = 0   # 红颜劫; then ask for 桃
DYING_ASK = 1     # ask the next seat that can give a 桃
DYING_ANSWER = 2  # a 桃 given, or the seat declined


@njit(cache=True)
def run_dying(s, o):
    """Ask for 桃 in table order from the current player, each until he declines. A card a skill
    turns into 桃 (回春, outside its owner's turn) may be used too."""
    v = s[o + F_TGT]
    n = s[H_NP]
    pc = s[o + F_PC]
    if pc == DYING_START:
        log_event(s, EV_DYING, v, 0, 0)
        s[o + F_DY_ASKED] = 0
        s[o + F_PC] = DYING_ASK
        if dying_held_off(s, v):        # 红颜劫 (不屈): he does not die
            pop_frame(s, 0)
            return
    elif pc == DYING_ANSWER:
        a = s[H_ANSWER]
        seat = seat_after(s, s[H_CUR], s[o + F_DY_ASKED])
        if a == A_PASS:
            s[o + F_DY_ASKED] += 1
        else:
            c = a - A_CARD
            log_event(s, EV_USE, seat, c, ev_pack(v, conversion(s, seat, c, K_PEACH)))  # 回春
            discard_card(s, c, seat)
            # a skill of his may make another's 桃 heal 1 more (救援 of the 民 lord: a 君's 药), a
            # skill of another's his own 桃 (大米: a 吴's)
            more = query(s, Q_RESCUE_BONUS, v, value=0, a=seat, b=0)
            if more != 0:
                skill_log(s, v, more, seat)
            heal(s, v, 1 + (1 if more != 0 else 0) + own_peach_bonus(s, seat, v), seat, K_PEACH)
        s[o + F_PC] = DYING_ASK
    if s[P_HP + v] >= 1 or pile_holds(s, v):
        pop_frame(s, 0)
        return
    i = s[o + F_DY_ASKED]
    while i < n:
        seat = seat_after(s, s[H_CUR], i)
        if s[P_ALIVE + seat] == 1 and (has_kind_in_hand(s, seat, K_PEACH)
                                       or can_convert_to(s, seat, K_PEACH)):     # 回春
            s[o + F_DY_ASKED] = i
            s[o + F_PC] = DYING_ANSWER
            post_decision(s, seat, DK_PEACH, card=-1, src=s[o + F_USER], tgt=v,
                          da=1 - s[P_HP + v], db=0, dc=0)
            return
        i += 1
    do_death(s, v, s[o + F_USER])
    pop_frame(s, 0)


@njit(cache=True)
def peach_mask(s, d, out):
    """DK_PEACH (posted by FR_DYING): a 桃 or a card converted to one (回春), or A_PASS."""
    return mark(out, A_PASS) + mark_hand(s, d, K_PEACH, out) + mark_converted(s, out, d, K_PEACH)
