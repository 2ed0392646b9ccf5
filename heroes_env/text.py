"""A seat's observation in words (English or Chinese), for language-model players and people.

    from heroes_env.text import describe, choices
    obs, mask = game.observe_with_mask(seat)
    print(describe(obs, mask, lang="en"))          # role, hand, table, history, the decision
    for action, label in choices(obs, mask, "en"):  # the legal actions, in action order
        ...

Both read the observation vector (``heroes_env.obs.decode``) and the action mask only, with
public data (deck lists, hero and skill tables): they say nothing the seat does not know. Seats
are named relative to the viewer, as the observation has them: ``you``, then ``seat+1`` (the
seat that plays after you), ``seat+2``, ... in turn order.

Which deck is played is public (the game's config) but not in the observation: pass ``deck=``
(a ``heroes_env.cards.DECKS`` name) when you know it; otherwise it is inferred from the number
of cards the observation counts (``Observation.infer_deck``: exact unless someone else is
privately looking at cards, so an agent remembers the deck of the game's first decision).
"""
from __future__ import annotations

import numpy as np

from . import cards as cardsmod
from . import labels
from .engine import constants as C
from .engine import content
from .heroes import SKILLS as SKILL_INFO
from .obs import DecisionObs, Observation, decode

LANGS = ("en", "zh")

W = {
    "en": {"you": "you", "seat": "seat+{r}", "intro": "Seats are named from your place in turn "
           "order: seat+1 plays after you, seat+2 after it, and so on.",
           "mode_id": "identity mode, {n} players", "mode_3v3": "3v3 mode (two teams of three)",
           "role": "Your role: {role}.", "goal": "Your goal: {goal}",
           "hero": "Your hero: {hero}", "skills": "skills", "no_hero": "no hero",
           "hand": "Your hand ({k})", "empty": "empty", "round": "Round {r}, {phase} phase",
           "turn": "{who} turn", "piles": "draw pile {d} cards, discard pile {x} cards",
           "table": "The table (in turn order):", "hp": "HP {hp}/{mx}",
           "cards": "{k} cards in hand",
           "role_unknown": "role unknown", "dead": "dead", "equip": "equipment",
           "judge": "judgement zone", "dist": "distance {d}", "in_range": "in your attack range",
           "ally": "your team", "enemy": "other team", "acted": "has acted this round",
           "on_table": "Cards on the table", "look": "You are looking at",
           "hero_unknown": "hero hidden", "marks": "marks", "used": "skills used this phase",
           "hist_game": "Public history (whole game, actor -> receiver):",
           "hist_round": "This round:", "hostile": "hostile {k}", "friendly": "friendly {k}",
           "recent": "Recent public events (newest first):", "nothing": "nothing yet",
           "decision": "Decision: {what}", "no_decision": "You are not asked anything now.",
           "offer": "Heroes you may choose", "card": "card", "from": "from", "on": "on",
           "asked_by": "asked by {skill} of {who}", "need": "needs {k} peach(es)",
           "left": "{k} more to choose", "nul_count": "nullifications so far: {k}",
           "stage": "choice {k}", "pick_no": "pick {k}", "assign": "assigning heroes to seats",
           "eight_diagram": "Eight Diagram may be tried", "choices": "Choices:",
           "yourself": "yourself", "target": "target {who}", "act": "send {who}",
           "skill": "use skill {name}", "hero_pick": "hero {name}",
           "skill_slot": "use your skill in slot {k}",
           "where": {"hand": "in your hand", "table": "on the table", "look": "you look at",
                     "public": "face up", "discard": "in the discard pile"},
           "pass_play": "end your play phase", "done": "done"},
    "zh": {"you": "你", "seat": "下家+{r}",
           "intro": "座位以你为起点按行动顺序命名：下家+1 在你之后行动，下家+2 在其后，依此类推。",
           "mode_id": "身份模式，{n} 人", "mode_3v3": "3v3 模式（两队各三人）",
           "role": "你的身份：{role}。", "goal": "你的目标：{goal}",
           "hero": "你的武将：{hero}", "skills": "技能", "no_hero": "无武将",
           "hand": "你的手牌（{k}）", "empty": "无", "round": "第 {r} 轮，{phase}",
           "turn": "{who}的回合", "piles": "牌堆 {d} 张，弃牌堆 {x} 张",
           "table": "牌桌（按行动顺序）：", "hp": "体力 {hp}/{mx}", "cards": "手牌 {k} 张",
           "role_unknown": "身份未知", "dead": "阵亡", "equip": "装备", "judge": "判定区",
           "dist": "距离 {d}", "in_range": "在你的攻击范围内", "ally": "你的队伍",
           "enemy": "对方队伍",
           "acted": "本轮已行动", "on_table": "桌上的牌", "look": "你正在观看",
           "hero_unknown": "武将未公开", "marks": "标记", "used": "本阶段已发动的技能",
           "hist_game": "公开记录（全局，行动者 -> 承受者）：", "hist_round": "本轮：",
           "hostile": "敌意 {k}", "friendly": "友善 {k}", "recent": "最近的公开事件（从新到旧）：",
           "nothing": "暂无", "decision": "待决：{what}", "no_decision": "现在没有需要你做的决定。",
           "offer": "可选武将", "card": "牌", "from": "来自", "on": "目标",
           "asked_by": "由{who}的{skill}询问", "need": "需要 {k} 个桃", "left": "还需选择 {k} 张",
           "nul_count": "已打出无懈可击 {k} 张", "stage": "第 {k} 项选择",
           "pick_no": "第 {k} 次选将",
           "assign": "为队员分配武将", "eight_diagram": "可以发动八卦阵", "choices": "可选动作：",
           "yourself": "你自己", "target": "目标 {who}", "act": "派出 {who}",
           "skill": "发动技能 {name}", "hero_pick": "武将 {name}",
           "skill_slot": "发动第 {k} 个技能",
           "where": {"hand": "手牌", "table": "桌上", "look": "正在观看", "public": "明置",
                     "discard": "弃牌堆"},
           "pass_play": "结束出牌阶段", "done": "完成"},
}

