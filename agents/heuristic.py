"""A role-aware scripted agent that uses only its observation.

How it plays (every rule reads the decoded observation, ``agents.view.View``, and a per-game
memory built from this seat's own earlier observations; never the game state):

* **Sides.** Each other seat gets a hostility in [-1.5, 1.5] (> 0 enemy, < 0 friend) from its
  role when known (the lord's always, the dead's) or, when unknown, from the role table of the
  player count and the evidence gathered so far. Evidence: who lost HP during whose turn (the
  seat whose turn it is gets the blame, split between the victims of one turn) and who healed
  another seat in its turn; the 杀 and 决斗 aimed at this seat; the harmful tricks it saw being
  used (无懈可击 windows show their user and target); who brought a dying seat down (the 桃
  window shows the damage source). Harming the lord or his side counts as rebel evidence,
  harming known rebels as loyal, helping the other way round.
* **3v3.** The other team are enemies, the own team friends (teams are public); the commander
  picks heroes and acts first, leads his blocks himself while he has 3+ HP, else sends the
  healthier guard; he keeps the strongest hero of his six for himself.
* **Draft.** The strongest offered hero by a strength table (a lord also values HP). The
  observation marks the offered heroes but, so far, not which offer index is which: the lord
  knows his lord heroes come first; another seat takes its first offer.
* **Roles.** The lord and the loyalists fight rebels and suspects, never each other; a loyalist
  never hurts the lord and saves him with 桃. Rebels go for the lord first, then loyalists. The
  renegade sides with whichever camp is losing, never lets the lord die while anyone else is
  alive (attacks him only when his HP is high, saves him with 桃), and turns on the lord when
  everyone else is dead.
* **Cards.** Equipment and 无中生有 first; 乐不思蜀, 顺手牵羊, 过河拆桥 (on enemies, or to lift a
  friend's delayed trick), 借刀杀人, 决斗 and 杀 on the most valuable enemy target (low HP, no
  armour, in range); AOE tricks only when they hurt the enemies more than the friends; 桃 on
  oneself when wounded enough, and on dying friends; 闪 always; 无懈可击 when a trick's outcome
  is bad enough for this seat's side; discards and costs pay with the least useful cards (a
  value per card: 桃 > 闪 > 无懈可击 > ...; duplicates are worth less).
* **Skills.** Optional skills confirmed when they help (not 反馈 / 刚烈 against a friend);
  active skills (仁德, 制衡, 反间, 结姻, 青囊, 离间, 苦肉, conversions, 激将) used when a rule says
  they are worth it, with targets chosen by side; 观星, 遗计, 鬼才, 流离, 突袭, 急救 each have
  their own rule.

One agent object can play several seats and games at once: memory is kept per slot (see
``agents.base``). Call ``reset()`` (or ``reset(slots=[...])``) when a game starts; a new game is
also detected when the round counter goes back.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Hashable, Iterable

import numpy as np

from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine.skills import ids as SK

from .base import Agent, register_agent
from .view import ARMORS, WEAPON_RANGE, View, deck_table, role_counts

LORD, LOYALIST, REBEL, RENEGADE = C.ROLE_LORD, C.ROLE_LOYALIST, C.ROLE_REBEL, C.ROLE_RENEGADE
COMMANDER, GUARD = C.ROLE_COMMANDER, C.ROLE_GUARD
# how much a seat of each role stands for the lord's side (harming it is rebel evidence); 3v3
# roles carry no such evidence (teams are public there)
LOYALTY = {LORD: 1.5, LOYALIST: 1.0, REBEL: -1.0, RENEGADE: 0.2, COMMANDER: 0.0, GUARD: 0.0}


def _per_role(*identity) -> np.ndarray:
    """A per-role row over every role (the 3v3 roles 0: they never mix with identity roles)."""
    return np.array(list(identity) + [0.0] * (C.NUM_ROLES - len(identity)))

# what a card is worth in hand: the value lost by spending or discarding it
BASE_VALUE = {
    C.K_SLASH: 4.5, C.K_JINK: 6.5, C.K_PEACH: 8.5, C.K_DUEL: 5.0, C.K_DISMANTLE: 5.0,
    C.K_SNATCH: 5.5, C.K_SAVAGE: 4.0, C.K_ARCHERY: 4.0, C.K_EX_NIHILO: 7.5,
    C.K_GOD_SALVATION: 2.5, C.K_AMAZING_GRACE: 3.0, C.K_COLLATERAL: 3.5,
    C.K_NULLIFICATION: 6.0, C.K_INDULGENCE: 5.5, C.K_LIGHTNING: 1.5,
}
# later copies of a kind in hand are worth less
COPY_VALUE = {C.K_JINK: (6.5, 4.5, 3.0), C.K_SLASH: (4.5, 3.0, 2.5),
              C.K_NULLIFICATION: (6.0, 4.0, 3.0)}
EQUIPPED_VALUE = {"weapon": 3.5, "armor": 6.0, C.K_HORSE_PLUS: 4.5, C.K_HORSE_MINUS: 3.5}
HARMFUL_TRICKS = (C.K_DUEL, C.K_DISMANTLE, C.K_SNATCH, C.K_SAVAGE, C.K_ARCHERY, C.K_COLLATERAL,
                  C.K_INDULGENCE, C.K_LIGHTNING)
TRICK_EFFECT = {  # value of the effect for its target (negative: harmful)
    C.K_DUEL: -1.0, C.K_DISMANTLE: -0.6, C.K_SNATCH: -0.7, C.K_SAVAGE: -0.7, C.K_ARCHERY: -0.7,
    C.K_COLLATERAL: -0.4, C.K_INDULGENCE: -1.2, C.K_LIGHTNING: -0.4, C.K_EX_NIHILO: 0.8,
    C.K_GOD_SALVATION: 0.5, C.K_AMAZING_GRACE: 0.3,
}
# draft: strength of each hero of pack standard for this agent: a prior table averaged with
# 7 + 10 x the hero's measured win-rate excess over its role's mean (this agent, 2,000 games of
# 5 players against random); a lord also values HP
HERO_SCORE = {
    "caocao": 6.6, "simayi": 6.7, "xiahoudun": 6.6, "zhangliao": 7.3, "xuchu": 6.6,
    "guojia": 7.3, "zhenji": 7.5, "liubei": 6.7, "guanyu": 7.0, "zhangfei": 7.5,
    "zhugeliang": 6.3, "zhaoyun": 7.2, "machao": 7.0, "huangyueying": 7.5, "sunquan": 7.0,
    "ganning": 6.6, "lvmeng": 6.7, "huanggai": 6.7, "zhouyu": 6.6, "daqiao": 6.7,
    "luxun": 6.8, "sunshangxiang": 6.6, "huatuo": 6.9, "lvbu": 7.3, "diaochan": 7.7,
}
SELF_WORTH = -1.5          # hostility of oneself (one cares about oneself most)


def hero_score(hero_id: int, as_lord: bool) -> float:
    h = content.HEROES_BY_ID.get(int(hero_id))
    if h is None:
        return 0.0
    s = HERO_SCORE.get(h.key, 6.0)
    if as_lord:
        s += 0.5 * (h.hp - 3) + (0.5 if h.lord_offer else 0.0)
    return s


class Memory:
    """What one seat remembers of one game."""

    __slots__ = ("loyal", "prev_hp", "prev_alive", "prev_current", "prev_round", "deck", "n",
                 "last_ctx", "plan")

    def __init__(self):
        self.loyal = np.zeros(C.MAX_SEATS)     # evidence per relative seat: + lord side, - rebels
        self.prev_hp = None
        self.prev_alive = None
        self.prev_current = -1
        self.prev_round = -1
        self.deck = None
        self.n = 0
        self.last_ctx = None
        self.plan = {}


class HeuristicAgent(Agent):
    """Role-aware rules over the observation (see the module docstring).

    seed: breaks ties between equally good actions (reproducible). deck: the deck name to assume
    when the observation does not tell (it normally does: the number of cards).
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None, name: str | None = None, deck: str = "standard"):
        super().__init__(seed, name)
        self.default_deck = deck
        self.memory: dict[Hashable, Memory] = {}
        self.fallbacks: Counter = Counter()     # decisions no rule covered: (DK_*, skill id)
        self.decisions: Counter = Counter()     # decisions taken: (DK_*, skill id)

    # ------------------------------------------------------------ Agent API
    def reset(self, seed: int | None = None, slots: Iterable[Hashable] | None = None) -> None:
        super().reset(seed)
        if slots is None:
            self.memory.clear()
        else:
            for k in slots:
                self.memory.pop(k, None)

    def act(self, obs: np.ndarray, mask: np.ndarray, slot: Hashable = 0) -> int:
        mask = np.asarray(mask)
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise ValueError("the mask allows no action: is the game over, or is this mask "
                             "another seat's?")
        m = self.memory.get(slot)
        if m is None:
            m = self.memory[slot] = Memory()
        v = View(obs, m.deck)
        if m.deck is None or v.round < m.prev_round or v.n != m.n:
            if m.deck is not None:            # the round went back: another game started
                m = self.memory[slot] = Memory()
            m.deck = deck_table(v.infer_deck(self.default_deck))
            m.n = v.n
            v.deck = m.deck
        self._observe(v, m)
        self.decisions[(v.dk, v.decision_skill())] += 1
        if legal.size == 1:
            return int(legal[0])
        d = Decision(self, v, m, legal)
        a = d.decide()
        if a is None or not (0 <= a < mask.size) or not mask[a]:
            self.fallbacks[(v.dk, v.decision_skill())] += 1
            a = d.fallback()
        return int(a)

    # ------------------------------------------------------------ memory
    def _observe(self, v: View, m: Memory) -> None:
        """Update the evidence about the other seats' sides from what changed since the last
        observation and from the decision being asked."""
        if m.prev_hp is not None and len(m.prev_hp) == v.n:
            drops = [(r, int(m.prev_hp[r] - v.hp[r])) for r in range(v.n)
                     if m.prev_alive[r] and m.prev_hp[r] > v.hp[r]]
            y = v.current
            if drops and y > 0:
                w = (1.0 if y == m.prev_current else 0.35) / len(drops)
                for x, d in drops:
                    if x != y:
                        self._harm(v, m, y, x, w * min(d, 2))
            # healed by the seat whose turn it is (结姻, 救援; not 桃园结义: it heals everyone)
            gains = [r for r in range(v.n) if v.alive[r] and m.prev_hp[r] >= 1
                     and v.hp[r] > m.prev_hp[r] and r != y]
            if len(gains) == 1 and y > 0 and y == m.prev_current:
                self._harm(v, m, y, gains[0], -0.5)
        ctx = (v.dk, v.dsrc, v.dtgt, v.dcardkind, v.dnum[0], v.dnum[1], v.current, v.round)
        if ctx != m.last_ctx:
            m.last_ctx = ctx
            dk, src, tgt = v.dk, v.dsrc, v.dtgt
            if dk == C.DK_JINK and v.dnum[1] == C.PUR_SLASH and src > 0:
                self._harm(v, m, src, 0, 1.0)
            elif dk == C.DK_SLASH and v.dnum[1] == C.PUR_DUEL and src > 0:
                self._harm(v, m, src, 0, 0.5)
            elif dk == C.DK_DSWORDS and src > 0:
                self._harm(v, m, src, 0, 0.3)
            elif dk == C.DK_PEACH and src >= 0 and tgt >= 0 and src != tgt:
                self._harm(v, m, src, tgt, 1.0)          # src brought tgt to dying
            elif dk == C.DK_SKILL_CARD and v.decision_skill() == SK.SK_LIULI and tgt > 0:
                self._harm(v, m, tgt, 0, 1.0)            # the 杀 user 流离 answers
            elif dk == C.DK_NULLIFY and v.dnum[1] == 0 and src >= 0 and tgt >= 0 and src != tgt \
                    and v.dnum[0] in (C.K_DUEL, C.K_DISMANTLE, C.K_SNATCH, C.K_COLLATERAL,
                                      C.K_INDULGENCE):
                self._harm(v, m, src, tgt, 0.8)
            elif dk == C.DK_SKILL_OPTION and v.decision_skill() == SK.SK_FANJIAN and v.dskowner > 0:
                self._harm(v, m, v.dskowner, 0, 0.7)
        m.prev_hp = v.hp.copy()
        m.prev_alive = v.alive.copy()
        m.prev_current = v.current
        m.prev_round = v.round

    @staticmethod
    def _harm(v: View, m: Memory, y: int, x: int, w: float) -> None:
        """Seat y harmed seat x (weight w; negative: helped it): evidence about y's side."""
        if y <= 0 or y >= v.n:
            return
        if x == 0:
            lx = LOYALTY[v.role]
        elif v.known_role[x] >= 0:
            lx = LOYALTY[int(v.known_role[x])]
        else:
            lx = 0.6 * math.tanh(m.loyal[x])
        m.loyal[y] -= w * lx


