"""The observation decoder (heroes_env.obs.decode) and the text view (heroes_env.text): the
decoded pieces agree with the game, every decision kind of every pack and mode renders in both
languages, the choices name what the game's own labels name, and the text hides what the
observation hides (the hidden-information perturbations of test_hidden_info)."""
import re

import numpy as np
import pytest
from test_hidden_info import (
    _deck,
    play_checking_hidden_info,
    swap_hidden_roles,
    swap_in_place,
    swap_looked_at,
)

from heroes_env import Config, Game, labels
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.obs import decode
from heroes_env.text import choices, describe, skill_line

# what a label shows when it cannot name something: a lone "?", "skill#7", "hero offer 2"...
PLACEHOLDER = re.compile(r"(^|[\s(（:：、,])[?？]($|[\s)）,、])|skill#|hero#|hero offer |武将 \d|"
                         r"skill \d|技能 \d|option \d|选项 \d")
PACKS = ("none", "standard", "herokill", "classmates")
CONFIGS = [(p, "identity", n) for p in PACKS for n in range(4, 11)] + \
    [(p, "3v3", 6) for p in PACKS]


def _abs(g, viewer, r):
    n = g.num_players
    return int(g.s[C.P_AT + (int(g.s[C.P_POS + viewer]) + r) % n])


def check_decode(g, viewer):
    obs = g.observe(viewer)
    o = decode(obs)
    assert decode(g.observe(viewer, np.uint8)) == _Same(o)
    n = g.num_players
    assert o.num_players == n and o.role == g.role(viewer)
    assert list(o.hand) == sorted(g.hand(viewer))
    for r, st in enumerate(o.seats):
        seat = _abs(g, viewer, r)
        assert st.rel == r and st.alive == g.alive(seat) and st.hp == g.hp(seat)
        assert st.max_hp == g.max_hp(seat) and st.hand_size == len(g.hand(seat))
        assert st.role in (-1, g.role(seat))
        assert st.current == (g.current == seat)
        kinds = sorted(g.deck[c].kind for c in g.equipment(seat))
        assert sorted(st.equipment) == kinds
    assert o.round == g.round and o.phase == g.phase
    assert o.discard_size == len(g.zone_cards(C.Z_DISCARD))
    if viewer == g.decider and not g.done:
        assert o.decision is not None and o.decision.kind == g.decision_kind
    else:
        assert o.decision is None
    return o


class _Same:
    """Equality of two Observations, numpy fields included."""

    def __init__(self, o):
        self.o = o

    def __eq__(self, other):
        for f in self.o.__dataclass_fields__:
            a, b = getattr(self.o, f), getattr(other, f)
            if not (np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b):
                return False
        return True


def check_text(g, viewer, cfg_deck):
    """describe and choices of viewer in both languages, checked against the game's labels."""
    obs, mask = g.observe_with_mask(viewer)
    o = decode(obs)
    seen = o.infer_deck()
    assert seen in (None, cfg_deck)
    looking = g.zone_cards(C.Z_LOOK) and int(g.s[C.H_LOOKER]) != viewer
    if not looking:
        assert seen == cfg_deck, "the deck's size is not what the observation counts"
    out = {}
    for lang in ("en", "zh"):
        text = describe(obs, mask, lang, deck=cfg_deck)
        ch = choices(obs, mask, lang, deck=cfg_deck)
        assert text and not PLACEHOLDER.search(text), PLACEHOLDER.search(text)
        assert [a for a, _ in ch] == [int(a) for a in np.flatnonzero(mask)]
        assert len({lab for _, lab in ch}) == len(ch)
        for a, lab in ch:
            assert lab and not PLACEHOLDER.search(lab), lab
            lab = re.sub(r" \[\d\]$", "", lab)          # the second of two cards alike
            game = g.action_to_str(a, lang)
            if C.A_CARD <= a < C.A_TARGET:
                assert lab.startswith(game), (lab, game)
            elif C.A_TARGET <= a < C.A_OPTION:
                seat = _abs(g, viewer, a - C.A_TARGET)
                h = o.seats[a - C.A_TARGET].hero
                assert h < 0 or int(g.s[C.P_HERO + seat]) == h
                if h >= 0:
                    assert content.HEROES_BY_ID[h].name(lang) in lab
            elif C.A_SKILL <= a < C.A_HERO:
                sk = int(g.s[C.P_SK0 + (a - C.A_SKILL) * C.MAX_SEATS + viewer])
                if int(g.s[C.P_MARK + viewer]) & C.MK_YIZHUANG:     # whose skills: not seen
                    assert str(a - C.A_SKILL + 1) in lab, lab
                else:
                    assert content.SKILLS_BY_ID[sk].name(lang) in lab, (lab, game)
            elif (C.A_HERO <= a and lang == "zh") or a == C.A_CONFIRM \
                    or C.A_OPTION <= a < C.A_SKILL:
                assert lab == game
        out[lang] = (text, ch)
    return out


