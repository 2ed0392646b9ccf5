"""Scenario tests for delayed tricks (乐不思蜀, 闪电), judgements, the deck running out and the
round cap.

The tests follow the rules as ``docs/rules.md`` states them: the published rule texts (here the
card texts of the classmates pack rules) and, where they are silent or disagree, the choices
that page records (the judge phase: Using cards; deck exhaustion and the round cap: Death,
victory, end; where every text is silent, the first-edition behaviour of the established
engines, QSanguosha and FreeKill).

Seats: 0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise. Judgement cards and
draws come from ``deck_top`` (top first), so every judgement below is rigged.
"""
import pytest
from helpers import discard_names, names
from helpers import event_args as events
from helpers import seats4 as _seats
from helpers import table4 as table

from heroes_env import cards
from heroes_env.engine import constants as C
from heroes_env.scenario import build

DECK = cards.deck("standard")
ANCHOR = "zhuahuangfeidian"     # equipment in hand: always usable, keeps a player in its play phase
_SUITS = {"♠": 0, "♥": 1, "♣": 2, "♦": 3}




def cid(spec, used=None):
    """Id of the lowest-id card matching ``"kind"`` or ``"kind ♠7"`` (not in used)."""
    used = set() if used is None else used
    name, _, sr = spec.partition(" ")
    for c in DECK:
        if c.id in used:
            continue
        k = cards.kinds()[c.kind]
        if name.lower() not in (c.key, k.key, c.name_en.lower(), k.name_en.lower()):
            continue
        if sr and (c.suit != _SUITS[sr[0]] or c.rank != cards.RANKS[sr[1:]]):
            continue
        used.add(c.id)
        return c.id
    raise ValueError(f"no free card {spec!r}")


def full_table(hands_or_seats, deck_top, holder=3, **kw):
    """A table on which every card not named is in ``holder``'s hand: the draw pile is exactly
    deck_top and the discard pile starts empty."""
    seats = _seats(hands_or_seats)
    used = set()
    for d in seats:
        for key in ("hand", "equip", "judge"):
            if key in d:
                d[key] = [cid(x, used) for x in d[key]]
    top = [cid(x, used) for x in deck_top]
    rest = [c.id for c in DECK if c.id not in used]
    seats[holder]["hand"] = seats[holder].get("hand", []) + rest
    return build(seats, deck_top=top, **kw)





def turn_start(judge, hand=(), seat=1, deck_top=(), **kw):
    """Seat ``seat`` starts its turn (judge phase first) with these delayed tricks."""
    seats = [{}, {}, {}, {}]
    seats[seat] = {"judge": list(judge), "hand": list(hand)}
    return table(*seats, current=seat, phase="start", deck_top=list(deck_top), **kw)


# ====================================================================== 乐不思蜀
def test_indulgence_not_heart_skips_play_phase():
    """乐不思蜀: a judgement that is not ♥ skips the play phase; the card is discarded."""
    g = turn_start(["indulgence ♠6"], hand=["ex_nihilo ♥8"],
                   deck_top=["slash ♠7", "jink ♦2", "jink ♦3", "ex_nihilo ♥7", "jink ♦4"])
    assert events(g, C.EV_JUDGE)[0] == (1, cid("slash ♠7"), C.K_INDULGENCE)
    assert (1, C.PH_PLAY, 0) in events(g, C.EV_SKIP)
    assert (1, C.PH_PLAY, 0) not in events(g, C.EV_PHASE)
    # player_1 was never asked although it holds a usable 无中生有: the turn went on to player_2
    assert g.decider == 2 and g.decision_kind == C.DK_PLAY
    assert names(g, g.hand(1)) == sorted(["Ex Nihilo ♥8", "Jink ♦2", "Jink ♦3"])
    assert g.judgement_zone(1) == []
    assert discard_names(g) == sorted(["Indulgence ♠6", "Slash ♠7"])