register_agent("heuristic", HeuristicAgent)


class Decision:
    """One decision: the view, the memory, the legal actions, and the derived judgements."""

    def __init__(self, agent: HeuristicAgent, v: View, m: Memory, legal: np.ndarray):
        self.agent = agent
        self.v = v
        self.m = m
        self.legal = [int(a) for a in legal]
        self.legal_set = set(self.legal)
        self.h = self._hostility()
        self._values = None

    # ------------------------------------------------------------ judgements
    def _role_probs(self) -> np.ndarray:
        """[n, 4] probability of each role per seat: known roles, else the remaining role counts
        tilted by the evidence."""
        v = self.v
        p = np.zeros((v.n, C.NUM_ROLES))
        left = np.array(role_counts(v.n), dtype=float)
        unknown = []
        for r in range(v.n):
            role = v.role if r == 0 else int(v.known_role[r])
            if role >= 0:
                p[r, role] = 1.0
                left[role] -= 1
            else:
                unknown.append(r)
        left = np.maximum(left, 0)
        if unknown and left.sum() > 0:
            prior = left / left.sum()
            for r in unknown:
                e = self.m.loyal[r]
                tilt = _per_role(1.0, math.exp(min(e, 5)), math.exp(-max(min(e, 5), -5)),
                                 math.exp(0.3 * max(min(e, 5), -5)))
                q = prior * tilt
                p[r] = q / q.sum() if q.sum() > 0 else prior
        return p

    def _hostility(self) -> np.ndarray:
        v = self.v
        p = self._role_probs()
        self.role_p = p
        h = np.zeros(v.n)
        me = v.role
        alive = v.alive
        if v.team_mode:            # 3v3: the other team are enemies, the own team friends
            for r in range(1, v.n):
                if alive[r]:
                    commander = v.known_role[r] == COMMANDER
                    h[r] = (-1.5 if commander else -1.0) if v.ally[r] else (1.5 if commander else 1.0)
            h[0] = SELF_WORTH
            return h
        rebels_left = float(sum(p[r, REBEL] for r in range(v.n) if alive[r]))
        loyal_left = float(sum(p[r, LOYALIST] for r in range(v.n) if alive[r]))
        if me in (LORD, LOYALIST):
            ren = 0.4 if rebels_left > 0.5 else 1.2
            table = (SELF_WORTH, -1.0, 1.0, ren)
        elif me == REBEL:
            ren = 0.5 if loyal_left > 0.5 else 1.0
            table = (1.5, 1.0, -1.0, ren)
        else:
            table = self._renegade_table(p)
        for r in range(1, v.n):
            if alive[r]:
                h[r] = float(p[r] @ _per_role(*table))
        h[0] = SELF_WORTH
        return h

    def _renegade_table(self, p) -> tuple:
        v = self.v
        strength = v.hp.astype(float) + 0.4 * v.handn
        lord_side = sum(strength[r] * (p[r, LORD] + p[r, LOYALIST]) for r in range(1, v.n) if v.alive[r])
        rebel_side = sum(strength[r] * p[r, REBEL] for r in range(1, v.n) if v.alive[r])
        lord = v.lord
        others = sum(1 for r in range(1, v.n) if v.alive[r] and r != lord)
        if others == 0:
            lord_h = 1.5
        elif lord >= 0 and v.hp[lord] <= 2:
            lord_h = -1.0
        else:
            lord_h = 0.3 if lord_side > 1.5 * rebel_side else -0.5
        loyal_h = 1.0 if lord_side >= rebel_side else 0.1
        rebel_h = 1.0 if rebel_side >= 0.8 * lord_side else 0.3
        return (lord_h, loyal_h, rebel_h, 0.8)

    def friend(self, r: int) -> bool:
        return self.h[r] < -0.2

    def enemy(self, r: int, t: float = 0.25) -> bool:
        return self.h[r] > t

    # ------------------------------------------------------------ card values
    def values(self) -> dict[int, float]:
        """Value of each own hand card (later copies of a kind worth less)."""
        if self._values is None:
            v = self.v
            out = {}
            seen = Counter()
            unlimited = v.has_equip(0, C.K_CROSSBOW) or v.has_skill(0, SK.SK_FEIJIANG)
            for c in sorted(v.hand, key=lambda c: int(v.deck.kind[c])):
                k = int(v.deck.kind[c])
                i = seen[k]
                seen[k] += 1
                if k in COPY_VALUE and not (k == C.K_SLASH and unlimited):
                    val = COPY_VALUE[k][min(i, 2)]
                else:
                    val = self.card_value(int(c))
                if k == C.K_PEACH and v.hp[0] <= 2:
                    val += 1.5
                out[int(c)] = val
            self._values = out
        return self._values

    def card_value(self, c: int) -> float:
        """What card c would be worth in this seat's hand (no duplicate discount)."""
        v = self.v
        k = int(v.deck.kind[c])
        if k in BASE_VALUE:
            return BASE_VALUE[k] + (1.5 if k == C.K_PEACH and v.hp[0] <= 2 else 0.0)
        if k in WEAPON_RANGE:
            return 4.0 if v.weapon(0) == C.K_NONE else 1.5
        if k in ARMORS:
            return 5.0 if v.armor(0) == C.K_NONE else 1.0
        if k in (C.K_HORSE_PLUS, C.K_HORSE_MINUS):
            return 4.0 if not v.has_equip(0, k) else 1.0
        return 2.0

    def own_value(self, c: int) -> float:
        """Value of one of this seat's cards, hand or equipment (for costs)."""
        vals = self.values()
        if c in vals:
            return vals[c]
        k = int(self.v.deck.kind[c])
        if k in WEAPON_RANGE:
            return EQUIPPED_VALUE["weapon"]
        if k in ARMORS:
            return EQUIPPED_VALUE["armor"]
        return EQUIPPED_VALUE.get(k, self.card_value(c))

    def count_kind(self, kind: int) -> int:
        return int((self.v.deck.kind[self.v.hand] == kind).sum())

    # ------------------------------------------------------------ helpers over the legal actions
    def cards(self) -> list[int]:
        return [a - C.A_CARD for a in self.legal if C.A_CARD <= a < C.A_TARGET]

    def targets(self) -> list[int]:
        return [a - C.A_TARGET for a in self.legal if C.A_TARGET <= a < C.A_OPTION]

    def skill_actions(self) -> list[tuple[int, int]]:
        """(action, skill id) of the legal A_SKILL actions."""
        sks = self.v.skills(0)
        out = []
        for a in self.legal:
            if C.A_SKILL <= a < C.A_HERO:
                i = a - C.A_SKILL
                out.append((a, sks[i] if i < len(sks) else 0))
        return out

    def can(self, a: int) -> bool:
        return a in self.legal_set

    def noise(self) -> float:
        return float(self.agent.rng.random()) * 1e-3

    def best(self, scored):
        """The action with the highest score from (score, action) pairs (None if empty)."""
        best_a, best_s = None, -1e18
        for s, a in scored:
            s += self.noise()
            if s > best_s:
                best_s, best_a = s, a
        return best_a

    def cheapest_card(self, cards=None, exclude=()):
        cards = self.cards() if cards is None else cards
        cards = [c for c in cards if c not in exclude]
        if not cards:
            return None
        return C.A_CARD + min(cards, key=lambda c: (self.own_value(c), c))

    def best_target(self, score):
        ts = self.targets()
        if not ts:
            return None
        return self.best((score(r), C.A_TARGET + r) for r in ts)

    def fallback(self) -> int:
        """No rule applied: decline if allowed, else pay with the cheapest card, else the first
        legal action."""
        if self.can(C.A_PASS):
            return C.A_PASS
        a = self.cheapest_card()
        if a is not None:
            return a
        t = self.best_target(lambda r: -self.h[r] if r == 0 else self.h[r])
        return t if t is not None else self.legal[0]

    # ------------------------------------------------------------ dispatch
    def decide(self):
        dk = self.v.dk
        handler = _HANDLERS.get(dk)
        if handler is None:
            return None
        return handler(self)

    # ------------------------------------------------------------ target values
    def slash_value(self, r: int, color: int = C.COLOR_NONE, user: int = 0) -> float:
        v = self.v
        h = self.h[r]
        if r == user or not v.alive[r]:
            return -5.0
        val = h * (1.35 if v.hp[r] <= 1 else 1.15 if v.hp[r] == 2 else 1.0)
        qinggang = v.weapon(user) == C.K_QINGGANG
        if not qinggang:
            if v.armor(r) == C.K_EIGHT_DIAGRAM:
                val -= 0.25 * abs(h)
            if v.armor(r) == C.K_NIOH_SHIELD and color == C.COLOR_BLACK:
                val -= 2.0
        if v.handn[r] == 0:
            val += 0.15 * h
        if h > 0:                     # threat: cards in hand, a weapon
            val += h * (0.04 * min(int(v.handn[r]), 5) + (0.1 if v.weapon(r) else 0.0))
        if v.has_skill(r, SK.SK_LIULI):
            val -= 0.2
        return val

    def slash_targets(self, color=C.COLOR_NONE) -> float:
        """The best value of a 杀 on someone in range now (-5 if none)."""
        v = self.v
        best = -5.0
        for r in v.others():
            if not v.in_range[r]:
                continue
            if v.handn[r] == 0 and v.has_skill(r, SK.SK_KONGCHENG):
                continue
            best = max(best, self.slash_value(r, color))
        return best

    def trick_reach(self, r: int, kind: int) -> bool:
        v = self.v
        if not v.alive[r] or r == 0:
            return False
        if kind == C.K_SNATCH:
            if v.has_skill(r, SK.SK_QIANXUN):
                return False
            return v.dist[r] <= 1 or v.has_skill(0, SK.SK_QICAI)
        if kind == C.K_INDULGENCE:
            return not v.has_skill(r, SK.SK_QIANXUN) and not v.indulged[r]
        if kind == C.K_DUEL:
            return not (v.handn[r] == 0 and v.has_skill(r, SK.SK_KONGCHENG))
        return True

    def take_value(self, r: int) -> float:
        """Value of taking or destroying one card of seat r (过河拆桥, 顺手牵羊)."""
        v = self.v
        cards = int(v.handn[r]) + v.equip_count(r)
        if self.friend(r):
            return 1.0 if (v.indulged[r] or v.lightning[r]) else -1.0
        if cards == 0:
            return -0.5
        val = self.h[r] * (0.5 + 0.15 * min(cards, 4) + (0.3 if v.armor(r) else 0.0)
                           + (0.2 if v.weapon(r) else 0.0))
        return val

    def duel_value(self, r: int) -> float:
        v = self.v
        mine = self.count_kind(C.K_SLASH)
        return self.h[r] * (1.1 if v.hp[r] <= 1 else 1.0) + 0.15 * (mine - v.handn[r] / 2.0)

    def indulgence_value(self, r: int) -> float:
        v = self.v
        return self.h[r] * (1.0 + 0.08 * v.handn[r] + 0.1 * v.equip_count(r))

    def collateral_options(self):
        """(value, wielder, victim) for 借刀杀人: wielder r holds a weapon; victim in its range."""
        v = self.v
        out = []
        for a in v.others():
            if v.weapon(a) == C.K_NONE:
                continue
            for b in range(v.n):
                if b == a or not v.alive[b] or not v.in_attack_range(a, b):
                    continue
                if v.handn[b] == 0 and v.has_skill(b, SK.SK_KONGCHENG):
                    continue
                hb = self.h[b] if b != 0 else -3.0
                out.append((hb + 0.4 * self.h[a], a, b))
        return out

    def aoe_value(self) -> float:
        """Net value of hitting every other living seat (南蛮入侵, 万箭齐发)."""
        v = self.v
        tot = 0.0
        for r in v.others():
            w = 1.6 if v.hp[r] <= 1 else 1.2 if v.hp[r] == 2 else 1.0
            tot += self.h[r] * w
        return tot / max(1, len(v.others()))

    def heal_all_value(self) -> float:
        v = self.v
        tot = 0.0
        for r in range(v.n):
            if v.alive[r] and v.hp[r] < v.maxhp[r]:
                tot -= self.h[r]
        return tot