GOALS = {
    "en": ("keep yourself alive and eliminate every rebel and the renegade, with your loyalists",
           "protect the lord (you win with him) and eliminate the rebels and the renegade",
           "kill the lord (you win with the other rebels)",
           "be the last one alive: help the lord against the rebels, then defeat the lord alone",
           "keep yourself alive and kill the other team's commander",
           "protect your commander and kill the other team's commander"),
    "zh": ("保护自己，与忠臣一起消灭所有反贼和内奸", "保护主公（与主公同胜），消灭反贼和内奸",
           "杀死主公（与其他反贼同胜）", "成为最后的存活者：先助主公除掉反贼，最后单挑主公",
           "保护自己并击杀对方主将", "保护本队主将并击杀对方主将"),
}

HIST_KIND_NAMES = {"en": ("damage", "harmful aims", "healing", "cards given", "protections"),
                   "zh": ("伤害", "敌对指向", "回复", "给牌", "保护")}
EVENT_TEXT = {
    "en": ("{a} dealt {k} damage to {b}", "{a} aimed a harmful card or skill at {b}",
           "{a} restored {k} HP to {b}", "{a} gave {k} card(s) to {b}", "{a} protected {b}"),
    "zh": ("{a} 对 {b} 造成 {k} 点伤害", "{a} 对 {b} 使用了敌对的牌或技能",
           "{a} 为 {b} 回复 {k} 点体力", "{a} 交给 {b} {k} 张牌", "{a} 保护了 {b}"),
}
PURPOSES = {
    "en": {C.PUR_DUEL: "in a Duel", C.PUR_SAVAGE: "against Savage Assault",
           C.PUR_COLLATERAL: "for Borrowed Sword", C.PUR_BLADE: "Blade's follow-up",
           C.PUR_SLASH: "against a Slash", C.PUR_ARCHERY: "against Archery Attack",
           C.PUR_SPEAR: "Spear", C.PUR_AXE: "Axe", C.PUR_DISMANTLE: "Dismantle",
           C.PUR_SNATCH: "Snatch", C.PUR_ICE_SWORD: "Ice Sword", C.PUR_DSWORDS: "Double Swords",
           C.PUR_SKILL: "use the skill?", C.PUR_LORD: "on the lord's behalf",
           C.PUR_SKILL_SLASH: "a skill lets you Slash", C.PUR_PICK_ORDER: "to pick heroes",
           C.PUR_ACT_ORDER: "to act"},
    "zh": {C.PUR_DUEL: "决斗中", C.PUR_SAVAGE: "响应南蛮入侵", C.PUR_COLLATERAL: "借刀杀人",
           C.PUR_BLADE: "青龙偃月刀追杀", C.PUR_SLASH: "响应杀", C.PUR_ARCHERY: "响应万箭齐发",
           C.PUR_SPEAR: "丈八蛇矛", C.PUR_AXE: "贯石斧", C.PUR_DISMANTLE: "过河拆桥",
           C.PUR_SNATCH: "顺手牵羊", C.PUR_ICE_SWORD: "寒冰剑", C.PUR_DSWORDS: "雌雄双股剑",
           C.PUR_SKILL: "是否发动技能？", C.PUR_LORD: "替主公响应",
           C.PUR_SKILL_SLASH: "技能令你可以出杀", C.PUR_PICK_ORDER: "选将",
           C.PUR_ACT_ORDER: "行动"},
}
SKILL_KINDS = {"en": {"triggered": "triggered", "locked": "locked", "active": "active",
                      "conversion": "conversion", "lord": "lord"},
               "zh": {"triggered": "触发技", "locked": "锁定技", "active": "主动技",
                      "conversion": "转化技", "lord": "主公技"}}