@pytest.mark.parametrize("judge", ["peach ♥3", "jink ♥K", "dismantlement ♥Q"])
def test_indulgence_heart_plays_normally(judge):
    """乐不思蜀: a ♥ judgement leaves the play phase alone; the card is discarded anyway."""
    g = turn_start(["indulgence ♠6"], hand=["ex_nihilo ♥8"], deck_top=[judge, "jink ♦2", "jink ♦3"])
    assert events(g, C.EV_SKIP) == []
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY and g.phase == C.PH_PLAY
    assert g.judgement_zone(1) == []
    assert "Indulgence ♠6" in discard_names(g)
    assert "Ex Nihilo ♥8" in g.legal_labels()


@pytest.mark.parametrize("judge", ["jink ♦2", "slash ♣7", "slash ♠10"])
def test_indulgence_red_diamond_or_black_still_skips(judge):
    """乐不思蜀: only ♥ escapes; ♦, ♣ and ♠ all skip the play phase."""
    g = turn_start(["indulgence ♠6"], hand=["ex_nihilo ♥8"],
                   deck_top=[judge, "jink ♦3", "jink ♦4", "ex_nihilo ♥7", "jink ♦5"])
    assert (1, C.PH_PLAY, 0) in events(g, C.EV_SKIP)
    assert g.decider == 2


def test_indulgence_not_on_self_nor_on_a_player_who_has_one():
    """乐不思蜀 targets another player whose judgement zone holds no 乐不思蜀."""
    g = table(["indulgence ♠6", ANCHOR], {"judge": ["indulgence ♣6"]}, {"judge": ["lightning ♠A"]},
              autoplay=False)
    g.play("indulgence")
    assert g.decision_kind == C.DK_TARGET
    assert g.legal_labels() == ["target player_2", "target player_3"]
    g.play("target player_2")
    assert names(g, g.judgement_zone(2)) == ["Indulgence ♠6", "Lightning ♠A"]


def test_indulgence_not_on_a_dead_player():
    """乐不思蜀 targets living players only."""
    g = table(["indulgence ♠6", ANCHOR], {"judge": ["indulgence ♣6"]}, {"alive": False}, {},
              autoplay=False)
    g.play("indulgence")
    assert g.legal_labels() == ["target player_3"]


# ====================================================================== 闪电
def test_lightning_is_used_on_self():
    """闪电 goes into the user's own judgement zone; no target is chosen."""
    g = table(["lightning ♠A", ANCHOR], autoplay=False)
    g.play("lightning")
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY
    assert names(g, g.judgement_zone(0)) == ["Lightning ♠A"]
    assert events(g, C.EV_USE)[-1][:2] == (0, 1)


def test_lightning_not_usable_with_one_already_in_zone():
    """闪电 cannot be used by a player who already has a 闪电 in his judgement zone."""
    g = table({"hand": ["lightning ♥Q", ANCHOR], "judge": ["lightning ♠A"]}, autoplay=False)
    assert g.legal_labels() == ["pass", g.card_name(53)]


def test_lightning_usable_with_only_indulgence_in_zone():
    """闪电 is blocked only by another 闪电, not by a 乐不思蜀."""
    g = table({"hand": ["lightning ♥Q", ANCHOR], "judge": ["indulgence ♠6"]}, autoplay=False)
    assert "Lightning ♥Q" in g.legal_labels()


@pytest.mark.parametrize("judge", ["eight_diagram ♠2", "dismantlement ♠3", "savage_assault ♠7",
                                   "slash ♠9"])
def test_lightning_spade_2_to_9_deals_3_damage_without_source(judge):
    """闪电: ♠2–♠9 → 3 damage with no source; the 闪电 is discarded."""
    g = turn_start(["lightning ♠A"], hand=["ex_nihilo ♥8"], deck_top=[judge, "jink ♦2", "jink ♦3"])
    assert events(g, C.EV_JUDGE)[0] == (1, cid(judge), C.K_LIGHTNING)
    assert events(g, C.EV_DAMAGE) == [(-1, 1, 3)]
    assert g.hp(1) == 1
    assert "Lightning ♠A" in discard_names(g)
    assert all(g.judgement_zone(s) == [] for s in range(4))
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY      # the turn goes on


