"""Play one game between uniformly random agents and print a readable log.

    python -m heroes_env.demo                     # 5 players, the no-skill game, English
    heroes-demo                                   # the same (console script of the install)
    python -m heroes_env.demo --players 8 --lang zh --seed 7
    python -m heroes_env.demo --pack standard     # the 25 standard heroes, with the draft
    python -m heroes_env.demo --mode 3v3 --lang zh   # 3v3: two teams of three
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from . import env as make_env
from . import labels
from .cards import DECKS
from .cli import HelpFormatter, int_in, prog
from .config import DEFAULT_PACK, DEFAULTS, MODES, PACKS, Config, make_config
from .engine import constants as C
from .engine import content
from .heroes import HEROES


def game_config(pack: str = DEFAULT_PACK, **config_kw) -> Config:
    """The Config the demo plays: Config's keywords given (None: not given), Config's defaults for
    the rest."""
    return make_config(pack=pack, **{k: v for k, v in config_kw.items() if v is not None})


def offer_lines(g, lang: str = "en") -> list[str]:
    """One line per hero the pending hero choice offers: name, kingdom, HP, gender, skills (lord
    skills only when the lord chooses)."""
    out = []
    lord = g.role(g.decider) == labels.C.ROLE_LORD
    for h in labels.hero_choices(g.s, g.decider):
        info = HEROES[content.HEROES_BY_ID[h].key]
        sep = "：" if lang == "zh" else ": "
        skills = [s.name(lang) for s in info.skills if lord or not s.lord]
        out.append(info.summary(lang) + sep + ", ".join(skills))
    return out


def play(num_players: int | None = None, seed: int = 0, lang: str = "en",
         show_decisions: bool = True, max_rounds: int | None = None, out=print,
         pack: str = DEFAULT_PACK, mode: str | None = None, deck: str | None = None) -> dict:
    """One game of random agents through the AEC env, logging every event; returns a summary.
    None: Config's default (5 players, or 6 in 3v3; the pack's own deck)."""
    e = make_env(render_mode="ansi", lang=lang,
                 config=game_config(pack, num_players=num_players, max_rounds=max_rounds,
                                    mode=mode, deck=deck))
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    g = e.unwrapped.game
    seen = 0

    def flush():
        nonlocal seen
        for line in g.log_lines(lang, seen):
            out(line)
        seen = len(g.event_log)

    flush()
    out(g.render_text(lang))
    decisions = 0
    t0 = time.perf_counter()
    for _agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        if show_decisions:
            asked = labels.DECISION_NAMES[lang][g.decision_kind]
            if g.s[labels.C.H_DSKILL]:
                sk = labels.seat_skill(g.s, g.s[labels.C.H_DSKOWNER], g.s[labels.C.H_DSKILL])
                asked = f"{labels.skill_label(sk, lang)}: {asked}"
            who = labels.seat_name(g.decider, lang)
            if g.decision_kind == labels.C.DK_HERO:
                for line in offer_lines(g, lang):
                    out("    " + line)
            chooses = "选择" if lang == "zh" else "chooses"
            out(f"  > {who} [{asked}] {chooses} {g.action_to_str(action, lang)}")
        e.step(action)
        decisions += 1
        flush()
    dt = time.perf_counter() - t0
    out("")
    out(g.render_text(lang))
    rewards = g.rewards()
    summary = {"result": labels.RESULT_NAMES["en"][g.result], "rounds": g.rounds_played,
               "decisions": decisions, "seconds": dt, "config": e.unwrapped.config,
               "rewards": {f"player_{i}": float(r) for i, r in enumerate(rewards)}}
    result = labels.RESULT_NAMES[lang][g.result]
    scores = ", ".join(f"{labels.seat_name(i, lang)} {r:+.0f}" for i, r in enumerate(rewards))
    if lang == "zh":
        out(f"\n结果：{result}，共 {g.rounds_played} 轮，{decisions} 次决策")
        out("收益：" + scores)
    else:
        out(f"\nresult: {result} after {g.rounds_played} rounds, {decisions} agent decisions")
        out("rewards: " + scores)
    return summary


def main(argv=None):
    p = argparse.ArgumentParser(prog=prog("heroes_env.demo"), description=__doc__,
                                formatter_class=HelpFormatter)
    p.add_argument("--players", type=int_in(4, C.MAX_SEATS), default=None,
                   help="4 to 10 (default 5; 3v3: 6)")
    p.add_argument("--mode", choices=MODES, default=None, help="default identity")
    p.add_argument("--seed", type=int_in(), default=0)
    p.add_argument("--lang", choices=["en", "zh"], default="en")
    p.add_argument("--quiet-decisions", action="store_true",
                   help="log events only, not each choice")
    p.add_argument("--max-rounds", type=int_in(1, C.MAX_ROUNDS_LIMIT), default=None,
                   help=f"default {DEFAULTS['max_rounds']}")
    p.add_argument("--pack", choices=PACKS, default=DEFAULT_PACK,
                   help="hero pack: standard, herokill, classmates (with the hero draft); none = "
                        "the no-skill game")
    p.add_argument("--deck", choices=DECKS, default=None, help="default: the pack's own deck")
    a = p.parse_args(argv)
    try:
        game_config(a.pack, num_players=a.players, max_rounds=a.max_rounds, mode=a.mode,
                    deck=a.deck)
    except ValueError as e:
        p.error(str(e))
    play(a.players, a.seed, a.lang, not a.quiet_decisions, a.max_rounds, pack=a.pack, mode=a.mode,
         deck=a.deck)


if __name__ == "__main__":
    main()
