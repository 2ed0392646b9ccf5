"""Readable labels (zh and en) for actions, decisions and events, and the reverse lookup.

Labels name seats absolutely (``player_3``) even though target actions are relative to the
deciding seat, so a log reads the same from every point of view. A hero or a skill has one name
per language everywhere: its ``name_en`` / ``name_zh`` (``heroes_env.heroes``), in the action
labels (``skill Benevolence``), the log (``player_0 uses Benevolence``), the seat cards and the
replay page. ``match_action`` also accepts the keys (``skill rende``, ``liubei``).
"""
from __future__ import annotations

from functools import cache

from . import cards as cardsmod
from .engine import constants as C
from .engine import content
from .engine.mode3v3 import POOL_BASE, POOL_OWNER, POOL_SIZE

ROLE_NAMES = {"en": ("lord", "loyalist", "rebel", "renegade", "commander", "guard"),
              "zh": ("主公", "忠臣", "反贼", "内奸", "主将", "副将")}
PHASE_NAMES = {"en": ("-", "start", "judge", "draw", "play", "discard", "finish"),
               "zh": ("-", "准备阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "结束阶段")}
DECISION_NAMES = {
    "en": ("none", "play", "choose target", "jink?", "slash?", "peach?", "nullification?",
           "discard", "pick a card", "amazing grace pick", "confirm?", "double swords",
           "select a card", "kylin bow", "choose a hero", "skill: choose a card",
           "skill: choose a target", "skill: choose an option", "first or second?", "who acts?"),
    "zh": ("无", "出牌", "选择目标", "出闪?", "出杀?", "使用桃?", "使用无懈可击?", "弃牌",
           "选择一张牌", "五谷丰登选牌", "是否发动?", "雌雄双股剑", "选择一张牌", "麒麟弓",
           "选择武将", "技能：选择一张牌", "技能：选择目标", "技能：选择一项", "先手还是后手?",
           "谁行动?"),
}
OPTION_NAMES = {"en": {C.OPT_HAND: "a hand card", C.OPT_RED: "red", C.OPT_BLACK: "black",
                       C.OPT_LOSE_HP: "lose 1 HP", C.OPT_DISCARD2: "discard two hand cards",
                       C.OPT_SUIT + C.SUIT_SPADE: "spade", C.OPT_SUIT + C.SUIT_HEART: "heart",
                       C.OPT_SUIT + C.SUIT_CLUB: "club", C.OPT_SUIT + C.SUIT_DIAMOND: "diamond",
                       C.OPT_FIRST: "first", C.OPT_SECOND: "second"},
                "zh": {C.OPT_HAND: "一张手牌", C.OPT_RED: "红色", C.OPT_BLACK: "黑色",
                       C.OPT_LOSE_HP: "失去1点体力", C.OPT_DISCARD2: "弃置两张手牌",
                       C.OPT_SUIT + C.SUIT_SPADE: "黑桃", C.OPT_SUIT + C.SUIT_HEART: "红桃",
                       C.OPT_SUIT + C.SUIT_CLUB: "梅花", C.OPT_SUIT + C.SUIT_DIAMOND: "方块",
                       C.OPT_FIRST: "先手", C.OPT_SECOND: "后手"}}
RESULT_NAMES = {"en": ("running", "lord and loyalists win", "rebels win", "renegade wins", "draw",
                       "truncated", "team 0 (seats 0-2) wins", "team 1 (seats 3-5) wins"),
                "zh": ("进行中", "主公与忠臣胜利", "反贼胜利", "内奸胜利", "平局", "超出回合上限",
                       "队伍0（0-2号位）胜利", "队伍1（3-5号位）胜利")}


SKILL_DECISION = {"en": "skill: ", "zh": "技能："}     # how DECISION_NAMES of skill choices begin


def decision_what(kind: int, skill: int = 0, lang: str = "en") -> str:
    """What a decision of this kind (``C.DK_*``) asks, after the name of the skill asking it (its
    own id; 0 none): "Benevolence — choose a target", "仁德——选择目标", "jink?"."""
    name = DECISION_NAMES[lang][kind]
    if not skill:
        return name
    name = name.removeprefix(SKILL_DECISION[lang])
    return f"{skill_label(skill, lang)}{'——' if lang == 'zh' else ' — '}{name}"


def decision_sentence(decider: int, what: str, lang: str = "en") -> str:
    """A pending decision as a sentence: "player_0 decides: Benevolence — choose a target"."""
    return (f"{seat_name(decider, lang)} 决定：{what}" if lang == "zh"
            else f"{seat_name(decider, lang)} decides: {what}")


def hero_choices(state, decider: int) -> list[int]:
    """Hero ids the pending DK_HERO decision of decider offers, in action order (A_HERO + j)."""
    if int(state[C.H_MODE]) == C.MODE_3V3:      # engine/mode3v3.py: pool, owner per slot
        pool = POOL_BASE
        owner = POOL_OWNER
        want = decider // C.TEAM_SIZE if int(state[C.DX_HERO_ASSIGN]) == 1 else -1
        return [int(state[pool + i]) for i in range(POOL_SIZE)
                if state[pool + i] >= 0 and int(state[owner + i]) == want]
    row = state[C.OFFER_BASE + decider * C.MAX_OFFER:C.OFFER_BASE + (decider + 1) * C.MAX_OFFER]
    return [int(h) for h in row if h >= 0]


def seat_name(seat: int, lang: str = "en") -> str:
    return f"player_{seat}" if lang == "en" else f"{seat}号位"


def card_label(deck: tuple, c: int, lang: str = "en") -> str:
    if 0 <= c < len(deck):
        return deck[c].label(lang)
    return "?" if lang == "en" else "？"


def skill_label(sk: int, lang: str = "en") -> str:
    """A skill's display name (its name in lang) by id."""
    s = content.SKILLS_BY_ID.get(int(sk))
    if s is None:
        return f"skill#{sk}"
    return s.name(lang)


def seat_skill(state, seat: int, sk: int) -> int:
    """The id of seat's own skill that runs skill sk's code (集权 for 奸雄); sk if none."""
    for i in range(C.MAX_SKILL_SLOTS):
        raw = int(state[C.P_SK0 + i * C.MAX_SEATS + seat])
        if raw and content.SKILL_BASE[raw] == sk:
            return raw
    return int(sk)


def hero_label(h: int, lang: str = "en") -> str:
    """A hero's display name (its name in lang) by id."""
    x = content.HEROES_BY_ID.get(int(h))
    if x is None:
        return f"hero#{h}"
    return x.name(lang)


def action_to_str(action: int, deck: tuple, decider: int = 0, num_players: int = 10,
                  lang: str = "en", state=None) -> str:
    """Label of an action. deck: the game's cards (``cards.deck(name)``); decider/num_players turn
    relative target indices into absolute seats; state (the game row) names skill slots and
    offered heroes (``skill Benevolence`` / ``hero Cao Cao``) instead of their indices."""
    a = int(action)
    if a == C.A_PASS:
        return "pass" if lang == "en" else "放弃"
    if a == C.A_CONFIRM:
        return "confirm" if lang == "en" else "确定"
    if C.A_CARD <= a < C.A_TARGET:
        return card_label(deck, a - C.A_CARD, lang)
    if C.A_TARGET <= a < C.A_OPTION:
        r = a - C.A_TARGET
        if state is not None:      # relative to the decider's place at the table (迁都 moves it)
            n = int(state[C.H_NP])
            seat = int(state[C.P_AT + (int(state[C.P_POS + decider]) + r) % n])
        else:
            seat = (decider + r) % num_players
        if state is not None and int(state[C.H_DKIND]) == C.DK_WHO_ACTS:
            return ("act: " if lang == "en" else "行动：") + seat_name(seat, lang)
        return ("target " if lang == "en" else "目标 ") + seat_name(seat, lang)
    if C.A_OPTION <= a < C.A_SKILL:
        o = a - C.A_OPTION
        if o in OPTION_NAMES[lang]:
            return OPTION_NAMES[lang][o]
        return f"option {o}" if lang == "en" else f"选项 {o}"
    if C.A_SKILL <= a < C.A_HERO:
        i = a - C.A_SKILL
        if (state is not None and i < C.MAX_SKILL_SLOTS
                and state[C.P_SK0 + i * C.MAX_SEATS + decider]):
            name = skill_label(state[C.P_SK0 + i * C.MAX_SEATS + decider], lang)
            return f"skill {name}" if lang == "en" else f"发动{name}"
        return f"skill {i}" if lang == "en" else f"技能 {i}"
    if C.A_HERO <= a < C.NUM_ACTIONS:
        j = a - C.A_HERO
        offer = hero_choices(state, decider) if state is not None else []
        if j < len(offer):
            name = hero_label(offer[j], lang)
            return f"hero {name}" if lang == "en" else f"武将 {name}"
        return f"hero offer {j}" if lang == "en" else f"武将 {j}"
    raise ValueError(f"action {action!r} is outside 0..{C.NUM_ACTIONS - 1}")


def public_zone(zone: int) -> bool:
    """Is a card in this zone (``C.Z_*``) seen by everyone? Discard pile, table, 五谷丰登 cards,
    equipment, judgement zones and hero piles are; the draw pile, hands and looked-at cards not."""
    return zone in (C.Z_DISCARD, C.Z_PROC, C.Z_AG) or C.Z_EQUIP <= zone < C.Z_PILE + C.MAX_SEATS


def ev_unpack(cell: int) -> tuple[int, int]:
    """An event cell as (value, detail): ``constants.EV_DETAIL`` (``state.ev_pack``)."""
    detail = (int(cell) + 1) // C.EV_DETAIL
    return int(cell) - C.EV_DETAIL * detail, detail


@cache
def kind_label(deck: tuple, k: int, lang: str = "en") -> str:
    """A card kind by the name its cards have in this deck (英雄杀's 杀 is a 攻击, "Strike"), or
    the kind's own name where they have several (the horses) or none."""
    names = {card.name_zh if lang == "zh" else card.name_en for card in deck if card.kind == k}
    return names.pop() if len(names) == 1 else cardsmod.kinds()[k].name(lang)


# the cells (1: a, 2: b, 3: c) that may hold a detail beside their value, per event kind
DETAIL_CELLS = {C.EV_USE: (1, 3), C.EV_RESPOND: (3,), C.EV_DISCARD: (3,), C.EV_GAIN: (3,)}


def event_values(ev: tuple) -> tuple:
    """The event (kind, a, b, c) with its cells' values only, their details left out."""
    cells = DETAIL_CELLS.get(int(ev[0]), ())
    return tuple(ev_unpack(x)[0] if i in cells else int(x) for i, x in enumerate(ev))


def cause_label(cause: int, deck: tuple, lang: str = "en") -> str:
    """A cause (``constants.CAUSE_SKILL``) by name: the skill's, or the card kind's
    (``kind_label``)."""
    if cause >= C.CAUSE_SKILL:
        return skill_label(cause - C.CAUSE_SKILL, lang)
    return kind_label(deck, cause, lang)


def event_card_hidden(ev: tuple, viewer: int | None, public_gain: bool = False) -> bool:
    """Does the event's card stay hidden from viewer (None: the all-seeing view, never)? The card
    another seat draws, the card given between two other seats, and the card one seat takes from
    another's hand (public_gain: it came from equipment or a judgement zone, seen by everyone)."""
    if viewer is None:
        return False
    kind, a, _, c = (int(x) for x in ev)
    if kind == C.EV_DRAW:
        return a != viewer
    if kind == C.EV_GIVE:
        return viewer not in (a, c)
    if kind == C.EV_GAIN:
        frm = ev_unpack(c)[0]
        return frm >= 0 and viewer not in (a, frm) and not public_gain
    return False


HIDDEN_CARD = {"en": "a card", "zh": "一张牌"}


def _cause_tail(cause: int, deck: tuple, lang: str, by: str = "") -> str:
    """" (Snatch)", "（顺手牵羊）"; by: whose ("player_1's Double Swords"); "" for no cause."""
    if cause == C.CAUSE_NONE:
        return ""
    name = cause_label(cause, deck, lang)
    if lang == "zh":
        return f"（{by}的{name}）" if by else f"（{name}）"
    return f" ({by}'s {name})" if by else f" ({name})"


def _conversion_text(cards: str, conv: int, deck: tuple, lang: str) -> tuple[str, str]:
    """(what was used, the cause's tail) of cards used or played as another kind: conv is
    ``as_kind + CONV_SPAN * cause`` (0: cards used as they are)."""
    if conv == 0:
        return cards, ""
    as_kind, cause = conv % C.CONV_SPAN, conv // C.CONV_SPAN
    kind = kind_label(deck, as_kind, lang)
    tail = _cause_tail(cause, deck, lang)
    if not cards:
        return kind, tail
    return (f"{cards} 当 {kind}" if lang == "zh" else f"{cards} as {kind}"), tail


def event_to_str(ev: tuple, deck: tuple, lang: str = "en", viewer: int | None = None,
                 public_gain: bool = False) -> str | None:
    """One line for an engine event (kind, a, b, c); None for events not worth a line.
    viewer: the line as that seat sees it (``event_card_hidden``); None: everything."""
    kind, a, b, c = (int(x) for x in ev)
    zh = lang == "zh"
    P = lambda s: seat_name(s, lang)  # noqa: E731
    if event_card_hidden(ev, viewer, public_gain):
        K = lambda x: HIDDEN_CARD[lang]  # noqa: E731
    else:
        K = lambda x: card_label(deck, x, lang)  # noqa: E731
    if kind == C.EV_TURN:
        return (f"—— 第{b}轮 {P(a)} 的回合 ——" if zh else f"--- round {b}: {P(a)}'s turn ---")
    if kind == C.EV_USE:
        a, second = ev_unpack(a)
        c, conv = ev_unpack(c)
        cards = (K(b) if b >= 0 else "") + (f" + {K(second - 1)}" if second else "")
        what, how = _conversion_text(cards, conv, deck, lang)
        tail = "" if c < 0 else ((" 对 " + P(c)) if zh else (" on " + P(c)))
        if zh and conv and cards:
            return f"{P(a)} 将 {what}{tail} 使用{how}"
        return f"{P(a)} 使用 {what}{tail}{how}" if zh else f"{P(a)} uses {what}{tail}{how}"
    if kind == C.EV_RESPOND:
        if c == 1 and b >= 0 and deck[b].kind == C.K_EIGHT_DIAGRAM:
            return f"{P(a)} 的八卦阵生效" if zh else f"{P(a)}'s Eight Diagram gives a Jink"
        c, conv = ev_unpack(c)
        what, how = _conversion_text(K(b) + ("" if c < 0 else f" + {K(c)}"), conv, deck, lang)
        if zh and conv:
            return f"{P(a)} 将 {what} 打出{how}"
        return f"{P(a)} 打出 {what}{how}" if zh else f"{P(a)} responds with {what}{how}"
    if kind == C.EV_DAMAGE:
        src = (P(a) if a >= 0 else ("无来源" if zh else "no source"))
        return (f"{P(b)} 受到 {c} 点伤害（来源：{src}）" if zh
                else f"{P(b)} takes {c} damage (source: {src})")
    if kind == C.EV_HEAL:
        return f"{P(a)} 回复 {b} 点体力" if zh else f"{P(a)} recovers {b} HP"
    if kind == C.EV_DYING:
        return f"{P(a)} 进入濒死状态" if zh else f"{P(a)} is dying"
    if kind == C.EV_DEATH:
        role = ROLE_NAMES[lang][c]
        killer = P(b) if b >= 0 else ("无" if zh else "nobody")
        return (f"{P(a)}（{role}）阵亡，凶手：{killer}" if zh
                else f"{P(a)} ({role}) dies, killed by {killer}")
    if kind == C.EV_DRAW:
        return f"{P(a)} 摸了 {K(b)}" if zh else f"{P(a)} draws {K(b)}"
    if kind == C.EV_DISCARD:
        by, detail = ev_unpack(c)
        cause, taken = divmod(detail, 2)
        if by >= 0 and taken == C.DISCARD_TAKEN:          # by chose another seat's card
            if cause == C.K_DISMANTLE:
                return (f"{P(by)} 拆掉 {P(a)} 的 {K(b)}" if zh
                        else f"{P(by)} dismantles {P(a)}'s {K(b)}")
            how = _cause_tail(cause, deck, lang)
            return (f"{P(by)} 弃置 {P(a)} 的 {K(b)}{how}" if zh
                    else f"{P(by)} discards {P(a)}'s {K(b)}{how}")
        who = P(a) if a >= 0 else ("" if zh else "the table")
        how = _cause_tail(cause, deck, lang, P(by) if 0 <= by != a else "")
        return f"{who} 弃置 {K(b)}{how}" if zh else f"{who} discards {K(b)}{how}"
    if kind == C.EV_JUDGE:
        return f"{P(a)} 的判定牌：{K(b)}" if zh else f"{P(a)} judges: {K(b)}"
    if kind == C.EV_GAIN:
        frm, cause = ev_unpack(c)
        how = _cause_tail(cause, deck, lang)
        if frm < 0:
            return f"{P(a)} 获得 {K(b)}{how}" if zh else f"{P(a)} gains {K(b)}{how}"
        if public_gain:              # from equipment or a judgement zone
            return (f"{P(a)} 获得 {P(frm)} 的 {K(b)}{how}" if zh
                    else f"{P(a)} takes {P(frm)}'s {K(b)}{how}")
        if event_card_hidden(ev, viewer, public_gain):
            return (f"{P(a)} 获得 {P(frm)} 的一张手牌{how}" if zh
                    else f"{P(a)} takes a card from {P(frm)}'s hand{how}")
        return (f"{P(a)} 获得 {P(frm)} 的手牌 {K(b)}{how}" if zh
                else f"{P(a)} takes {K(b)} from {P(frm)}'s hand{how}")
    if kind == C.EV_EQUIP:
        return f"{P(a)} 装备 {K(b)}" if zh else f"{P(a)} equips {K(b)}"
    if kind == C.EV_MOVE_DELAYED:
        return f"{K(b)} 移至 {P(a)}" if zh else f"{K(b)} moves on to {P(a)}"
    if kind == C.EV_NULLIFIED:
        return f"{K(b)} 对 {P(a)} 的效果被抵消" if zh else f"{K(b)} is nullified for {P(a)}"
    if kind == C.EV_GAME_OVER:
        return ("游戏结束：" if zh else "game over: ") + RESULT_NAMES[lang][a]
    if kind == C.EV_RESHUFFLE:
        return (f"弃牌堆洗入牌堆（{a} 张）" if zh
                else f"discard pile reshuffled into the deck ({a} cards)")
    if kind == C.EV_SKIP:
        return (f"{P(a)} 跳过{PHASE_NAMES[lang][b]}" if zh
                else f"{P(a)} skips the {PHASE_NAMES[lang][b]} phase")
    if kind == C.EV_PREVENT:
        if c < 0:
            return f"对 {P(b)} 的伤害被防止" if zh else f"damage to {P(b)} prevented"
        return (f"{P(a)} 发动寒冰剑，防止对 {P(b)} 的伤害" if zh
                else f"{P(a)} uses Ice Sword: damage to {P(b)} prevented")
    if kind == C.EV_ARMOR:
        if c >= 0:
            return (f"{P(a)} 的 {K(b)} 使 {K(c)} 无效" if zh
                    else f"{P(a)}'s {K(b)} makes {K(c)} ineffective")
        return f"{P(a)} 发动 {K(b)}" if zh else f"{P(a)} tries {K(b)}"
    if kind == C.EV_SKILL:
        if c == C.EV_SKILL_SILENT:
            return None
        tail = "" if c < 0 else ((" 对 " + P(c)) if zh else (" on " + P(c)))
        return (f"{P(a)} 发动{skill_label(b, lang)}{tail}" if zh
                else f"{P(a)} uses {skill_label(b, lang)}{tail}")
    if kind == C.EV_HERO:
        h = content.HEROES_BY_ID.get(b)
        name = h.name(lang) if h else hero_label(b, lang)
        return f"{P(a)} 的武将是 {name}" if zh else f"{P(a)} is {name}"
    if kind == C.EV_LOSE_HP:
        return f"{P(a)} 失去 {b} 点体力" if zh else f"{P(a)} loses {b} HP"
    if kind == C.EV_GIVE:
        if a == c:                                  # 遗计 (and the like): a card kept
            return f"{P(a)} 留下 {K(b)}" if zh else f"{P(a)} keeps {K(b)}"
        return f"{P(a)} 将 {K(b)} 交给 {P(c)}" if zh else f"{P(a)} gives {K(b)} to {P(c)}"
    if kind == C.EV_REVEAL:
        return f"{P(a)} 展示 {K(b)}" if zh else f"{P(a)} shows {K(b)}"
    if kind == C.EV_ROLL:
        return f"{P(a)} 掷出 {b} 点" if zh else f"{P(a)} rolls {b}"
    if kind == C.EV_ORDER:
        if b == C.PUR_PICK_ORDER:
            what = "选将" if zh else "to pick heroes"
        else:
            what = "行动" if zh else "to act"
        first = c == 1
        if zh:
            return f"{P(a)} 选择{'先' if first else '后'}{what}"
        return f"{P(a)} chooses {what} {'first' if first else 'second'}"
    if kind == C.EV_PICK:
        h = content.HEROES_BY_ID.get(b)
        name = h.name(lang) if h else hero_label(b, lang)
        return f"{P(a)} 为本队选择 {name}" if zh else f"{P(a)} picks {name} for his team"
    if kind == C.EV_PASS:
        return None
    if kind == C.EV_PHASE:
        return None
    return f"event {kind} {a} {b} {c}"


def action_names(action: int, decider: int, state) -> set[str]:
    """Other names (lower case) a person may type for a skill or hero action besides its labels:
    the skill's or hero's key and names, with or without the ``skill`` / ``hero`` word
    (``skill rende``, ``rende``, ``仁德``; ``liubei``, ``刘备``, ``Liu Bei``). Empty for others."""
    a = int(action)
    if state is None:
        return set()
    if C.A_SKILL <= a < C.A_HERO and a - C.A_SKILL < C.MAX_SKILL_SLOTS:
        x = content.SKILLS_BY_ID.get(int(state[C.P_SK0 + (a - C.A_SKILL) * C.MAX_SEATS + decider]))
        words = ("skill ", "发动", "技能 ")
    elif C.A_HERO <= a < C.NUM_ACTIONS:
        offer = hero_choices(state, decider)
        j = a - C.A_HERO
        x = content.HEROES_BY_ID.get(offer[j]) if j < len(offer) else None
        words = ("hero ", "武将 ")
    else:
        return set()
    if x is None:
        return set()
    names = {x.key, x.name_en.lower(), x.name_zh}
    return names | {w + n for w in words for n in names}


def match_action(label: str, legal: list[int], deck: tuple, decider: int, num_players: int,
                 state=None) -> int:
    """The legal action a label names: an exact label (en or zh, case-insensitive), a card
    kind's name alone (the lowest-id legal card of that kind), or a skill's or offered hero's key
    or name (``action_names``). Raises ValueError otherwise."""
    want = label.strip().lower()
    for lang in ("en", "zh"):
        for a in legal:
            if action_to_str(a, deck, decider, num_players, lang, state).lower() == want:
                return a
    for a in legal:
        if C.A_CARD <= a < C.A_TARGET:
            card = deck[a - C.A_CARD]
            kind = cardsmod.kinds()[card.kind]
            if want in (card.name_en.lower(), card.name_zh, kind.key, kind.name_en.lower(),
                        kind.name_zh, card.key):
                return a
            # the kind's name with the suit and rank ("slash ♠7" for a 英雄杀 "Strike ♠7")
            tail = card.label("en")[len(card.name_en):].lower()
            if want in (kind.key + tail, kind.name_en.lower() + tail, kind.name_zh + tail):
                return a
    named = [a for a in legal if want in action_names(a, decider, state)]
    if len(named) == 1:
        return named[0]
    shown = [action_to_str(a, deck, decider, num_players, "en", state) for a in legal]
    if named:
        both = [action_to_str(a, deck, decider, num_players, "en", state) for a in named]
        raise ValueError(f"{label!r} names {len(named)} legal actions: {both}")
    raise ValueError(f"{label!r} names no legal action; legal now: {shown}")