# ---------------------------------------------------------------- the play phase
def _equip_score(d: Decision, k: int) -> float:
    v = d.v
    mashu = v.has_skill(0, SK.SK_MASHU)
    if k in WEAPON_RANGE:
        if v.has_skill(0, SK.SK_LUOYI):
            return -1.0              # 裸衣 hits harder without a weapon
        cur = v.weapon(0)
        slashes = d.count_kind(C.K_SLASH)
        if cur == C.K_NONE:
            return 6.0 + (1.5 if k == C.K_CROSSBOW and slashes >= 2 else 0.0)
        if k == C.K_CROSSBOW:
            return 3.0 if slashes >= 3 and cur != C.K_CROSSBOW else -1.0
        if cur != C.K_CROSSBOW and WEAPON_RANGE[k] > WEAPON_RANGE[cur]:
            return 2.0
        return -1.0
    if k in ARMORS:
        return 7.5 if v.armor(0) == C.K_NONE else -1.0
    if k in (C.K_HORSE_PLUS, C.K_HORSE_MINUS):
        if mashu:
            return 5.0 if not (v.has_equip(0, C.K_HORSE_PLUS) or v.has_equip(0, C.K_HORSE_MINUS)) \
                else -1.0
        if v.has_equip(0, k):
            return -1.0
        return 6.5 if k == C.K_HORSE_PLUS else 5.5
    return -1.0