MARK_NAMES = {"en": ("guarded (Door God)", "guarding (Door God)", "won Xiadan", "lost Xiadan",
                     "holds a dead hero's skills", "drunk (double damage)", "", ""),
              "zh": ("受门神保护", "门神守护中", "侠胆拼点赢", "侠胆拼点没赢", "易装中",
                     "醉酒", "", "")}


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {list(LANGS)}, got {lang!r}")


# ---------------------------------------------------------------- names
def seat_word(r: int, lang: str) -> str:
    return W[lang]["you"] if r == 0 else W[lang]["seat"].format(r=r)


def kind_name(k: int, lang: str) -> str:
    return cardsmod.kinds()[k].name_zh if lang == "zh" else cardsmod.kinds()[k].name_en


def hero_name(h: int, lang: str) -> str:
    x = content.HEROES_BY_ID.get(int(h))
    return labels.hero_label(h, lang) if x is None else x.name(lang)


_DISGUISED = C.MK_YIZHUANG.bit_length() - 1      # the mark bit of a seat holding another's skills


def seat_skills(o: Observation, r: int) -> tuple[int, ...]:
    """The skill ids in seat r's skill slots, slot order (lord skills only for the lord); ()
    when unknown: no hero seen, or 易装 gave the seat a dead hero's skills (the observation
    does not say whose)."""
    h = o.seats[r].hero
    x = content.HEROES_BY_ID.get(h) if h >= 0 else None
    if x is None or _DISGUISED in o.seats[r].marks:
        return ()
    lord = o.seats[r].role == C.ROLE_LORD
    return tuple(sk for sk in x.skills if lord or content.SKILLS_BY_ID[sk].kind != "lord")


def skill_line(skill_id: int, lang: str = "en") -> str:
    """One skill as the text view shows it, the single place a skill becomes text: its name, its
    kind and its description (``heroes_env.skill_info(key).text(lang)``)."""
    s = content.SKILLS_BY_ID[int(skill_id)]
    kind = SKILL_KINDS[lang].get(s.kind, s.kind)
    text = SKILL_INFO[s.key].text(lang)
    if lang == "en":
        return f"{s.name(lang)} ({kind}): {text}"
    return f"{s.name(lang)}（{kind}）：{text}"


def _skill_lines(sks, lang: str, indent: str) -> str:
    """A seat's or an offered hero's skills, one per line under it."""
    return "".join(f"\n{indent}- {skill_line(k, lang)}" for k in sks)


def _card(deck: tuple, c: int, lang: str) -> str:
    return labels.card_label(deck, c, lang)


def _join(items, lang: str) -> str:
    items = [x for x in items if x]
    if not items:
        return W[lang]["empty"]
    return ("、" if lang == "zh" else ", ").join(items)


def _deck_of(o: Observation, deck: str | None) -> tuple:
    name = deck or o.infer_deck() or "standard"
    if name not in cardsmod.DECKS:
        raise ValueError(f"deck must be one of {list(cardsmod.DECKS)}, got {name!r}")
    return cardsmod.deck(name)


