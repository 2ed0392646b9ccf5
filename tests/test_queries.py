"""Query points (engine/skills/queries.py): the core asks a question, the skills that answer it
change the value. The rules the skills change are tested as scenarios in tests/skills/test_<key>.py
and by the golden corpus; here: the declarations, the loop, and that the core names no skill."""
import os
import re

import numpy as np
import pytest

from heroes_env.engine import constants as C
from heroes_env.engine import content, state
from heroes_env.engine.skills import (
    answer_dispatch,
    queries,
    registry,
)

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "heroes_env", "engine")
# skills the core still names; the list may only shrink (it is empty: the card-loss triggers are
# data, skills.csv on_loss, and 救援 answers Q_PEACH_TARGET)
CORE_NAMES_LEFT = set()
# the skill families the core still calls by name (the others answer query points or go through
# the registry's dispatch); the list may only shrink (it is empty: 门神 and the conversions answer
# query points too)
FAMILIES_CALLED_LEFT = set()


def test_every_query_point_is_declared_and_answered():
    points = {k: v for k, v in vars(C).items() if k.startswith("Q_")}
    assert sorted(points.values()) == list(range(C.NUM_QUERIES))
    for name, q in points.items():
        assert queries.answered_by(q), f"{name}: no skill answers it"
    # every skill of the CSV's modifiers family has a module of its own that answers something
    locked = {sk.id for sk in content.SKILLS.values() if sk.family == "modifiers" and not sk.base}
    assert len(locked) == 22 and all(answer_dispatch.QUERIES.get(sk) for sk in locked)
    # skills that also act answer through their modules, with the points they declare
    for key, points in (("menshen", (C.Q_TAKES_AIM, C.Q_SEAT_DIED)),
                        ("zuijiu", (C.Q_SLASH_DAMAGE, C.Q_DUEL_DAMAGE)),
                        ("xiadan", (C.Q_SLASH_BLOCKED, C.Q_SLASH_LIMIT, C.Q_ATTACK_RANGE,
                                    C.Q_SLASH_TARGETS))):
        sk = content.SKILLS[key].id
        assert queries.SKILL_QUERIES[sk] == sum(1 << q for q in points)
        assert set(answer_dispatch.QUERIES[sk]) == set(points)
    # the loops hand every answer and event to the generated dispatch, by skill id
    import inspect
    assert "answer_dispatch.answer(" in inspect.getsource(queries._ask_skills.py_func)
    assert "answer_dispatch.react(" in inspect.getsource(queries._notify_skills.py_func)
    # every card conversion with code of its own says which card it turns into which kind
    # (Q_CONVERTS); those a response can call on also say which kinds they make (Q_MAKES_KIND)
    conversions = {sk.id for sk in content.SKILLS.values() if sk.kind == "conversion"
                   and not sk.base}
    assert {sk for sk, points in answer_dispatch.QUERIES.items()
            if C.Q_CONVERTS in points} == conversions
    responding = {content.SKILLS[k].id for k in ("wusheng", "longdan", "qingguo", "huichun",
                                                 "diaozhuo")}
    assert {sk for sk, points in answer_dispatch.QUERIES.items()
            if C.Q_MAKES_KIND in points} == responding
    # the table is exactly what the modules declare
    for sk in range(C.MAX_SKILLS):
        assert queries.SKILL_QUERIES[sk] == sum(1 << q for q in
                                                set(answer_dispatch.QUERIES.get(sk, ()))), sk


def test_bad_declarations_fail_at_import():
    feijiang, wusheng = content.SKILLS["feijiang"].id, content.SKILLS["wusheng"].id
    with pytest.raises(ImportError, match=f"skill id {feijiang} answers point"):
        queries.table({feijiang: (C.NUM_QUERIES,)})
    bits = queries.table({feijiang: (0,), wusheng: (0, 3)})
    assert (bits[feijiang], bits[wusheng]) == (1, 9)