def _play_card_score(d: Decision, c: int) -> float:
    v = d.v
    k = int(v.deck.kind[c])
    hp, maxhp = int(v.hp[0]), int(v.maxhp[0])
    if k == C.K_EX_NIHILO:
        return 10.0
    if C.K_CROSSBOW <= k <= C.K_HORSE_MINUS:
        return _equip_score(d, k)
    if k == C.K_PEACH:
        if hp >= maxhp:
            # 救援: a 吴 character may heal the wounded lord 孙权 in his own turn
            lord = v.lord
            if lord > 0 and d.friend(lord) and v.hp[lord] < v.maxhp[lord]:
                return 5.0
            return -1.0
        if hp <= 1 or hp <= maxhp - 2:
            return 8.0
        if d.count_kind(C.K_PEACH) >= 2 or int(v.handn[0]) > hp + 1:
            return 4.0
        return -1.0
    if k == C.K_INDULGENCE:
        best = max((d.indulgence_value(r) for r in v.others() if d.trick_reach(r, k)), default=-5)
        return 7.0 + best if best > 0.3 else -1.0
    if k in (C.K_SNATCH, C.K_DISMANTLE):
        best = max((d.take_value(r) for r in v.others() if d.trick_reach(r, k)), default=-5)
        return (6.5 if k == C.K_SNATCH else 6.0) + best if best > 0.25 else -1.0
    if k == C.K_COLLATERAL:
        best = max((x[0] for x in d.collateral_options()), default=-5)
        return 5.5 + best if best > 0.5 else -1.0
    if k == C.K_DUEL:
        best = max((d.duel_value(r) for r in v.others() if d.trick_reach(r, k)), default=-5)
        if best <= 0.3 or (hp <= 1 and d.count_kind(C.K_SLASH) == 0):
            return -1.0
        return 5.0 + best
    if k in (C.K_SAVAGE, C.K_ARCHERY):
        val = d.aoe_value()
        return 4.5 + val if val > 0.15 else -1.0
    if k == C.K_GOD_SALVATION:
        val = d.heal_all_value()
        return 3.0 + val if val > 0.5 else -1.0
    if k == C.K_AMAZING_GRACE:
        val = -sum(d.h[r] for r in v.others()) / max(1, len(v.others()))
        return 3.0 + val if val > -0.6 else -1.0
    if k == C.K_LIGHTNING:
        return 0.5 if v.role == REBEL and not d.friend(v.lord) else -1.0
    if k == C.K_SLASH:
        best = d.slash_targets(int(v.deck.color[c]))
        return 4.0 + best if best > 0.2 else -1.0
    return -1.0


