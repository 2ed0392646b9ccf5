"""Play one seat yourself against agents, in the terminal.

    python -m heroes_env.play --pack standard      # 5 players, standard heroes, a random seat
    python -m heroes_env.play --seat 0 --opponents random --seed 3 --lang zh  # the no-skill game
    python -m heroes_env.play --mode 3v3 --record game.json
    heroes-play --opponents heuristic trained:none5 --pack none

At each of your decisions you see the table in seating order (hero and skills, HP, hand size,
equipment, judgement zone, the roles you know), your hand, the decision, and the legal actions
numbered from 1. Type a number or a label (``slash``, ``target player_2``, ``pass``); ``h`` help,
``l`` the recent log, ``t`` the table again, ``? NAME`` what a hero or skill does (``? rende``,
``? 刘备``), ``q`` quit. At the draft each offered hero shows its kingdom, HP, gender and skills
with their texts; a hero may be picked by its number, key (``liubei``) or name. The other seats'
moves appear as log lines, showing only what your seat may see (``--reveal`` shows everything, for
debugging).

Input may be piped, one line per decision; at the end of the input the game stops with a message
(and exit status 0). ``--record FILE`` writes the game (``heroes_env.record``; a stopped game is
written too, without a result) for ``python -m heroes_env.replay FILE``. ``--web PORT`` plays
the same game in the browser instead (``heroes_env.webplay``).
"""
from __future__ import annotations

import argparse
import os
import re
import sys

import numpy as np

from . import labels
from .agents.trained import shipped_checkpoints
from .cli import HelpFormatter, int_in, one_line, prog
from .config import DEFAULT_PACK, DEFAULTS, MODES, PACKS, Config
from .demo import game_config
from .engine import constants as C
from .engine import content
from .heroes import HEROES, lookup
from .record import GameRecorder, RecordError, RecordWriter
from .table import context_text, hero_card, role_name, table_view

RECENT = 20          # log lines shown by "l"
MAX_INPUT = 200      # characters of an input line read (the rest is dropped)

WORDS = {
    "en": {"you": "you", "hand": "hand", "equip": "equip", "judge": "judge", "pile": "pile",
           "dead": "dead", "deck": "deck", "discard": "discard", "round": "round",
           "your_hand": "your hand", "looking": "you look at", "table": "on the table",
           "choose": "your choice", "bad": "not a legal choice",
           "legal": "choose 1 to {k}, a label, or h / l / t / ? NAME / q",
           "eof": "end of input: the game stops here (not finished)",
           "quit": "you quit: the game stops here (not finished)", "result": "result",
           "reward": "your reward", "roles": "every seat", "recent": "recent log", "saved":
           "record written to", "you_are": "you are", "skills": "skills",
           "nothing": "(nothing yet)"},
    "zh": {"you": "你", "hand": "手牌", "equip": "装备", "judge": "判定区", "pile": "武将牌上",
           "dead": "阵亡", "deck": "牌堆", "discard": "弃牌堆", "round": "第{r}轮",
           "your_hand": "你的手牌", "looking": "你正在观看", "table": "桌上",
           "choose": "你的选择", "bad": "不是合法的选择",
           "legal": "输入 1 到 {k}、动作名，或 h / l / t / ? 名称 / q",
           "eof": "输入结束：游戏在此停止（未完成）", "quit": "你退出了：游戏在此停止（未完成）",
           "result": "结果", "reward": "你的收益", "roles": "各座位", "recent": "最近的记录",
           "saved": "记录已写入", "you_are": "你是", "skills": "技能",
           "nothing": "（暂无）"},
}

HELP = {
    "en": """Answer with the number of a legal action (1 = the first), or its label as shown
(case does not matter; a card's name alone picks the first such card, e.g. "jink"; a skill or
an offered hero may be named by its key or name, e.g. "rende", "liubei", "Liu Bei").
  h  this help         l  the recent log (what you saw)
  t  the table again   ? NAME  what a hero or skill does (? rende, ? Zhuge Liang, ? 观星)
  q  quit (the game stops; --record still writes it)""",
    "zh": """输入合法动作的编号（1 为第一个），或其名称（如"闪"、"目标 2号位"、"放弃"；
技能与可选武将也可用拼音键名或名字，如"仁德"、"liubei"）。
  h  帮助        l  最近的记录（你看到的）
  t  再看牌桌    ? 名称  查看武将或技能的说明（? 仁德、? 诸葛亮、? guanxing）
  q  退出（游戏停止；--record 仍会写入记录）""",
}