def _play(pack, mode, n, seed, every=7, rounds=3):
    cfg = Config(num_players=n, mode=mode, pack=pack, max_rounds=rounds)
    g = Game.new(cfg, seed=seed)
    rng = np.random.default_rng(seed)
    kinds = set()
    step = 0
    while not g.done:
        dk = g.decision_kind
        if dk not in kinds or step % every == 0:
            kinds.add(dk)
            check_text(g, g.decider, cfg.deck)
            check_decode(g, g.decider)
            if step % (every * 5) == 0:
                check_decode(g, (g.decider + 1) % n)
        g.step(int(rng.choice(g.legal_actions())))
        step += 1
    check_decode(g, 0)
    return kinds


@pytest.mark.parametrize("pack,mode,n", CONFIGS)
def test_every_decision_kind_renders(pack, mode, n):
    kinds = set()
    for seed in range(2):
        kinds |= _play(pack, mode, n, seed)
    base = {C.DK_PLAY, C.DK_TARGET, C.DK_DISCARD}
    if pack != "none":
        base |= {C.DK_HERO}
    if mode == "3v3":
        base |= {C.DK_ORDER, C.DK_WHO_ACTS}
    assert base <= kinds, base - kinds


@pytest.mark.slow
def test_the_union_of_games_reaches_every_decision_kind():
    """Across packs and modes, random play reaches (and the view renders) every kind."""
    kinds = set()
    for pack in PACKS:
        for mode, n in (("identity", 8), ("3v3", 6)):
            for seed in range(3):
                kinds |= _play(pack, mode, n, 10 + seed, every=50, rounds=6)
    missing = set(range(1, C.NUM_DECISION_KINDS)) - kinds
    assert not missing, [labels.DECISION_NAMES["en"][k] for k in missing]


def test_describe_shows_the_pieces():
    g = Game.new(Config(num_players=5, pack="standard"), seed=3)
    rng = np.random.default_rng(0)
    for _ in range(60):
        g.step(int(rng.choice(g.legal_actions())))
    v = g.decider
    obs, mask = g.observe_with_mask(v)
    text = describe(obs, mask, "en")
    hero = g.hero(v)
    assert f"Your hero: {hero.name_en}" in text
    assert f"Your role: {labels.ROLE_NAMES['en'][g.role(v)]}" in text
    for c in g.hand(v):
        assert g.deck[c].label("en") in text
    for sk in hero.skills:
        if content.SKILLS_BY_ID[sk].kind != "lord" or g.role(v) == C.ROLE_LORD:
            assert skill_line(sk, "en") in text
    assert "Public history" in text and "Decision: play" in text
    zh = describe(obs, mask, "zh")
    assert f"你的武将：{hero.name_zh}" in zh and "待决：出牌" in zh
    with pytest.raises(ValueError, match="lang must be one of"):
        describe(obs, mask, "fr")
    with pytest.raises(ValueError, match="an observation has shape"):
        describe(obs[:10], mask)
    with pytest.raises(ValueError, match="an action mask has shape"):
        choices(obs, mask[:5])
    with pytest.raises(ValueError, match="deck must be one of"):
        describe(obs, mask, deck="tarot")


def _texts(g):
    out = []
    for i in range(g.num_players):
        obs, mask = g.observe_with_mask(i)
        out.append((describe(obs, mask, "en"), describe(obs, mask, "zh"), choices(obs, mask, "en")))
    return out