def _play_skill_score(d: Decision, sk: int) -> float:
    v = d.v
    hp, maxhp = int(v.hp[0]), int(v.maxhp[0])
    vals = d.values()
    cheap = sorted(vals.values())
    if sk in (SK.SK_WUSHENG, SK.SK_LONGDAN):
        if d.count_kind(C.K_SLASH) > 0:
            return -1.0                   # use the real 杀 first
        best = d.slash_targets()
        return 3.7 + best if best > 0.2 else -1.0
    if sk == SK.SK_JIJIANG:
        if d.count_kind(C.K_SLASH) > 0:
            return -1.0
        best = d.slash_targets()
        return 3.5 + best if best > 0.4 else -1.0
    if sk == SK.SK_QIXI:
        best = max((d.take_value(r) for r in v.others()), default=-5)
        cost = min((val for c, val in vals.items() if v.deck.color[c] == C.COLOR_BLACK), default=9)
        return 5.5 + best if best > 0.25 and cost <= 5.0 else -1.0
    if sk == SK.SK_GUOSE:
        best = max((d.indulgence_value(r) for r in v.others()
                    if d.trick_reach(r, C.K_INDULGENCE)), default=-5)
        cost = min((val for c, val in vals.items() if v.deck.suit[c] == C.SUIT_DIAMOND), default=9)
        return 6.5 + best if best > 0.3 and cost <= 5.5 else -1.0
    if sk == SK.SK_RENDE:
        friends = [r for r in v.others() if d.friend(r)]
        if not friends:
            return -1.0
        if (hp < maxhp and v.given[0] < 2 and len(vals) >= 2 - v.given[0]) or len(vals) > hp:
            return 1.2
        return -1.0
    if sk == SK.SK_ZHIHENG:
        junk = [x for x in cheap if x <= 3.0]
        return 1.5 if len(junk) >= 2 else -1.0
    if sk == SK.SK_FANJIAN:
        best = max((d.h[r] * (1.3 if v.hp[r] <= 1 else 1.0) for r in v.others()), default=-5)
        return 3.0 + best if best > 0.5 else -1.0
    if sk == SK.SK_JIEYIN:
        if len(cheap) < 2 or cheap[0] + cheap[1] > 10:
            return -1.0
        ok = [r for r in v.others() if v.gender[r] == C.GENDER_MALE and v.hp[r] < v.maxhp[r]
              and (d.friend(r) or (hp < maxhp and not d.enemy(r, 0.5)))]
        return 3.0 if ok else -1.0
    if sk == SK.SK_QINGNANG:
        if hp >= maxhp:
            return -1.0
        return 6.0 if cheap and cheap[0] <= 6.0 else (3.0 if hp <= 1 else -1.0)
    if sk == SK.SK_LIJIAN:
        return 3.0 + _lijian_plan(d)[0] if _lijian_plan(d)[0] > 0.6 else -1.0
    if sk == SK.SK_KUROU:
        peaches = d.count_kind(C.K_PEACH)
        return 8.0 if hp >= 3 or (hp >= 2 and peaches >= 1) else -1.0
    return -1.0


def _lijian_plan(d: Decision):
    """Best (value, duelist, victim) for 离间: the victim answers first and is hurt if it runs out
    of 杀 first; both are males other than 貂蝉."""
    v = d.v
    males = [r for r in v.others() if v.gender[r] == C.GENDER_MALE]
    best = (-5.0, -1, -1)
    for a in males:
        for b in males:
            if a == b or (v.handn[b] == 0 and v.has_skill(b, SK.SK_KONGCHENG)):
                continue
            val = d.h[b] * (1.2 if v.hp[b] <= 1 else 1.0) - 0.4 * d.h[a] \
                + 0.08 * (v.handn[a] - v.handn[b])
            if val > best[0]:
                best = (val, a, b)
    return best


def _decide_play(d: Decision):
    v = d.v
    scored = [(0.0, C.A_PASS)]
    for c in d.cards():
        if c in d.values():
            scored.append((_play_card_score(d, c), C.A_CARD + c))
        elif v.deck.kind[c] == C.K_SPEAR:      # 丈八蛇矛: two hand cards as a 杀
            cheap = sorted(d.values().values())
            best = d.slash_targets()
            if d.count_kind(C.K_SLASH) == 0 and len(cheap) >= 2 and best > 0.5:
                scored.append((3.0 + best - (cheap[0] + cheap[1]) / 10.0, C.A_CARD + c))
    for a, sk in d.skill_actions():
        scored.append((_play_skill_score(d, sk), a))
    return d.best(scored)