class Style:
    """ANSI colours, or nothing when the output is not a terminal."""

    def __init__(self, on: bool):
        self.on = on

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.on else text

    def bold(self, t):
        return self(t, "1")

    def dim(self, t):
        return self(t, "2")

    def red(self, t):
        return self(t, "31")

    def green(self, t):
        return self(t, "32")

    def yellow(self, t):
        return self(t, "33")

    def cyan(self, t):
        return self(t, "36")


class Console:
    """Where a game with a person is shown and answered: the input and output streams (default:
    the process's) and whether to colour the output (default: when it is a terminal and
    ``NO_COLOR`` is unset). Input that is not a terminal is echoed, so a transcript reads whole."""

    def __init__(self, stdin=None, stdout=None, color: bool | None = None):
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        if color is None:
            color = (hasattr(self.stdout, "isatty") and self.stdout.isatty()
                     and not os.environ.get("NO_COLOR"))
        self.style = Style(bool(color))
        self.echo = not (hasattr(self.stdin, "isatty") and self.stdin.isatty())


class Session:
    """One game with a person in `seat` (the object behind ``main``; tests drive it directly)."""

    def __init__(self, config: Config, seat: int, opponents=("heuristic",), seed: int | None = None,
                 lang: str = "en", reveal: bool = False, record: str | None = None,
                 console: Console | None = None, trust_pickles: bool = False):
        from heroes_env.agents import make_agent
        from heroes_env.agents.base import trust_kwargs
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint32)[0])
        self.seed = int(seed)
        n = config.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0 to {n - 1} for {n} players, got {seat}")
        self.seat = seat
        self.lang = lang
        self.w = WORDS[lang]
        self.colon = "：" if lang == "zh" else ": "
        self.reveal = reveal
        self.console = console if console is not None else Console()
        self.st = self.console.style
        specs = list(opponents) or ["heuristic"]
        self.specs = {}
        self.agents = {}
        others = [s for s in range(n) if s != seat]
        for j, s in enumerate(others):
            spec = specs[j % len(specs)]
            self.specs[s] = spec
            self.agents[s] = make_agent(spec, **trust_kwargs(spec, trust_pickles))
            check_table = getattr(self.agents[s], "check_table", None)
            if check_table is not None:
                check_table(config)
        for s, a in self.agents.items():      # the same seed and input: the same game
            a.reset(seed=int(np.random.SeedSequence([self.seed, 2, s]).generate_state(1)[0]))
        meta = {"human_seat": seat, "agents": {str(s): spec for s, spec in self.specs.items()}}
        self.rec = GameRecorder(config, seed=self.seed, log=True, meta=meta)
        self.g = self.rec.game
        self.record_path = record
        self.log_seen = 0
        self.log: list[str] = []         # every line shown so far (for "l")
        self.stopped = None

    # ------------------------------------------------------------ output
    def out(self, text: str = "") -> None:
        self.console.stdout.write(text + "\n")
        self.console.stdout.flush()

    def viewer(self):
        return None if self.reveal else self.seat

    def flush_log(self) -> None:
        g = self.g
        lines = g.log_lines(self.lang, self.log_seen, self.viewer())
        self.log_seen = len(g.event_log)
        for line in lines:
            self.log.append(line)
            self.out(self.st.dim("  " + line) if not line.startswith(("---", "——"))
                     else self.st.cyan(line))

    def seat_line(self, v: dict, st: dict) -> str:
        L, w, S = self.lang, self.w, self.st
        seat = st["seat"]
        me = seat == self.seat
        name = labels.seat_name(seat, L) + (f" ({w['you']})" if me else "")
        mark = ">" if seat == v["current"] and not v["done"] else " "
        hero = hero_card(st["hero"]) if st["hero"] >= 0 else None
        hname = hero[L] if hero else "-"
        role = role_name(st["role"], L)
        head = f"{mark} {name:<14} {hname:<12} [{role}]"
        if not st["alive"]:
            return S.dim(f"{head} {w['dead']}")
        hp = f"HP {st['hp']}/{st['maxhp']}" if L == "en" else f"体力 {st['hp']}/{st['maxhp']}"
        hp = S.red(hp) if st["hp"] <= 1 else S.green(hp)
        cards = lambda ids: ", ".join(self.g.card_name(c, L) for c in ids) or "-"  # noqa: E731
        parts = [hp, f"{w['hand']} {st['handn']}", f"{w['equip']}{self.colon}{cards(st['equip'])}",
                 f"{w['judge']}{self.colon}{cards(st['judge'])}"]
        if st["pile"]:
            parts.append(f"{w['pile']}{self.colon}{cards(st['pile'])}")
        if st["hand"] is not None and not me:
            parts.append(f"({cards(st['hand'])})")
        line = f"{head} " + " | ".join(parts)
        if hero and hero["skills"]:
            sk = ", ".join(x[L] for x in hero["skills"]
                           if not x["lord"] or st["role"] == C.ROLE_LORD)
            line += "\n" + " " * 17 + S.dim(f"{w['skills']}{self.colon}{sk}")
        return S.bold(line) if me else line

    def show_table(self) -> None:
        g, L, w = self.g, self.lang, self.w
        v = table_view(g, self.viewer())
        rnd = f"{w['round']} {v['round']}" if L == "en" else w["round"].format(r=v["round"])
        self.out("")
        self.out(self.st.bold(f"{rnd} · {labels.PHASE_NAMES[L][v['phase']]} · {w['deck']} "
                              f"{v['deck']} · {w['discard']} {v['discard']}"))
        by = {st["seat"]: st for st in v["seats"]}
        for seat in v["order"]:
            self.out(self.seat_line(v, by[seat]))
        if v["table"]:
            self.out(f"{w['table']}{self.colon}" + ", ".join(g.card_name(c, L) for c in v["table"]))
        hand = by[self.seat]["hand"] or []
        self.out(self.st.bold(f"{w['your_hand']}{self.colon}") +
                 (", ".join(self.card(c) for c in hand) or "-"))
        if v["look"]:
            self.out(f"{w['looking']}{self.colon}" + ", ".join(self.card(c) for c in v["look"]))

    def card(self, c: int) -> str:
        name = self.g.card_name(c, self.lang)
        return self.st.red(name) if self.g.deck[c].suit in (C.SUIT_HEART, C.SUIT_DIAMOND) else name

    def show_decision(self) -> list[int]:
        g, L = self.g, self.lang
        v = table_view(g, self.seat)
        dec = v["decision"]
        ctx = context_text(g, dec, L)
        self.out(self.st.yellow(g.describe_decision(L) +
                                (f"  ({ctx})" if ctx else "")))
        legal = [a for a, _, _ in dec["legal"]]
        offer = labels.hero_choices(g.s, g.decider) if dec["kind"] == C.DK_HERO else []
        lord = g.role(g.decider) == C.ROLE_LORD
        for i, (a, en, zh) in enumerate(dec["legal"], 1):
            self.out(f"  {i:>2}. {en if L == 'en' else zh}")
            j = a - C.A_HERO
            if 0 <= j < len(offer):
                self.show_hero(offer[j], lord, indent=6)
        return legal

    def show_hero(self, h: int, lord: bool, indent: int = 2) -> None:
        """An offered hero: kingdom, HP, gender, then each skill's name and text (its lord skills
        only for the lord: nobody else gets them)."""
        info = HEROES[content.HEROES_BY_ID[h].key]
        pad = " " * indent
        self.out(pad + self.st.dim(info.summary(self.lang, with_name=False)))
        for sk in info.skills:
            if lord or not sk.lord:
                self.out(pad + "  " + self.st.dim(sk.describe(self.lang)))

    def explain(self, name: str) -> None:
        """``? NAME``: a hero's or skill's description, or what the name could have meant."""
        try:
            self.out(lookup(name).describe(self.lang))
        except ValueError as e:
            self.out(str(e))

    # ------------------------------------------------------------ input
    def ask(self, legal: list[int]):
        """The action the person chooses, or None if the game stops (quit, end of input)."""
        g, w = self.g, self.w
        while True:
            self.console.stdout.write(f"{w['choose']} [1-{len(legal)}]{self.colon}")
            self.console.stdout.flush()
            try:
                line = self.console.stdin.readline()
            except UnicodeDecodeError:
                self.out(f"{w['bad']}{self.colon}" + w["legal"].format(k=len(legal)))
                continue
            if not line:
                self.out("")
                self.out(w["eof"])
                self.stopped = "eof"
                return None
            text = "".join(ch for ch in line if ch.isprintable()).strip()[:MAX_INPUT]
            if self.console.echo:
                self.out(text)
            if not text:                            # an empty line: the question again
                continue
            low = text.lower()
            if low in ("q", "quit", "exit"):
                self.out(w["quit"])
                self.stopped = "quit"
                return None
            if low in ("h", "help", "?"):
                self.out(HELP[self.lang])
                continue
            if text.startswith(("?", "？")):
                self.explain(text[1:].strip())
                continue
            if low in ("l", "log"):
                self.out(f"-- {w['recent']} --")
                for x in self.log[-RECENT:] or [w["nothing"]]:
                    self.out("  " + x)
                continue
            if low in ("t", "table"):
                self.show_table()
                self.show_decision()
                continue
            if re.fullmatch(r"[0-9]+", text):        # ASCII digits only (not ², not ٣)
                k = int(text) if len(text) <= 6 else 0
                if 1 <= k <= len(legal):
                    return legal[k - 1]
                self.out(f"{w['bad']}{self.colon}{text!r}; " + w["legal"].format(k=len(legal)))
                continue
            try:
                return labels.match_action(text, legal, g.deck, g.decider, g.num_players, g.s)
            except ValueError:
                self.out(f"{w['bad']}{self.colon}{text!r}; " + w["legal"].format(k=len(legal)))

    # ------------------------------------------------------------ the game
    def agent_step(self) -> None:
        """The deciding seat's agent answers (the deciding seat is not the person's)."""
        from heroes_env.agents.base import act_at_table
        agent = self.agents[self.g.decider]
        action = int(act_at_table(agent, self.g))       # a search agent gets its worlds
        self.rec.step(action, agent.take_transcript())      # a language model's prompt, reply

    def run(self) -> int:
        """Play to the end, a quit or the end of input; the record (``record``) is written
        whichever way the game stops, Ctrl-C and errors included."""
        code = 0
        try:
            code = self._run()
        finally:
            if self.record_path:
                try:
                    path = RecordWriter(self.record_path).write(self.rec.record)
                    self.out(f"{self.w['saved']} {path}")
                except (OSError, RecordError) as e:
                    print(f"error: cannot write the record to {self.record_path}: "
                          f"{one_line(e)}", file=sys.stderr)
                    code = 2
        return code

    def _run(self) -> int:
        g, L = self.g, self.lang
        hero_note = f"{self.w['you_are']} {labels.seat_name(self.seat, L)}"
        self.out(self.st.bold(hero_note) + f" (seed {self.seed})")
        self.flush_log()
        while not g.done:
            d = g.decider
            if d == self.seat:
                self.show_table()
                legal = self.show_decision()
                a = self.ask(legal)
                if a is None:
                    break
                self.rec.step(a)
            else:
                self.agent_step()
            self.flush_log()
        if g.done:
            self.end_screen()
        return 0

    def end_screen(self) -> None:
        g, L, w = self.g, self.lang, self.w
        self.out("")
        self.out(self.st.bold(f"{w['result']}{self.colon}{labels.RESULT_NAMES[L][g.result]}"))
        self.out(f"-- {w['roles']} --")
        rewards = g.rewards()
        v = table_view(g, None)
        for st in v["seats"]:
            seat = st["seat"]
            hero = hero_card(st["hero"]) if st["hero"] >= 0 else None
            alive = "" if st["alive"] else f" ({w['dead']})"
            me = f" ({w['you']})" if seat == self.seat else ""
            self.out(f"  {labels.seat_name(seat, L)}{me}{self.colon}{role_name(st['role'], L)}"
                     f"{' ' + hero[L] if hero else ''}{alive}  {rewards[seat]:+.0f}")
        r = float(rewards[self.seat])
        text = f"{w['reward']}{self.colon}{r:+.0f}"
        self.out(self.st.bold(self.st.green(text) if r > 0
                              else self.st.red(text) if r < 0 else text))


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog=prog("heroes_env.play"), description=__doc__,
                                formatter_class=HelpFormatter)
    p.add_argument("--seat", default="random",
                   help="your seat: 0 to players-1, or random (default)")
    p.add_argument("--players", type=int_in(4, C.MAX_SEATS), default=None,
                   help="4 to 10 (default 5; 3v3: 6)")
    p.add_argument("--mode", choices=MODES, default=None, help="default identity")
    p.add_argument("--pack", choices=PACKS, default=DEFAULT_PACK,
                   help="hero pack: standard, herokill, classmates (with the draft); none = the "
                        "no-skill game")
    p.add_argument("--deck", default=None, help="standard, standard_no_ex or herokill (default: "
                                                "the pack's own)")
    p.add_argument("--opponents", nargs="+", default=["heuristic"], metavar="SPEC",
                   help="agents for the other seats (heroes_env.agents.make_agent specs: "
                        "heuristic, random, the trained agents "
                        + ", ".join(f"trained:{name}" for name in sorted(shipped_checkpoints()))
                        + ", a checkpoint file, module:Class, llm:MODEL@BASE_URL), used in "
                        "turn; default heuristic")
    p.add_argument("--seed", type=int_in(0), default=None,
                   help="the game's seed, an int >= 0 (default: drawn)")
    p.add_argument("--lang", choices=["en", "zh"], default="en")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="write the game record here (.json, or appended to .jsonl)")
    p.add_argument("--reveal", action="store_true", help="show every hand, role and move")
    p.add_argument("--max-rounds", type=int_in(1, C.MAX_ROUNDS_LIMIT), default=None,
                   help=f"default {DEFAULTS['max_rounds']}")
    p.add_argument("--no-autoplay", action="store_true",
                   help="ask you even when only one action is legal")
    p.add_argument("--trust-pickles", action="store_true",
                   help="trust the model and agent files named: .zip models load with their "
                        "pickled parts, agent .json files may import code and name any file "
                        "(runs code from the files: only for files you trust; "
                        "docs/security.md)")
    p.add_argument("--web", type=int_in(0, 65535), default=None, metavar="PORT",
                   help="play in the browser instead: serve the game on http://127.0.0.1:PORT/ "
                        "(0: any free port); open the URL it prints, which carries the token "
                        "every request needs (heroes_env.webplay, docs/security.md)")
    return p, p.parse_args(argv)