def test_the_query_loop():
    s = np.zeros(C.STATE_SIZE, np.int32)
    s[C.H_HEROES] = 1
    seat = 2
    s[C.P_HP + seat], s[C.P_MAXHP + seat] = 1, 5
    # no skill: the value comes back; 控局 in slot 1 answers the hand limit with the max HP
    assert queries.query(s, C.Q_HAND_LIMIT, seat, 1, 0, 0) == 1
    s[C.P_SK1 + seat] = content.SKILLS["kongju"].id
    assert queries.query(s, C.Q_HAND_LIMIT, seat, 1, 0, 0) == 5
    # a skill running another's code answers with that code and its own parameter: 骑射 (马术, 1)
    # shortens his distance but does not lengthen others' to him
    s[C.P_SK0 + seat] = content.SKILLS["qishe"].id
    assert queries.query(s, C.Q_DISTANCE_FROM, seat, 0, 0, 0) == -1
    assert queries.query(s, C.Q_DISTANCE_TO, seat, 0, 0, 0) == 0
    s[C.P_SK0 + seat] = content.SKILLS["mashu"].id
    assert queries.query(s, C.Q_DISTANCE_TO, seat, 0, 0, 0) == 1
    # "which skill" points return the base id of the one that answers
    s[C.P_SK2 + seat] = content.SKILLS["menglong"].id
    s[C.P_ARMOR + seat] = -1
    assert queries.query(s, C.Q_VIRTUAL_DIAGRAM, seat, 0, 0, 0) == content.SKILLS["menglong"].id
    # 救援 (a lord skill): another 吴 seat may use a 桃 on him, wounded, in its own turn
    s[C.P_SK3 + seat] = content.SKILLS["jiuyuan"].id
    s[C.P_HP + seat], s[C.P_KINGDOM + 0], s[C.H_CUR] = 4, C.KD_WU, 0
    assert queries.query(s, C.Q_PEACH_TARGET, seat, 0, 0, 0) == 1
    s[C.P_KINGDOM + 0] = C.KD_WEI
    assert queries.query(s, C.Q_PEACH_TARGET, seat, 0, 0, 0) == 0
    # the 桃 of the dying: 救援 of the 民 lord (parameter 君) heals him 1 more by a 君's 药 (a
    # "which skill" point); 大米 (parameter 吴) a 吴 character's own 桃
    s[C.P_SK2 + seat] = content.SKILLS["jiuyuan_hk"].id
    s[C.P_KINGDOM + 0] = C.KD_JUN
    assert queries.query(s, C.Q_RESCUE_BONUS, seat, 0, 0, 0) == content.SKILLS["jiuyuan_hk"].id
    assert queries.query(s, C.Q_RESCUE_BONUS, seat, 0, seat, 0) == 0
    s[C.P_SK2 + seat] = content.SKILLS["dami"].id
    assert queries.query(s, C.Q_OWN_PEACH_BONUS, seat, 0, 0, 0) == 0
    s[C.P_KINGDOM + 0] = C.KD_WU
    assert queries.query(s, C.Q_OWN_PEACH_BONUS, seat, 0, 0, 0) == 1
    # pack none (no heroes): every point returns what it was given
    s[C.H_HEROES] = 0
    assert queries.query(s, C.Q_HAND_LIMIT, seat, 1, 0, 0) == 1


def test_the_core_names_no_skill_but_those_left():
    core = [os.path.join(ENGINE, "flow", f) for f in os.listdir(os.path.join(ENGINE, "flow"))
            if f.endswith(".py")]
    core += [os.path.join(ENGINE, f) for f in ("rules.py", "state.py", "draft.py", "mask.py",
                                               "observe.py", "core.py")]
    named = set()
    for path in core:
        with open(path, encoding="utf-8") as f:
            named |= set(re.findall(r"\bSK_[A-Z0-9_]+", f.read()))
    assert named <= CORE_NAMES_LEFT, f"the core names skills: {sorted(named - CORE_NAMES_LEFT)}"
    # no frame or rule imports the rule-changing skills' family by name any more
    called = set()
    for path in core:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert "skills.modifiers" not in text, path
        called |= set(re.findall(r"\bskills\.(\w+) import", text)) & set(content.FAMILIES)
    assert called <= FAMILIES_CALLED_LEFT, \
        f"the core calls families by name: {sorted(called - FAMILIES_CALLED_LEFT)}"
    # nor reads a skill's marks (醉酒's and 侠胆's answer query points): the core only clears
    # the marks that last until the end of the turn, MK_TURN
    marks = set()
    for path in core:
        with open(path, encoding="utf-8") as f:
            marks |= set(re.findall(r"\bMK_[A-Z0-9_]+", f.read()))
    assert marks <= {"MK_TURN"}, f"the core reads skill marks: {sorted(marks - {'MK_TURN'})}"


def test_card_loss_triggers_are_data():
    """state._leave raises the card-loss triggers from skills.csv ``on_loss`` (content.SKILL_LOSS,
    a skill running another's code answering its base's), and run_pending runs the one skill
    with its own code per loss."""
    loss = {sk.key: int(content.SKILL_LOSS[sk.id]) for sk in content.SKILLS.values()
            if content.SKILL_LOSS[sk.id]}
    assert loss == {"lianying": C.LOSS_HAND, "diyun": C.LOSS_HAND, "xiaoji": C.LOSS_EQUIP,
                    "mili": C.LOSS_EQUIP, "linglong": C.LOSS_EQUIP}
    assert registry.LOSS_HAND_SKILL == content.SKILLS["lianying"].id
    assert registry.LOSS_EQUIP_SKILL == content.SKILLS["xiaoji"].id
    s = np.zeros(C.STATE_SIZE, np.int32)
    s[C.H_HEROES] = 1
    s[C.P_SK1 + 3] = content.SKILLS["linglong"].id
    assert state.loss_triggers(s, 3) == C.LOSS_EQUIP and state.loss_triggers(s, 2) == 0