# ---------------------------------------------------------------- choosing targets
def _decide_target(d: Decision):
    v = d.v
    kind, stage, extra = v.dnum
    table_colors = {int(v.deck.color[c]) for c in v.table}
    color = table_colors.pop() if len(table_colors) == 1 else C.COLOR_NONE
    if kind == C.K_SLASH:
        if d.can(C.A_CONFIRM):          # 方天画戟: add a target only if it is worth it
            best = d.best_target(lambda r: d.slash_value(r, color))
            if best is not None and d.slash_value(best - C.A_TARGET, color) > 0.3:
                return best
            return C.A_CONFIRM
        return d.best_target(lambda r: d.slash_value(r, color))
    if kind == C.K_DUEL:
        return d.best_target(d.duel_value)
    if kind in (C.K_SNATCH, C.K_DISMANTLE):
        return d.best_target(d.take_value)
    if kind == C.K_INDULGENCE:
        return d.best_target(d.indulgence_value)
    if kind == C.K_COLLATERAL:
        if stage == 0:
            opts = d.collateral_options()

            def wielder(r):
                vals = [x[0] for x in opts if x[1] == r]
                return max(vals) if vals else d.h[r] - 1.0
            return d.best_target(wielder)
        return d.best_target(lambda r: -3.0 if r == 0 else d.h[r])
    if kind == C.K_PEACH:      # 救援: the lord 孙权 or oneself
        return d.best_target(lambda r: (1.0 if r == 0 and v.hp[0] <= 1 else 0.0)
                             + (-d.h[r] if r != 0 else 0.5))
    return d.best_target(lambda r: d.h[r])


# ---------------------------------------------------------------- responses
def _response_card(d: Decision, kind: int):
    """The cheapest legal card answering a request for kind (八卦阵 first: it costs nothing)."""
    v = d.v
    cards = d.cards()
    for c in cards:
        if v.deck.kind[c] == C.K_EIGHT_DIAGRAM and c not in d.values():
            return C.A_CARD + c
    plain = [c for c in cards if c in d.values() or v.deck.kind[c] != C.K_SPEAR
             or kind != C.K_SLASH]
    spear = [c for c in cards if c not in plain]
    if plain:
        return d.cheapest_card(plain)
    if spear and len(d.values()) >= 2:
        return C.A_CARD + spear[0]
    return None


def _lord_skill(d: Decision):
    for a, sk in d.skill_actions():
        if sk in (SK.SK_HUJIA, SK.SK_JIJIANG):
            return a
    return None


def _decide_jink(d: Decision):
    v = d.v
    if v.dnum[1] == C.PUR_LORD:          # 护驾: a 闪 for the lord 曹操?
        if not d.friend(v.dsrc):
            return C.A_PASS
        return _response_card(d, C.K_JINK) or C.A_PASS
    a = _response_card(d, C.K_JINK)
    if a is not None:
        return a
    return _lord_skill(d) or C.A_PASS


def _decide_slash(d: Decision):
    v = d.v
    purpose = v.dnum[1]
    if purpose == C.PUR_LORD:            # 激将: a 杀 for the lord 刘备?
        if not d.friend(v.dsrc):
            return C.A_PASS
        return _response_card(d, C.K_SLASH) or C.A_PASS
    if purpose == C.PUR_DUEL:
        if d.friend(v.dsrc) and v.hp[0] >= 2:
            return C.A_PASS              # do not hurt a friend in a 决斗
    elif purpose == C.PUR_COLLATERAL:
        if d.h[v.dtgt] <= -0.3 or v.dtgt == 0:
            return C.A_PASS              # give up the weapon rather than hit a friend
    elif purpose == C.PUR_BLADE:
        if d.slash_value(v.dtgt) <= 0.2:
            return C.A_PASS
    a = _response_card(d, C.K_SLASH)
    if a is not None:
        return a
    return _lord_skill(d) or C.A_PASS


def _decide_peach(d: Decision):
    v = d.v
    x = v.dtgt
    if x == 0:
        return d.cheapest_card() or C.A_PASS
    if v.role == RENEGADE and v.known_role[x] == LORD:
        others = sum(1 for r in v.others() if r != x)
        return (d.cheapest_card() or C.A_PASS) if others > 0 else C.A_PASS
    if d.friend(x):
        return d.cheapest_card() or C.A_PASS
    return C.A_PASS


def _decide_nullify(d: Decision):
    v = d.v
    kind, count = v.dnum[0], v.dnum[1]
    t = v.dtgt
    if t < 0:
        return C.A_PASS
    effect = TRICK_EFFECT.get(kind, 0.0)
    if t == 0:
        if kind == C.K_SAVAGE and d.count_kind(C.K_SLASH) > 0:
            effect = -0.2
        if kind == C.K_ARCHERY and (d.count_kind(C.K_JINK) > 0 or v.armor(0) == C.K_EIGHT_DIAGRAM):
            effect = -0.2
        if kind == C.K_LIGHTNING and v.hp[0] > 3:
            effect = -0.2
        if kind in (C.K_DISMANTLE, C.K_SNATCH) and v.handn[0] + v.equip_count(0) <= 1:
            effect = -0.2
    if v.hp[t] <= 1 and kind in (C.K_DUEL, C.K_SAVAGE, C.K_ARCHERY, C.K_LIGHTNING):
        effect *= 1.5
    worth = -d.h[t] * effect             # value for this seat of the effect happening
    happening = count % 2 == 0
    if happening and worth < -0.45:
        return d.cheapest_card() or C.A_PASS
    if not happening and worth > 0.45:
        return d.cheapest_card() or C.A_PASS
    return C.A_PASS


# ---------------------------------------------------------------- cards: discard, pick, select
def _decide_discard(d: Decision):
    return d.cheapest_card()


def _pick_value(d: Decision, t: int, c: int, friend: bool) -> float:
    """Value (for this seat) of removing card c (equipment or delayed trick) from seat t."""
    v = d.v
    k = int(v.deck.kind[c])
    equipped = C.K_CROSSBOW <= k <= C.K_HORSE_MINUS and v.has_equip(t, k)
    if not equipped:                      # a delayed trick in its judgement zone
        return 3.0 if friend else -3.0
    if k in ARMORS:
        val = 8.0
    elif k in WEAPON_RANGE:
        val = 6.0
    elif k == C.K_HORSE_PLUS:
        val = 5.0
    else:
        val = 4.0
    return -val if friend else val