# ---------------------------------------------------------------- the decision
def decision_text(o: Observation, lang: str = "en", deck: str | None = None) -> str:
    """The pending decision in words (kind, context card, seats, counters, the asking skill)."""
    _check_lang(lang)
    w = W[lang]
    d: DecisionObs | None = o.decision
    if d is None:
        return w["no_decision"]
    parts = [labels.DECISION_NAMES[lang][d.kind]]
    if d.card_kind > 0:
        parts.append(f"{w['card']} {kind_name(d.card_kind, lang)}")
    if d.source >= 0:
        parts.append(f"{w['from']} {seat_word(d.source, lang)}")
    if d.target >= 0:
        parts.append(f"{w['on']} {seat_word(d.target, lang)}")
    a, b, c = d.counters
    purpose_kinds = (C.DK_JINK, C.DK_SLASH, C.DK_PICK, C.DK_CONFIRM, C.DK_DSWORDS, C.DK_SELECT,
                     C.DK_ORDER)
    if d.kind in purpose_kinds and b in PURPOSES[lang]:
        parts.append(PURPOSES[lang][b])
    if d.kind == C.DK_JINK and a == 1:
        parts.append(w["eight_diagram"])
    elif d.kind == C.DK_PEACH and a > 0:
        parts.append(w["need"].format(k=a))
    elif d.kind == C.DK_NULLIFY:
        if 0 < a < C.NUM_KINDS:
            parts.append(kind_name(a, lang))
        parts.append(w["nul_count"].format(k=b))
    elif d.kind in (C.DK_DISCARD, C.DK_SELECT) and a > 0:
        parts.append(w["left"].format(k=a))
    elif d.kind == C.DK_TARGET:
        if 0 < a < C.NUM_KINDS:
            parts.append(kind_name(a, lang))
        if c >= 0:
            parts.append(f"{w['from']} {seat_word(c, lang)}")
    elif d.kind == C.DK_HERO:
        parts.append(w["assign"] if b == 1 else w["pick_no"].format(k=c + 1 if c >= 0 else 1))
    if d.skill_owner >= 0 and d.skill_slot >= 0:
        sks = seat_skills(o, d.skill_owner)
        if d.skill_slot < len(sks):
            name = content.SKILLS_BY_ID[sks[d.skill_slot]].name(lang)
            parts.append(w["asked_by"].format(skill=name, who=seat_word(d.skill_owner, lang)))
        if d.kind in (C.DK_SKILL_CARD, C.DK_SKILL_TARGET, C.DK_SKILL_OPTION) and a > 0:
            parts.append(w["stage"].format(k=a + 1))
    return w["decision"].format(what=(" · ").join(parts))


# ---------------------------------------------------------------- the legal actions
def _where(o: Observation, c: int) -> str:
    for key, ids in (("hand", o.hand), ("look", o.look), ("table", o.table),
                     ("public", o.public), ("discard", o.discard)):
        if c in ids:
            return key
    return ""


def action_label(o: Observation, a: int, lang: str = "en", deck: str | None = None) -> str:
    """One action in words, from the viewer's observation (seats relative, named by hero)."""
    _check_lang(lang)
    w = W[lang]
    a = int(a)
    d = o.decision
    if a == C.A_PASS and d is not None and d.kind == C.DK_PLAY:
        return w["pass_play"]
    if C.A_CARD <= a < C.A_TARGET:
        c = a - C.A_CARD
        where = _where(o, c)
        text = _card(_deck_of(o, deck), c, lang)
        return f"{text} ({w['where'][where]})" if where and lang == "en" else (
            f"{text}（{w['where'][where]}）" if where else text)
    if C.A_TARGET <= a < C.A_OPTION:
        r = a - C.A_TARGET
        who = w["yourself"] if r == 0 else seat_word(r, lang)
        if 0 <= r < o.num_players and o.seats[r].hero >= 0:
            who += f" ({hero_name(o.seats[r].hero, lang)})" if lang == "en" else \
                f"（{hero_name(o.seats[r].hero, lang)}）"
        key = "act" if d is not None and d.kind == C.DK_WHO_ACTS else "target"
        return w[key].format(who=who)
    if C.A_SKILL <= a < C.A_HERO:
        i = a - C.A_SKILL
        sks = seat_skills(o, 0)
        if i < len(sks):
            return w["skill"].format(name=content.SKILLS_BY_ID[sks[i]].name(lang))
        return w["skill_slot"].format(k=i + 1)
    if C.A_HERO <= a < C.NUM_ACTIONS:
        j = a - C.A_HERO
        name = hero_name(o.offer[j], lang) if j < len(o.offer) else str(j)
        return w["hero_pick"].format(name=name)
    # pass, confirm, options: the shared labels
    return labels.action_to_str(a, _deck_of(o, deck), 0, max(1, o.num_players), lang)