@pytest.mark.parametrize("judge", ["duel ♠A", "slash ♠10", "spear ♠Q", "dayuan ♠K", "slash ♣5",
                                   "jink ♥2", "jink ♦9"])
def test_lightning_other_judgement_passes_to_next_player(judge):
    """闪电: any other judgement moves it to the next player's judgement zone, no damage."""
    g = turn_start(["lightning ♠A"], hand=["ex_nihilo ♥8"], deck_top=[judge, "jink ♦2", "jink ♦3"])
    assert events(g, C.EV_DAMAGE) == []
    assert g.hp(1) == 4
    assert names(g, g.judgement_zone(2)) == ["Lightning ♠A"]
    assert g.judgement_zone(1) == []
    assert events(g, C.EV_MOVE_DELAYED) == [(2, 1, 1)]
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


@pytest.mark.parametrize("blocker", [{"alive": False}, {"judge": ["lightning ♥Q"]}],
                         ids=["next_dead", "next_has_lightning"])
def test_lightning_skips_dead_players_and_holders(blocker):
    """闪电 passes to the next living player who has no 闪电."""
    g = table({}, {"judge": ["lightning ♠A"], "hand": ["ex_nihilo ♥8"]}, blocker, {},
              current=1, phase="start", deck_top=["jink ♥2", "jink ♦2", "jink ♦3"])
    assert names(g, g.judgement_zone(3)) == ["Lightning ♠A"]
    assert g.judgement_zone(1) == []
    assert events(g, C.EV_MOVE_DELAYED) == [(3, 1, 1)]


def test_lightning_stays_when_nobody_can_take_it():
    """闪电 stays with its owner when no other living player can receive it."""
    g = table({"judge": ["lightning ♥Q"]}, {"judge": ["lightning ♠A"], "hand": ["ex_nihilo ♥8"]},
              {"alive": False}, {"alive": False},
              current=1, phase="start", deck_top=["jink ♥2", "jink ♦2", "jink ♦3"])
    assert events(g, C.EV_MOVE_DELAYED) == []
    assert names(g, g.judgement_zone(1)) == ["Lightning ♠A"]
    assert names(g, g.judgement_zone(0)) == ["Lightning ♥Q"]
    assert g.hp(1) == 4
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


def test_judge_phase_stops_when_the_player_dies():
    """Judge phase: a player killed by 闪电 judges none of his remaining delayed tricks."""
    g = table({}, {"hp": 3, "judge": ["indulgence ♠6", "lightning ♠A"]}, {}, {},
              current=1, phase="start", deck_top=["slash ♠8", "ex_nihilo ♥7", "jink ♦2"])
    assert not g.alive(1)
    assert [(j[0], j[2]) for j in events(g, C.EV_JUDGE)] == [(1, C.K_LIGHTNING)]
    assert "Indulgence ♠6" in discard_names(g)
    assert g.decider == 2 and g.decision_kind == C.DK_PLAY


def test_lightning_kill_pays_no_reward():
    """闪电 damage has no source: killing a rebel with it gives nobody 3 cards."""
    g = table({}, {"hp": 3, "judge": ["lightning ♠A"], "hand": ["peach ♥3"]}, {}, {},
              current=1, phase="start", deck_top=["slash ♠8", "ex_nihilo ♥7", "jink ♦2", "jink ♦3"])
    # player_1 is dying: it may save itself with its 桃 but declines
    assert g.decider == 1 and g.decision_kind == C.DK_PEACH
    g.play("pass")
    assert events(g, C.EV_DEATH) == [(1, -1, C.ROLE_REBEL)]
    assert not g.alive(1)
    # the only draws are player_2's draw phase
    assert events(g, C.EV_DRAW) == [(2, cid("ex_nihilo ♥7"), 0), (2, cid("jink ♦2"), 0)]
    assert all(int(g.s[C.P_KILLS + s]) == 0 for s in range(4))
    assert "Lightning ♠A" in discard_names(g)
    assert g.decider == 2 and g.decision_kind == C.DK_PLAY


