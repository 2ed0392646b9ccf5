"""One game of a tournament: ``play_game`` plays it with ``heroes_env.Game``, each seat asking its
agent; ``game_record`` is what a finished game leaves (the fields ``summarize`` reads);
``GamePlayer`` plays game number i of a tournament with one agent per seat, kept from game to
game; ``write_record`` writes a game's decisions as a replayable record (``--record``)."""
from __future__ import annotations

from heroes_env import Config, Game

from ..base import act_at_table, make_agent, trust_kwargs
from .config import ALL_ROLE_NAMES, RESULT_NAMES, TournamentConfig, seat_seeds, seating

# the keys of a game's decisions and agents' transcripts in a worker's result (only with
# --record; removed before the result is kept or written to the games file)
DECISIONS_KEY = "_decisions"
TRANSCRIPTS_KEY = "_transcripts"
_RESULT_IDS = {v: k for k, v in RESULT_NAMES.items()}     # result name -> RES_*


def game_record(game: Game, asked: int) -> dict:
    """The fields of a finished game's record (see ``summarize``); asked: agent decisions."""
    n = game.num_players
    heroes = [game.hero(s).key if game.hero(s) is not None else None for s in range(n)]
    return {"roles": [ALL_ROLE_NAMES[game.role(s)] for s in range(n)], "heroes": heroes,
            "result": RESULT_NAMES[game.result], "rewards": [int(x) for x in game.rewards()],
            "alive": [int(game.alive(s)) for s in range(n)], "rounds": game.round,
            "decisions": asked}


def play_game(config: Config, seat_agents, seed: int, agent_seeds=None, decisions=None,
              transcripts=None) -> dict:
    """Play one game: seat s is controlled by seat_agents[s] (reset first, with agent_seeds[s]).
    Returns the game's record (see ``summarize`` for the fields). decisions: a list to append
    [seat, action, label] to for every decision (``heroes_env.record``); transcripts: a list to
    append the agents' transcripts to ({"decision": k, "seat": s, ...}:
    ``Agent.take_transcript``)."""
    g = Game.new(config, seed=seed)
    for s, a in enumerate(seat_agents):
        a.reset(seed=None if agent_seeds is None else agent_seeds[s])
    asked = 0
    while not g.done:
        seat = g.decider
        a = act_at_table(seat_agents[seat], g)
        if transcripts is not None:
            note = seat_agents[seat].take_transcript()
            if note is not None:
                transcripts.append({"decision": asked, "seat": seat, **note})
        if decisions is not None:
            decisions.append([seat, int(a), g.action_to_str(int(a))])
        g.step(a, seat)
        asked += 1
    return game_record(g, asked)


class GamePlayer:
    """Plays games of one tournament (in a worker process or in the caller's)."""

    def __init__(self, cfg: TournamentConfig, record: bool = False):
        self.cfg = cfg
        self.config = cfg.game_config()
        self.record = record     # --record: each game's decisions go back with its result
        self.instances = {}      # (seat, agent index) -> agent: one per seat, reused each game

    def agent(self, seat: int, j: int):
        key = (seat, j)
        if key not in self.instances:
            spec = self.cfg.agents[j]
            agent = make_agent(spec, **trust_kwargs(spec, self.cfg.trust_pickles))
            check_table = getattr(agent, "check_table", None)
            if check_table is not None:
                check_table(self.config)
            self.instances[key] = agent
        return self.instances[key]

    def play(self, i: int) -> dict:
        cfg = self.cfg
        who = seating(cfg, i)
        seed, agent_seeds = seat_seeds(cfg, i)
        decisions = [] if self.record else None
        transcripts = [] if self.record else None
        agents = [self.agent(s, j) for s, j in enumerate(who)]
        before = [a.usage() for a in agents]
        rec = play_game(self.config, agents, seed, agent_seeds, decisions, transcripts)
        out = {"game": i, "seed": seed, "seats": [cfg.labels[j] for j in who], **rec}
        usage: dict = {}                 # what the agents spent in this game, per label
        for j, a, b in zip(who, agents, before, strict=True):
            after = a.usage()
            if after is not None:
                u = usage.setdefault(cfg.labels[j], {})
                for k, v in after.items():
                    u[k] = round(u.get(k, 0) + v - (b or {}).get(k, 0), 6)
        if usage:
            out["usage"] = usage
        if decisions is not None:
            out[DECISIONS_KEY] = decisions
            out[TRANSCRIPTS_KEY] = transcripts
        return out


def write_record(record_dir: str, config: Config, rec: dict, decisions: list,
                 transcripts: list | None = None) -> None:
    """The game as a replayable record (``heroes_env.record``): <record_dir>/game_<i>.json."""
    from heroes_env import labels as _labels
    from heroes_env.game import engine_seed
    from heroes_env.record import GameRecord, RecordWriter
    g = GameRecord(config, engine_seed(rec["seed"]), rec["seed"], decisions,
                   result=_labels.RESULT_NAMES["en"][_RESULT_IDS[rec["result"]]],
                   rewards=rec["rewards"], rounds=rec["rounds"],
                   meta={"game": rec["game"], "seats": rec["seats"]},
                   transcripts=list(transcripts or []))
    RecordWriter(record_dir).write(g, f"game_{rec['game']:06d}.json")