def _decide_pick(d: Decision):
    v = d.v
    t = v.dtgt
    friend = d.friend(t) if t >= 0 else False
    scored = []
    if d.can(C.A_OPTION + C.OPT_HAND):
        hand = int(v.handn[t]) if t >= 0 else 0
        scored.append(((-1.0 if friend else (5.5 if hand <= 2 else 4.5)),
                       C.A_OPTION + C.OPT_HAND))
    for c in d.cards():
        scored.append((_pick_value(d, t, c, friend), C.A_CARD + c))
    return d.best(scored)


def _decide_ag(d: Decision):
    return d.best((d.card_value(c), C.A_CARD + c) for c in d.cards())


def _decide_select(d: Decision):
    return d.cheapest_card()


def _decide_kylin(d: Decision):
    v = d.v
    if not d.enemy(v.dtgt, 0.1):
        return C.A_PASS
    for c in d.cards():
        if v.deck.kind[c] == C.K_HORSE_PLUS:
            return C.A_CARD + c
    return d.cheapest_card() or C.A_PASS


def _decide_dswords(d: Decision):
    v = d.v
    if d.enemy(v.dsrc, 0.0):
        a = d.cheapest_card()
        if a is not None and d.own_value(a - C.A_CARD) <= 3.0:
            return a
    return C.A_PASS


# ---------------------------------------------------------------- yes / no
CONFIRM_SKILLS = {SK.SK_JIANXIONG, SK.SK_TIANDU, SK.SK_YIJI, SK.SK_LUOSHEN, SK.SK_GUANXING,
                  SK.SK_YINGZI, SK.SK_BIYUE, SK.SK_LIANYING, SK.SK_XIAOJI}


def _decide_confirm(d: Decision):
    v = d.v
    purpose = v.dnum[1]
    t = v.dtgt
    yes, no = C.A_CONFIRM, C.A_PASS
    if purpose == C.PUR_SKILL:
        sk = v.decision_skill()
        if sk in CONFIRM_SKILLS:
            return yes
        if sk in (SK.SK_FANKUI, SK.SK_GANGLIE):
            return no if t >= 0 and d.friend(t) else yes
        return None
    if purpose == C.PUR_DSWORDS:
        return no if t >= 0 and d.friend(t) else yes
    if purpose == C.PUR_ICE_SWORD:          # prevent the damage, discard two of its cards instead
        if d.friend(t):
            return yes
        if v.hp[t] >= 3 and v.equip_count(t) >= 2:
            return yes
        return no
    if purpose == C.PUR_AXE:                # pay two cards to make the dodged 杀 hit
        if not d.enemy(t):
            return no
        cheap = sorted(d.own_value(c) for c in list(d.values()))
        if v.hp[t] <= 2 or (len(cheap) >= 4 and cheap[0] + cheap[1] <= 7):
            return yes
        return no
    return None


# ---------------------------------------------------------------- the hero draft
def _decide_hero(d: Decision):
    v = d.v
    offers = [a - C.A_HERO for a in d.legal if C.A_HERO <= a < C.A_HERO + C.NUM_HERO_OFFERS]
    as_lord = v.role == LORD or (v.role == COMMANDER and v.dtgt == 0)   # HP counts more
    by_index = _offer_order(v, len(offers))
    if by_index is None:
        return None
    return d.best((hero_score(by_index[i], as_lord) if i in by_index else 0.0, C.A_HERO + i)
                  for i in offers)


def _offer_order(v: View, k: int):
    """{offer index: hero id}: the engine keeps a seat's offer in increasing hero id, so
    ``A_HERO + j`` picks the j-th hero marked in OBS_OFFER."""
    return {i: int(h) for i, h in enumerate(sorted(int(x) for x in v.offer))}


def _decide_order(d: Decision):
    """3v3: pick heroes first; act first."""
    return C.A_OPTION + C.OPT_FIRST


def _decide_who_acts(d: Decision):
    """3v3: the commander acts first while he is fit; with the guards' block the healthier guard
    (the more HP and cards) leads."""
    v = d.v
    if d.can(C.A_TARGET) and (v.hp[0] >= 3 or len(d.legal) == 1):
        return C.A_TARGET
    guards = [a - C.A_TARGET for a in d.legal if C.A_TARGET < a < C.A_OPTION]
    if not guards:
        return d.legal[0]
    return C.A_TARGET + max(guards, key=lambda r: (int(v.hp[r]) + 0.3 * int(v.handn[r]), -r))


# ---------------------------------------------------------------- skill decisions
def _unseen_colors(d: Decision):
    v = d.v
    seen = set(v.hand.tolist()) | set(v.public.tolist()) | set(v.table.tolist()) \
        | set(np.flatnonzero(v.discard).tolist())
    red = black = 0
    for c in range(v.deck.size):
        if c not in seen:
            if v.deck.color[c] == C.COLOR_RED:
                red += 1
            else:
                black += 1
    return red, black


def _judge_good(d: Decision, t: int, c: int):
    """Is judgement card c good for the judging seat t (None: cannot tell why it judges)?"""
    v = d.v
    suit, rank, color = int(v.deck.suit[c]), int(v.deck.rank[c]), int(v.deck.color[c])
    if v.phase == C.PH_JUDGE and v.current == t and (v.indulged[t] or v.lightning[t]):
        if v.indulged[t]:
            return suit == C.SUIT_HEART
        return not (suit == C.SUIT_SPADE and 2 <= rank <= 9)
    if v.phase == C.PH_START and v.current == t and v.has_skill(t, SK.SK_LUOSHEN):
        return color == C.COLOR_BLACK
    if v.armor(t) == C.K_EIGHT_DIAGRAM and v.phase != C.PH_JUDGE:
        return color == C.COLOR_RED
    return None