def test_lightning_goes_round_the_table_and_hits_later(invariants):
    """闪电 keeps moving seat to seat, back to its first owner, until a ♠2–♠9 judgement hits."""
    miss = "jink"
    deck_top = []
    for _ in range(4):                      # players 1, 2, 3, 0: judge (miss), then draw 2
        deck_top += [miss, miss, miss]
    deck_top += ["slash ♠8", "ex_nihilo ♥7", "jink"]   # player_1 again: hit, then draw
    g = table({}, {"judge": ["lightning ♠A"]}, {}, {}, current=1, phase="start", deck_top=deck_top)
    moves = events(g, C.EV_MOVE_DELAYED)
    assert [m[0] for m in moves] == [2, 3, 0, 1]
    assert [j[0] for j in events(g, C.EV_JUDGE)] == [1, 2, 3, 0, 1]
    assert events(g, C.EV_DAMAGE) == [(-1, 1, 3)]
    assert g.hp(1) == 1 and g.round == 2
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY
    assert "Lightning ♠A" in discard_names(g)
    invariants(g)


def test_lightning_nullified_moves_on_without_judging():
    """A nullified 闪电 moves to the next player at once, with no judgement."""
    g = turn_start(["lightning ♠A"], hand=["nullification ♠J"],
                   deck_top=["ex_nihilo ♥7", "jink ♦2", "slash ♠8"])
    assert g.decider == 1 and g.decision_kind == C.DK_NULLIFY
    assert g.s[C.H_DCARD] == cid("lightning ♠A")
    g.play("Nullification ♠J")
    assert events(g, C.EV_JUDGE) == []
    assert events(g, C.EV_NULLIFIED) == [(1, 1, 0)]
    assert names(g, g.judgement_zone(2)) == ["Lightning ♠A"]
    assert g.hp(1) == 4
    # the top cards were drawn, not judged
    assert names(g, g.hand(1)) == sorted(["Ex Nihilo ♥7", "Jink ♦2"])
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


def test_nullified_indulgence_is_discarded_and_play_phase_kept():
    """A nullified 乐不思蜀 is discarded without a judgement; the play phase happens."""
    g = turn_start(["indulgence ♠6"], hand=["nullification ♠J"],
                   deck_top=["ex_nihilo ♥7", "jink ♦2", "slash ♠8"])
    g.play("Nullification ♠J")
    assert events(g, C.EV_JUDGE) == []
    assert events(g, C.EV_SKIP) == []
    assert "Indulgence ♠6" in discard_names(g)
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


# ====================================================================== judge phase order
def test_delayed_tricks_resolve_last_placed_first():
    """Judge phase: the delayed trick placed last resolves first (docs/rules.md, Using cards)."""
    # 闪电 placed after 乐不思蜀: 闪电 is judged first (♥2: moves on), then 乐不思蜀 (♠7: skip).
    g = table({}, {"judge": ["indulgence ♠6", "lightning ♠A"]}, {}, {},
              current=1, phase="start",
              deck_top=["jink ♥2", "slash ♠7", "jink ♦2", "jink ♦3",       # player_1
                        "jink ♥K", "ex_nihilo ♥7", "jink ♦4"])             # player_2
    judged = events(g, C.EV_JUDGE)
    assert [(j[0], j[2]) for j in judged] == [(1, C.K_LIGHTNING), (1, C.K_INDULGENCE),
                                            (2, C.K_LIGHTNING)]
    assert g.hp(1) == 4
    assert (1, C.PH_PLAY, 0) in events(g, C.EV_SKIP)
    assert names(g, g.judgement_zone(3)) == ["Lightning ♠A"]
    assert g.decider == 2 and g.decision_kind == C.DK_PLAY


def test_delayed_tricks_order_is_placement_not_kind():
    """Judge phase: with 乐不思蜀 placed last it resolves first (♥: kept), then 闪电 (♠7: hit)."""
    g = table({}, {"judge": ["lightning ♠A", "indulgence ♠6"]}, {}, {},
              current=1, phase="start", deck_top=["jink ♥2", "slash ♠7", "ex_nihilo ♥7", "jink ♦2"])
    judged = events(g, C.EV_JUDGE)
    assert [(j[0], j[2]) for j in judged] == [(1, C.K_INDULGENCE), (1, C.K_LIGHTNING)]
    assert events(g, C.EV_DAMAGE) == [(-1, 1, 3)]
    assert events(g, C.EV_SKIP) == []
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY and g.hp(1) == 1