def check_text_hides(g, rng):
    """Hidden information changed on clones: no other seat's text changes; the seat whose own
    hand changed sees it in its text."""
    n = g.num_players
    before = _texts(g)
    deck = _deck(g)
    checked = 0
    for j in range(n):                        # another seat's hand card <-> a pile card
        if g.hand(j) and deck:
            h = g.clone()
            x = int(rng.choice(g.hand(j)))
            other = [c for c in deck if g.deck[c].label("en") != g.deck[x].label("en")]
            if not other:
                continue
            y = int(rng.choice(other))           # not its twin: the text names cards by label
            swap_in_place(h, j, x, y)
            after = _texts(h)
            for i in range(n):
                if i == j:
                    assert after[i][0] != before[i][0], "a seat does not see its own hand"
                else:
                    assert after[i] == before[i], f"seat {i}'s text shows seat {j}'s hand"
            checked += 1
    if len(deck) >= 2:                        # the draw pile permuted
        h = g.clone()
        h.s[C.D_ORDER:C.D_ORDER + len(deck)] = rng.permutation(deck).astype(np.int32)
        h.invalidate()
        assert _texts(h) == before
        checked += 1
    swapped = swap_hidden_roles(g, rng, g.decider)    # two hidden roles of other seats
    if swapped is not None:
        h, a, b = swapped
        after = _texts(h)
        for i in range(n):
            if i not in (a, b):
                assert after[i] == before[i], f"seat {i}'s text shows the roles of {a}, {b}"
            else:
                assert after[i][0] != before[i][0]
        checked += 1
    swapped = swap_looked_at(g, rng)          # a card only the looker sees
    if swapped is not None:
        h, looker, _ = swapped
        after = _texts(h)
        for i in range(n):
            if i != looker:
                assert after[i] == before[i], f"seat {i}'s text shows what {looker} looks at"
        checked += 1
    return checked


@pytest.mark.parametrize("pack,mode", [(p, m) for m in ("identity", "3v3") for p in PACKS])
def test_text_view_passes_the_hidden_information_perturbations(pack, mode):
    cfg = Config(num_players=6 if mode == "3v3" else 5, pack=pack, mode=mode, max_rounds=4)
    assert play_checking_hidden_info(cfg, 11, 20, check_text_hides) > 0


def test_skills_taken_by_yizhuang_are_not_named():
    """After 易装 the seat holds a dead hero's skills, and the observation does not say whose:
    the text names the mark and numbers the skill slots instead of naming her own hero's."""
    from helpers import table4_neutral as hk
    g = hk({}, {}, {"hero": "huamulan", "max_hp": 5, "hp": 5,
                    "hand": ["jink ♦2", "slash ♠7", "peach ♥3"]},
           {"hero": "zhouyu", "alive": False}, current=2)
    g.play("skill yizhuang")
    g.play("Jink ♦2")
    g.play("Slash ♠7")
    obs, mask = g.observe_with_mask(2)
    assert "skill Sow Dissension" in g.legal_labels()
    text = describe(obs, mask, "en", deck=g.config.deck)
    labs = [lab for _, lab in choices(obs, mask, "en", deck=g.config.deck)]
    assert "holds a dead hero's skills" in text and "Disguise" not in text
    assert "use your skill in slot 2" in labs
    assert "发动第 2 个技能" in [lab for _, lab in choices(obs, mask, "zh", deck=g.config.deck)]
    check_text(g, 2, g.config.deck)


def test_a_card_given_to_oneself_is_kept():
    g = Game.new(Config(num_players=5), seed=0)
    card = g.card_name(0, "en")
    assert labels.event_to_str((C.EV_GIVE, 2, 0, 2), g.deck, "en") == f"player_2 keeps {card}"
    assert labels.event_to_str((C.EV_GIVE, 2, 0, 3), g.deck, "en") == \
        f"player_2 gives {card} to player_3"
    zh = labels.event_to_str((C.EV_GIVE, 2, 0, 2), g.deck, "zh")
    assert "留下" in zh and "交给" not in zh and g.card_name(0, "zh") in zh
    # another seat sees that a card was kept, not which
    assert labels.event_to_str((C.EV_GIVE, 2, 0, 2), g.deck, "en", viewer=1) == \
        "player_2 keeps a card"