def test_menshen_answers_through_the_query_points():
    """门神 (its own module) answers Q_TAKES_AIM, which rules.aim_taker asks of every other living
    seat, and the event Q_SEAT_DIED ends the guard; the flow names neither the skill nor its
    module."""
    from heroes_env.engine import rules
    s = np.zeros(C.STATE_SIZE, np.int32)
    s[C.H_HEROES], s[C.H_NP] = 1, 5
    for p in range(5):
        s[C.P_ALIVE + p] = 1
    qin, guarded, user = 3, 1, 0
    menshen = content.SKILLS["menshen"].id
    s[C.P_SK1 + qin] = menshen
    assert rules.aim_taker(s, user, guarded) == -1              # no guard yet
    s[C.P_MARK + guarded] |= C.MK_MENSHEN
    s[C.P_MARK + qin] |= C.MK_MENSHEN_ON
    assert rules.aim_taker(s, user, guarded) == qin
    assert queries.query(s, C.Q_TAKES_AIM, qin, 0, guarded, user) == menshen
    assert rules.aim_taker(s, user, 2) == -1                     # not the guarded seat
    assert rules.aim_taker(s, qin, guarded) == -1                # 秦琼's own 杀 stays
    s[C.P_ALIVE + qin] = 0
    assert rules.aim_taker(s, user, guarded) == -1               # a dead 秦琼 guards nobody
    s[C.P_ALIVE + qin] = 1
    queries.notify(s, C.Q_SEAT_DIED, qin, 2, 0)                  # someone else died: it stays
    assert s[C.P_MARK + guarded] & C.MK_MENSHEN and s[C.P_MARK + qin] & C.MK_MENSHEN_ON
    queries.notify(s, C.Q_SEAT_DIED, qin, guarded, 0)            # the guarded one died: it ends
    assert (s[C.P_MARK + guarded] | s[C.P_MARK + qin]) & (C.MK_MENSHEN | C.MK_MENSHEN_ON) == 0


def test_zuijiu_and_xiadan_answer_through_the_query_points():
    """醉酒 (its own module) answers Q_SLASH_DAMAGE and Q_DUEL_DAMAGE in its owner's drunk turn,
    侠胆 (active) the points of the 杀 (blocked, limit, range, targets) by its turn marks; the rules
    that ask them name neither skill."""
    from heroes_env.engine import rules
    s = np.zeros(C.STATE_SIZE, np.int32)
    s[C.H_HEROES], s[C.H_NP] = 1, 5
    for p in range(5):
        s[C.P_ALIVE + p] = 1
    wusong, ren = 1, 3
    s[C.P_SK0 + wusong] = content.SKILLS["zuijiu"].id
    s[C.P_SK0 + ren] = content.SKILLS["xiadan"].id
    s[C.H_CUR] = wusong
    assert queries.query(s, C.Q_SLASH_DAMAGE, wusong, 1, 0, 0) == 1      # not drunk
    s[C.P_MARK + wusong] |= C.MK_ZUIJIU
    assert queries.query(s, C.Q_SLASH_DAMAGE, wusong, 1, 0, 0) == 2
    assert queries.query(s, C.Q_DUEL_DAMAGE, wusong, 1, wusong, 0) == 2   # his own 决斗, won
    assert queries.query(s, C.Q_DUEL_DAMAGE, wusong, 1, 0, 0) == 1        # another's 决斗
    s[C.H_CUR] = 0
    assert queries.query(s, C.Q_SLASH_DAMAGE, wusong, 1, 0, 0) == 1      # not his turn
    s[C.H_CUR] = ren
    assert rules.slash_limit(s, ren) == 1 and rules.attack_range(s, ren) == 1
    assert rules.slash_allowed(s, ren)
    s[C.P_MARK + ren] |= C.MK_XIADAN_LOST
    assert not rules.slash_allowed(s, ren)
    s[C.P_MARK + ren] = C.MK_XIADAN_WON
    assert rules.slash_limit(s, ren) == 2 and rules.attack_range(s, ren) >= C.MAX_SEATS
    assert queries.query(s, C.Q_SLASH_TARGETS, ren, 1, 0, 0) == 2
    s[C.P_SLASHES + ren] = 1
    assert rules.slash_allowed(s, ren)
    s[C.P_SLASHES + ren] = 2
    assert not rules.slash_allowed(s, ren)
    # the marks without the skill do nothing (only the skills read them)
    s[C.P_MARK + 0] = C.MK_XIADAN_WON | C.MK_ZUIJIU
    s[C.H_CUR] = 0
    assert rules.slash_limit(s, 0) == 1 and rules.attack_range(s, 0) == 1
    assert queries.query(s, C.Q_SLASH_DAMAGE, 0, 1, 0, 0) == 1