def test_indulgence_placed_in_play_resolves_before_older_lightning():
    """A 乐不思蜀 placed this turn on a player holding an older 闪电 resolves first in his judge
    phase."""
    g = table(["indulgence ♠6"], {"judge": ["lightning ♠A"]}, {}, {},
              deck_top=["jink ♥2", "slash ♠7", "ex_nihilo ♥7", "jink ♦4"])
    g.play("indulgence")
    g.play("target player_1")
    # player_0's hand is empty: its turn ends by itself; player_1's judge phase follows
    judged = events(g, C.EV_JUDGE)
    assert [(j[0], j[2]) for j in judged] == [(1, C.K_INDULGENCE), (1, C.K_LIGHTNING)]
    assert events(g, C.EV_DAMAGE) == [(-1, 1, 3)]
    assert events(g, C.EV_SKIP) == []
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


def test_nullification_for_delayed_trick_is_offered_in_judge_phase_not_when_placed():
    """无懈可击 against a delayed trick: no window when it is placed; offered in the owner's judge
    phase."""
    g = table(["indulgence ♠6", "nullification ♦Q", ANCHOR], ["nullification ♠J"], [],
              ["nullification ♣Q"], deck_top=["ex_nihilo ♥7", "jink ♦2", "slash ♠8"])
    g.play("indulgence")
    g.play("target player_1")
    # placed: no 无懈 window, player_0 is back in its play phase
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY
    assert names(g, g.judgement_zone(1)) == ["Indulgence ♠6"]
    g.play("pass")                          # player_0 ends its play phase
    # player_1's judge phase: the window opens, in seat order from player_1
    asked = []
    assert g.current == 1 and g.decision_kind == C.DK_NULLIFY
    assert g.s[C.H_DCARD] == cid("indulgence ♠6") and g.s[C.H_DTGT] == 1
    asked.append(g.decider)
    g.play("Nullification ♠J")
    while g.decision_kind == C.DK_NULLIFY:
        asked.append(g.decider)
        g.play("pass")
    assert asked == [1, 3, 0]
    assert events(g, C.EV_JUDGE) == []
    assert "Indulgence ♠6" in discard_names(g)
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


# ====================================================================== the deck runs out
def test_reshuffle_when_drawing_from_an_empty_pile(invariants):
    """Deck exhaustion: when the draw pile runs out, the discard pile is shuffled into a new one."""
    g = full_table([{"hp": 2, "hand": ["slash ♠7", "slash ♠8", "jink ♦2", "jink ♦3"]}],
                   deck_top=["peach ♥3"], current=0, phase="discard")
    assert g.decider == 0 and g.decision_kind == C.DK_DISCARD
    g.play("Slash ♠7")
    g.play("Slash ♠8")
    # player_1 draws the last card, then the two discarded 杀 become the pile
    draws = [e for e in g.event_log if e[0] in (C.EV_DRAW, C.EV_RESHUFFLE)]
    assert draws[0] == (C.EV_DRAW, 1, cid("peach ♥3"), 0)
    assert draws[1] == (C.EV_RESHUFFLE, 2, 0, 0)
    assert draws[2][:2] == (C.EV_DRAW, 1)
    slashes = {cid("slash ♠7"), cid("slash ♠8")}
    got = draws[2][2]
    assert got in slashes
    assert g.draw_pile() == list(slashes - {got})
    assert int(g.s[C.H_RESHUFFLES]) == 1
    assert not g.done
    invariants(g)