def main(argv=None, stdin=None, stdout=None) -> int:
    p, a = parse_args(argv)
    try:
        config = game_config(a.pack, num_players=a.players, mode=a.mode, deck=a.deck,
                             max_rounds=a.max_rounds,
                             autoplay=False if a.no_autoplay else None)
    except ValueError as e:
        p.error(str(e))
    seed = a.seed if a.seed is not None else int(
        np.random.SeedSequence().generate_state(1, np.uint32)[0])
    n = config.num_players
    if a.seat == "random":
        seat = int(np.random.default_rng([seed, 1]).integers(n))
    else:
        try:
            seat = int(a.seat)
        except ValueError:
            p.error(f"--seat must be a number from 0 to {n - 1} or 'random', got {a.seat!r}")
        if not 0 <= seat < n:
            p.error(f"--seat must be 0 to {n - 1} for {n} players, got {seat}")
    from heroes_env.agents import AgentSpecError, make_agent
    from heroes_env.agents.base import trust_kwargs
    for spec in a.opponents:
        try:
            make_agent(spec, **trust_kwargs(spec, a.trust_pickles))
        except AgentSpecError as e:
            p.error(str(e))
    if a.record:
        try:                           # now, not when the game is over
            RecordWriter(a.record)
            folder = os.path.dirname(os.path.abspath(a.record))
            if os.path.isdir(a.record) and a.record.endswith((".json", ".jsonl")):
                raise IsADirectoryError(f"{a.record} is a folder")
            if not os.access(folder, os.W_OK):
                raise PermissionError(f"cannot write in {folder}")
        except OSError as e:
            p.error(f"--record {a.record!r}: cannot write the record there ({e})")
    s = Session(config, seat, a.opponents, seed, a.lang, a.reveal, a.record,
                Console(stdin, stdout), trust_pickles=a.trust_pickles)
    if a.web is not None:
        from .webplay import serve
        return serve(s, a.web)
    try:
        return s.run()
    except KeyboardInterrupt:
        s.out("")
        s.out(s.w["quit"])
        return 0


if __name__ == "__main__":
    sys.exit(main())