def _legal(mask) -> list[int]:
    m = np.asarray(mask)
    if m.shape != (C.NUM_ACTIONS,):
        raise ValueError(f"an action mask has shape ({C.NUM_ACTIONS},), got {m.shape}")
    return [int(a) for a in np.flatnonzero(m)]


def _observation(obs) -> Observation:
    """obs decoded (or as given), or ValueError if it cannot be a seat's view of a game: an
    observation names the seat's table of 4 to ``MAX_SEATS`` players (an all-zero vector, for
    one, names none)."""
    o = obs if isinstance(obs, Observation) else decode(obs)
    if not 4 <= o.num_players <= C.MAX_SEATS or len(o.seats) != o.num_players:
        raise ValueError(f"not an observation of a game: it names a table of {o.num_players} "
                         f"players with {len(o.seats)} seats seen (an observation has 4 to "
                         f"{C.MAX_SEATS}, as Game.observe and the envs give it)")
    return o


def choices(obs, mask, lang: str = "en", deck: str | None = None) -> list[tuple[int, str]]:
    """The legal actions of the mask as (action, label), in action order (number them from 1
    to show them). Labels are distinct: two cards alike (the standard deck has two 杀 ♠9) are
    "Slash ♠9 (in your hand)" and "Slash ♠9 (in your hand) [2]"."""
    _check_lang(lang)
    o = _observation(obs)
    out = []
    seen: dict[str, int] = {}
    for a in _legal(mask):
        lab = action_label(o, a, lang, deck)
        seen[lab] = seen.get(lab, 0) + 1
        out.append((a, lab if seen[lab] == 1 else f"{lab} [{seen[lab]}]"))
    return out


# ---------------------------------------------------------------- the whole view
def _seat_line(o: Observation, r: int, lang: str, deck: tuple) -> str:
    w = W[lang]
    s = o.seats[r]
    zh = lang == "zh"
    head = seat_word(r, lang)
    hero = hero_name(s.hero, lang) if s.hero >= 0 else w["hero_unknown"]
    role = labels.ROLE_NAMES[lang][s.role] if s.role >= 0 else w["role_unknown"]
    bits = [hero, role]
    if not s.alive:
        return f"- {head}: " + _join(bits + [w["dead"]], lang)
    bits += [w["hp"].format(hp=s.hp, mx=s.max_hp), w["cards"].format(k=s.hand_size)]
    if s.equipment:
        bits.append(f"{w['equip']}{'：' if zh else ': '}"
                    + " ".join(kind_name(k, lang) for k in s.equipment))
    if s.judgement:
        bits.append(f"{w['judge']}{'：' if zh else ': '}"
                    + " ".join(kind_name(k, lang) for k in s.judgement))
    if r > 0 and s.distance >= 0:
        bits.append(w["dist"].format(d=s.distance))
    if s.in_range:
        bits.append(w["in_range"])
    if o.role in (C.ROLE_COMMANDER, C.ROLE_GUARD):
        bits.append(w["ally"] if s.ally else w["enemy"])
        if s.acted:
            bits.append(w["acted"])
    marks = [MARK_NAMES[lang][m] for m in s.marks if MARK_NAMES[lang][m]]
    if marks:
        bits.append(f"{w['marks']}{'：' if zh else ': '}" + " ".join(marks))
    sks = seat_skills(o, r)
    if s.used_slots:
        used = [content.SKILLS_BY_ID[sks[i]].name(lang) for i in s.used_slots if i < len(sks)]
        if used:
            bits.append(f"{w['used']}{'：' if zh else ': '}" + " ".join(used))
    line = f"- {head}: " + _join(bits, lang)
    if sks:
        line += "\n    " + w["skills"] + ("：" if zh else ":") + _skill_lines(sks, lang, "      ")
    return line