def test_reshuffle_for_a_judgement(invariants):
    """Deck exhaustion: a judgement card can force the reshuffle
    (docs/rules.md, Death, victory, end)."""
    nulls = ["nullification ♠J", "nullification ♣Q", "nullification ♣K", "nullification ♦Q"]
    g = full_table([{"hp": 1, "hand": nulls + ["jink ♦2"]}, {"judge": ["indulgence ♠6"]}],
                   deck_top=[], current=0, phase="discard")
    for n in nulls:
        g.play(n.replace("nullification", "Nullification"))
    ev = [e for e in g.event_log if e[0] in (C.EV_RESHUFFLE, C.EV_JUDGE)]
    assert ev[0] == (C.EV_RESHUFFLE, 4, 0, 0)
    assert ev[1][:2] == (C.EV_JUDGE, 1)
    assert ev[1][2] in {cid(n) for n in nulls}
    assert ev[1][3] == C.K_INDULGENCE
    invariants(g)


def test_reshuffle_for_amazing_grace_reveal(invariants):
    """Deck exhaustion: 五谷丰登 reveals continue from the reshuffled discard pile."""
    g = full_table([{"hp": 3, "hand": ["peach ♥3", "amazing_grace ♥4", "kylin_bow"],
                     "equip": ["halberd"]}],
                   deck_top=["jink ♦2", "jink ♦3"], current=0, phase="play")
    g.play("peach")                         # discard pile: 桃
    g.play("kylin_bow")                     # replaces 方天画戟: discard pile: 桃, 方天画戟
    assert discard_names(g) == sorted(["Peach ♥3", "Sky Halberd ♦Q"])
    g.play("amazing_grace")
    assert (C.EV_RESHUFFLE, 2, 0, 0) in g.event_log
    assert names(g, g.zone_cards(C.Z_AG)) == sorted(["Jink ♦2", "Jink ♦3", "Peach ♥3",
                                                      "Sky Halberd ♦Q"])
    assert g.draw_pile() == []
    invariants(g)


def test_draw_when_both_piles_are_empty():
    """Deck exhaustion: a draw with both piles empty ends the game as a draw, every reward 0."""
    g = full_table([{}], deck_top=[], current=0, phase="draw")
    assert g.done and g.result == C.RES_DRAW
    assert list(g.rewards()) == [0, 0, 0, 0]
    assert events(g, C.EV_GAME_OVER)[-1][0] == C.RES_DRAW


def test_draw_when_piles_run_dry_in_the_middle_of_a_draw():
    """Deck exhaustion: the last card is drawn, then the empty piles end the game as a draw."""
    g = full_table([{}], deck_top=["peach ♥3"], current=0, phase="draw")
    assert g.done and g.result == C.RES_DRAW
    assert names(g, g.hand(0)) == ["Peach ♥3"]
    assert list(g.rewards()) == [0, 0, 0, 0]


def test_draw_when_judgement_finds_no_card():
    """Deck exhaustion: a judgement with both piles empty ends the game as a draw."""
    g = full_table([{}, {"judge": ["lightning ♠A"]}], deck_top=[], current=1, phase="start")
    # the holder of every other card (player_3) has the 无懈可击: it lets the 闪电 be judged
    assert g.decider == 3 and g.decision_kind == C.DK_NULLIFY
    g.play("pass")
    assert events(g, C.EV_JUDGE) == []
    assert g.done and g.result == C.RES_DRAW
    assert list(g.rewards()) == [0, 0, 0, 0]


# ====================================================================== round cap
def test_round_cap_truncates():
    """Round cap: when the last round allowed ends, the game is truncated with rewards 0."""
    g = table(["jueying"], ["dilu"], [ANCHOR], ["chitu"], max_rounds=1, round=1)
    deciders = []
    while not g.done:
        assert g.decision_kind == C.DK_PLAY
        deciders.append(g.decider)
        g.play("pass")
    assert deciders == [0, 1, 2, 3]
    assert g.result == C.RES_TRUNCATED and g.truncated
    assert list(g.rewards()) == [0, 0, 0, 0]
    assert all(g.alive(s) for s in range(4))


def test_round_cap_not_reached_before_the_last_round():
    """Round cap: below the cap the next round starts normally with the lord."""
    g = table(["jueying"], ["dilu"], [ANCHOR], ["chitu"], max_rounds=2, round=1)
    for seat in range(4):
        assert g.decider == seat and g.decision_kind == C.DK_PLAY
        g.play("pass")
    assert not g.done
    assert g.round == 2 and g.current == 0