def test_conversions_answer_through_the_query_points():
    """A response asks whether a seat can turn a card into the kind asked (rules.can_convert_to,
    rules.converting_skill, marks.mark_converted): 武圣 (a red card as a 杀) and 龙胆 (杀 <-> 闪)
    answer Q_MAKES_KIND and Q_CONVERTS, the first skill in slot order names itself."""
    from heroes_env.engine import marks, rules
    s = np.zeros(C.STATE_SIZE, np.int32)
    s[C.H_HEROES], s[C.H_NP], s[C.H_NCARDS] = 1, 5, 3
    seat, red = 2, 1
    wusheng, longdan = content.SKILLS["wusheng"].id, content.SKILLS["longdan"].id
    for c in range(3):
        s[C.C_LOC + c] = C.Z_DECK
    s[C.C_INFO + red] = (C.K_JINK << 6) | (C.SUIT_HEART << 4)     # a ♥ 闪 in his hand
    s[C.C_LOC + red] = C.Z_HAND + seat
    s[C.P_HANDN + seat] = 1
    assert state.card_kind(s, red) == C.K_JINK and state.card_color(s, red) == C.COLOR_RED
    assert not rules.can_convert_to(s, seat, C.K_SLASH)            # no skill yet
    s[C.P_SK1 + seat] = wusheng
    assert queries.query(s, C.Q_MAKES_KIND, seat, 0, C.K_SLASH, 0) == 1
    assert queries.query(s, C.Q_MAKES_KIND, seat, 0, C.K_JINK, 0) == 0
    assert rules.can_convert_to(s, seat, C.K_SLASH)
    assert rules.converting_skill(s, seat, red, C.K_SLASH) == wusheng
    assert rules.converting_skill(s, seat, red, C.K_JINK) == 0
    s[C.P_SK0 + seat] = longdan                                     # before 武圣 in slot order
    assert rules.converting_skill(s, seat, red, C.K_SLASH) == longdan   # the 闪 as a 杀
    out = np.zeros(C.NUM_ACTIONS, np.int8)
    assert marks.mark_converted(s, out, seat, C.K_SLASH) == 1 and out[C.A_CARD + red] == 1
    assert marks.mark_converted(s, out, seat, C.K_SLASH) == 0       # already marked
    s[C.H_HEROES] = 0                                               # pack none: nothing converts
    assert not rules.can_convert_to(s, seat, C.K_SLASH)


def test_a_play_phase_conversion_makes_no_card_in_a_response():
    """奸雄 (英雄杀) says which card it turns into the kind he may repeat (Q_CONVERTS, which the
    play phase asks of it), but it makes no kind in a response (no Q_MAKES_KIND): in his turn,
    after a 杀, a 杀 asked of him is not made of his ♥ 闪."""
    from heroes_env.engine import marks, rules
    from heroes_env.engine.skills.answers import jianxiong_hk
    s = np.zeros(C.STATE_SIZE, np.int32)
    s[C.H_HEROES], s[C.H_NP], s[C.H_NCARDS] = 1, 5, 1
    seat, c = 2, 0
    s[C.C_INFO + c] = (C.K_JINK << 6) | (C.SUIT_HEART << 4)
    s[C.C_LOC + c] = C.Z_HAND + seat
    s[C.P_HANDN + seat] = 1
    sk = content.SKILLS["jianxiong_hk"].id
    s[C.P_SK0 + seat] = sk
    s[C.H_CUR], s[C.H_LASTKIND] = seat, C.K_SLASH
    assert jianxiong_hk.play_kind(s, seat) == C.K_SLASH
    assert jianxiong_hk.answer(s, C.Q_CONVERTS, 0, seat, 0, c, C.K_SLASH) == sk
    assert not rules.makes_kind(s, seat, C.K_SLASH) and not rules.can_convert_to(s, seat, C.K_SLASH)
    assert marks.mark_converted(s, np.zeros(C.NUM_ACTIONS, np.int8), seat, C.K_SLASH) == 0
    s[C.P_USED + seat] = 1                        # used in this play phase (slot 0): no kind
    assert jianxiong_hk.play_kind(s, seat) == C.K_NONE
