"""Win-rate intervals and multi-team ratings for tournaments.

``wilson(wins, n)`` is the Wilson score interval (95% by default). A rating system rates
*agents* from games between *sides*: in an identity game the sides are the lord with his
loyalists, the rebels, and each renegade alone; the winning side ranks first and every other
side ties second (drawn and truncated games are not rated). Every seat enters the update with its
agent's rating; an agent holding several seats of one game (on one side or on several) then moves
by the mean of its seats' updates, re-centred so that the seat-weighted mean update of a game is
zero (self-play changes nothing; with unequal sides the raw updates would make every agent drift).

Two systems: ``OpenSkillRatings`` (Weng-Lin Plackett-Luce from the ``openskill`` package, the
default when it is installed) and ``EloRatings``, our own multi-team Elo used when openskill is
missing: a side's rating is the mean of its seats' ratings; every pair of sides with different
ranks is one Elo game (expected score 1 / (1 + 10^((R_other - R_side) / 400))); a seat's update
is K times the sum over the sides it met of (score - expected), divided by the number of those
sides; K = 24, start 1500.
"""
from __future__ import annotations

import math

from heroes_env.cli import install_hint

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z_score: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion wins / n ((0, 1) when n == 0); z_score: the normal
    quantile of the interval's level (Z95: 95%)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z_score * z_score
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z_score * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class _Ratings:
    name = "?"

    def __init__(self, agents):
        self.agents = list(agents)

    def rate(self, teams: list[list[str]], ranks: list[int]) -> None:
        """teams: per side, the agent label of each of its seats; ranks: 1 = won."""
        updates = self._updates(teams, ranks)        # per side, per seat: (d mu, new sigma)
        dmu: dict[str, list[float]] = {}
        sig: dict[str, list[float]] = {}
        for t, ut in zip(teams, updates, strict=True):
            for a, (d, sigma) in zip(t, ut, strict=True):
                dmu.setdefault(a, []).append(d)
                sig.setdefault(a, []).append(sigma)
        mean = {a: sum(ds) / len(ds) for a, ds in dmu.items()}
        seats = sum(len(ds) for ds in dmu.values())
        centre = sum(mean[a] * len(dmu[a]) for a in dmu) / seats
        for a in dmu:
            self._apply(a, mean[a] - centre, sum(sig[a]) / len(sig[a]))

    def _updates(self, teams, ranks):
        raise NotImplementedError

    def _apply(self, agent, dmu, sigma):
        raise NotImplementedError

    def table(self) -> dict:
        raise NotImplementedError


class OpenSkillRatings(_Ratings):
    name = "openskill PlackettLuce"

    def __init__(self, agents):
        super().__init__(agents)
        from openskill.models import PlackettLuce
        self.model = PlackettLuce()
        self.r = {a: (self.model.mu, self.model.sigma) for a in self.agents}

    def _updates(self, teams, ranks):
        entries = [[self.model.rating(mu=self.r[a][0], sigma=self.r[a][1]) for a in t]
                   for t in teams]
        new = self.model.rate(entries, ranks=ranks)
        return [[(x.mu - self.r[a][0], x.sigma) for a, x in zip(t, nt, strict=True)]
                for t, nt in zip(teams, new, strict=True)]

    def _apply(self, agent, dmu, sigma):
        self.r[agent] = (self.r[agent][0] + dmu, sigma)

    def table(self):
        return {a: {"mu": round(mu, 3), "sigma": round(sigma, 3),
                    "ordinal": round(mu - 3 * sigma, 3)} for a, (mu, sigma) in self.r.items()}


class EloRatings(_Ratings):
    name = "elo-teams (built-in)"
    K = 24.0
    START = 1500.0

    def __init__(self, agents):
        super().__init__(agents)
        self.r = {a: self.START for a in self.agents}

    def _updates(self, teams, ranks):
        means = [sum(self.r[a] for a in t) / len(t) for t in teams]
        out = []
        for i, t in enumerate(teams):
            total, met = 0.0, 0
            for j in range(len(teams)):
                if j == i or ranks[i] == ranks[j]:
                    continue
                expected = 1.0 / (1.0 + 10 ** ((means[j] - means[i]) / 400.0))
                score = 1.0 if ranks[i] < ranks[j] else 0.0
                total += score - expected
                met += 1
            d = self.K * total / met if met else 0.0
            out.append([(d, 0.0) for _ in t])
        return out

    def _apply(self, agent, dmu, sigma):
        self.r[agent] += dmu

    def table(self):
        return {a: {"elo": round(r, 2)} for a, r in self.r.items()}


def make_ratings(agents, system: str = "auto") -> _Ratings:
    """system: "openskill", "elo", or "auto" (openskill if installed, else elo)."""
    if system not in ("auto", "openskill", "elo"):
        raise ValueError(f"rating system must be 'auto', 'openskill' or 'elo', got {system!r}")
    if system in ("auto", "openskill"):
        try:
            return OpenSkillRatings(agents)
        except ImportError:
            if system == "openskill":
                raise ImportError("rating system 'openskill' needs the openskill package: "
                                  f"{install_hint('tournament')} (or use --rating elo)") from None
    return EloRatings(agents)


def rating_key(entry: dict) -> float:
    """A sortable number of a rating table entry (openskill ordinal or Elo)."""
    return entry.get("ordinal", entry.get("elo", 0.0))