def history_lines(o: Observation, lang: str = "en") -> list[str]:
    """The public history pieces in words: the whole game's counters per ordered pair of seats,
    this round's hostile / friendly classes, and the last events, newest first."""
    _check_lang(lang)
    w = W[lang]
    sep = "：" if lang == "zh" else ": "
    out = [w["hist_game"]]
    n = o.num_players
    rows = []
    for a in range(n):
        for b in range(n):
            v = o.history_game[a, b]
            if v.any():
                what = _join([f"{HIST_KIND_NAMES[lang][k]} {int(v[k])}"
                              for k in range(C.NUM_HK) if v[k]], lang)
                rows.append(f"  {seat_word(a, lang)} -> {seat_word(b, lang)}{sep}{what}")
    out += rows or [f"  {w['nothing']}"]
    rows = []
    for a in range(n):
        for b in range(n):
            v = o.history_round[a, b]
            if v.any():
                what = _join([w["hostile"].format(k=int(v[C.HC_HOSTILE]))
                              if v[C.HC_HOSTILE] else "",
                              w["friendly"].format(k=int(v[C.HC_FRIENDLY]))
                              if v[C.HC_FRIENDLY] else ""], lang)
                rows.append(f"  {seat_word(a, lang)} -> {seat_word(b, lang)}{sep}{what}")
    if rows:
        out += [w["hist_round"]] + rows
    out.append(w["recent"])
    if not o.events:
        out.append(f"  {w['nothing']}")
    for e in o.events:
        line = EVENT_TEXT[lang][e.kind].format(a=seat_word(e.actor, lang),
                                               b=seat_word(e.receiver, lang), k=e.amount)
        if 0 < e.card_kind < C.NUM_KINDS:
            line += f" ({kind_name(e.card_kind, lang)})" if lang == "en" else \
                f"（{kind_name(e.card_kind, lang)}）"
        out.append("  " + line)
    return out


def goal(role: int, lang: str = "en") -> str:
    """What a seat of this role plays for, in a sentence."""
    _check_lang(lang)
    return GOALS[lang][role]


def describe(obs, mask=None, lang: str = "en", deck: str | None = None) -> str:
    """Everything the seat sees, in words: its role and goal, its hero and hand, the table
    (heroes with their skills, HP, hands, equipment, judgement zones, known roles, distances),
    the cards on the table, the public history, and the decision asked of it. mask is
    accepted for symmetry with ``choices`` (the decision's choices are ``choices``'s)."""
    _check_lang(lang)
    if mask is not None:
        _legal(mask)
    o = _observation(obs)
    w = W[lang]
    zh = lang == "zh"
    sep = "：" if zh else ": "
    dk = _deck_of(o, deck)
    n = o.num_players
    team = o.role in (C.ROLE_COMMANDER, C.ROLE_GUARD)
    lines = [w["mode_3v3"] if team else w["mode_id"].format(n=n), w["intro"]]
    if o.role >= 0:
        lines.append(w["role"].format(role=labels.ROLE_NAMES[lang][o.role]) + " "
                     + w["goal"].format(goal=goal(o.role, lang)))
    me = o.seats[0] if n else None
    if me is not None:
        lines.append(w["hero"].format(hero=hero_name(me.hero, lang) if me.hero >= 0
                                      else w["no_hero"]))
    lines.append(w["hand"].format(k=len(o.hand)) + sep
                 + _join([_card(dk, c, lang) for c in o.hand], lang))
    cur = [r for r in range(n) if o.seats[r].current]
    head = w["round"].format(r=o.round, phase=labels.PHASE_NAMES[lang][o.phase])
    if cur:
        who = seat_word(cur[0], lang)
        if not zh:
            who = "your" if cur[0] == 0 else who + "'s"
        head += ("，" if zh else ", ") + w["turn"].format(who=who)
    lines.append(head + ("；" if zh else "; ")
                 + w["piles"].format(d=o.draw_pile, x=o.discard_size))
    lines.append(w["table"])
    lines += [_seat_line(o, r, lang, dk) for r in range(n)]
    if o.table:
        lines.append(w["on_table"] + sep + _join([_card(dk, c, lang) for c in o.table], lang))
    if o.look:
        lines.append(w["look"] + sep + _join([_card(dk, c, lang) for c in o.look], lang))
    if o.offer:
        lines.append(w["offer"] + sep.rstrip())
        for h in o.offer:
            x = content.HEROES_BY_ID.get(h)
            sks = x.skills if x is not None else ()
            about = ""
            if x is not None:
                kd = content.KINGDOM_NAMES[lang].get(x.kingdom, "")
                about = (f"（{kd}，体力 {x.hp}）" if zh else f" ({kd}, {x.hp} HP)") if kd else (
                    f"（体力 {x.hp}）" if zh else f" ({x.hp} HP)")
            lines.append(f"  {hero_name(h, lang)}{about}" + _skill_lines(sks, lang, "    "))
    lines += history_lines(o, lang)
    lines.append(decision_text(o, lang, deck))
    return "\n".join(lines)