def _skill_card(d: Decision, sk: int):
    v = d.v
    stage = v.dnum[0]
    cards = d.cards()
    if sk in (SK.SK_WUSHENG, SK.SK_LONGDAN, SK.SK_QIXI, SK.SK_GUOSE, SK.SK_QINGNANG,
              SK.SK_LIJIAN, SK.SK_JIEYIN):
        return d.cheapest_card()
    if sk == SK.SK_RENDE:
        hp = int(v.hp[0])
        hand = len(d.values())
        heal = v.hp[0] < v.maxhp[0] and v.given[0] % 2 == 1
        if d.can(C.A_CONFIRM) and not heal and hand <= hp:
            return C.A_CONFIRM
        return d.cheapest_card()
    if sk == SK.SK_ZHIHENG:
        a = d.cheapest_card([c for c in cards if c in d.values()])
        if a is not None and d.own_value(a - C.A_CARD) <= 3.0:
            return a
        return C.A_CONFIRM if d.can(C.A_CONFIRM) else d.cheapest_card()
    if sk == SK.SK_GUANXING:
        return _guanxing(d, stage)
    if sk == SK.SK_JIJIU:
        t = v.dtgt
        if t >= 0 and (t == 0 or d.friend(t)):
            amount = max(1, v.dnum[2])
            a = d.cheapest_card()
            if a is not None and (v.hp[t] <= amount + 1 or d.own_value(a - C.A_CARD) <= 4.0):
                return a
        return C.A_PASS
    if sk == SK.SK_GUICAI:
        t = v.dtgt
        # the judgement card: the card on the table of the decision's card kind
        judged = [int(c) for c in v.table if v.deck.kind[c] == v.dcardkind]
        if t < 0 or len(judged) != 1:
            return C.A_PASS
        cur = judged[0]
        good_now = _judge_good(d, t, cur)
        if good_now is None:
            return C.A_PASS
        want_good = t == 0 or d.friend(t)
        if good_now == want_good:
            return C.A_PASS
        fits = [c for c in cards if _judge_good(d, t, c) == want_good]
        if not fits:
            return C.A_PASS
        a = d.cheapest_card(fits)
        return a if d.own_value(a - C.A_CARD) <= 7.0 else C.A_PASS
    if sk == SK.SK_LIULI:
        user = v.dtgt
        cands = [r for r in v.others() if r != user and v.in_range[r]]
        if not any(d.h[r] > 0.3 for r in cands):
            return C.A_PASS
        a = d.cheapest_card()
        return a if a is not None and d.own_value(a - C.A_CARD) <= 5.0 else C.A_PASS
    return None


def _guanxing(d: Decision, stage: int):
    """观星: stage 0 puts cards under the pile (CONFIRM: the rest go on top); stage 1 orders the
    top, first drawn first. A delayed trick waiting in the judge phase wants a good judgement."""
    v = d.v
    cards = d.cards()
    if stage == 0:
        d.m.plan["guanxing_first"] = True
        bad = [c for c in cards if d.card_value(c) <= 3.0]
        if bad and len(cards) > 1:
            return C.A_CARD + min(bad, key=lambda c: (d.card_value(c), c))
        return C.A_CONFIRM if d.can(C.A_CONFIRM) else d.cheapest_card()
    first = d.m.plan.get("guanxing_first", True)
    if v.indulged[0] and first:
        hearts = [c for c in cards if v.deck.suit[c] == C.SUIT_HEART]
        if hearts:
            d.m.plan["guanxing_first"] = False
            return C.A_CARD + hearts[0]
    d.m.plan["guanxing_first"] = False
    return d.best((d.card_value(c), C.A_CARD + c) for c in cards)


def _skill_target(d: Decision, sk: int):
    v = d.v
    stage = v.dnum[0]
    if sk == SK.SK_RENDE:
        return d.best_target(lambda r: -d.h[r] + (0.3 if r == v.lord else 0.0))
    if sk == SK.SK_JIEYIN:
        return d.best_target(lambda r: -d.h[r])
    if sk == SK.SK_FANJIAN:
        return d.best_target(lambda r: d.h[r] * (1.3 if v.hp[r] <= 1 else 1.0))
    if sk == SK.SK_LIJIAN:
        val, a, b = _lijian_plan(d)
        if stage == 1:
            d.m.plan["lijian_victim"] = b
            return d.best_target(lambda r: (2.0 if r == a else 0.0) - 0.4 * d.h[r])
        victim = d.m.plan.pop("lijian_victim", -1)
        return d.best_target(lambda r: (2.0 if r == victim else 0.0) + d.h[r])
    if sk == SK.SK_TUXI:
        def take(r):
            return d.h[r] * (1.0 + 0.1 * v.handn[r])
        ts = d.targets()
        best = max(ts, key=take) if ts else None
        if best is None or take(best) <= 0.25:
            return C.A_CONFIRM if d.can(C.A_CONFIRM) else C.A_PASS
        return C.A_TARGET + best
    if sk == SK.SK_YIJI:
        # give the card to oneself, or to a friend short of cards when holding plenty
        fr = [r for r in d.targets() if r != 0 and d.friend(r) and v.handn[r] <= 1]
        if fr and v.handn[0] > v.hp[0]:
            return C.A_TARGET + min(fr, key=lambda r: d.h[r])
        return C.A_TARGET + 0 if d.can(C.A_TARGET) else d.best_target(lambda r: -d.h[r])
    if sk == SK.SK_LIULI:
        return d.best_target(lambda r: d.slash_value(r))
    if sk == SK.SK_JIJIANG:
        return d.best_target(lambda r: d.slash_value(r))
    return None


def _skill_option(d: Decision, sk: int):
    v = d.v
    if sk == SK.SK_FANJIAN:                 # name the colour 周瑜's hand more likely holds
        red, black = _unseen_colors(d)
        return C.A_OPTION + (C.OPT_RED if red >= black else C.OPT_BLACK)
    if sk == SK.SK_GANGLIE:
        cheap = sorted(d.values().values())
        if v.hp[0] >= 3 and len(cheap) >= 2 and cheap[0] + cheap[1] >= 9.0:
            return C.A_OPTION + C.OPT_LOSE_HP
        if d.can(C.A_OPTION + C.OPT_DISCARD2) and len(cheap) >= 2:
            return C.A_OPTION + C.OPT_DISCARD2
        return C.A_OPTION + C.OPT_LOSE_HP
    return None


def _decide_skill(d: Decision):
    sk = d.v.decision_skill()
    dk = d.v.dk
    if dk == C.DK_SKILL_CARD:
        return _skill_card(d, sk)
    if dk == C.DK_SKILL_TARGET:
        return _skill_target(d, sk)
    return _skill_option(d, sk)


_HANDLERS = {
    C.DK_PLAY: _decide_play, C.DK_TARGET: _decide_target, C.DK_JINK: _decide_jink,
    C.DK_SLASH: _decide_slash, C.DK_PEACH: _decide_peach, C.DK_NULLIFY: _decide_nullify,
    C.DK_DISCARD: _decide_discard, C.DK_PICK: _decide_pick, C.DK_AG: _decide_ag,
    C.DK_CONFIRM: _decide_confirm, C.DK_DSWORDS: _decide_dswords, C.DK_SELECT: _decide_select,
    C.DK_KYLIN: _decide_kylin, C.DK_HERO: _decide_hero, C.DK_SKILL_CARD: _decide_skill,
    C.DK_SKILL_TARGET: _decide_skill, C.DK_SKILL_OPTION: _decide_skill,
    C.DK_ORDER: _decide_order, C.DK_WHO_ACTS: _decide_who_acts,
}
