"""Game records as chat-format JSONL for fine-tuning a language model on chosen actions.

    python -m heroes_env.agents.llm_data records/ sft.jsonl --agent heuristic --winners
    python -m heroes_env.agents.llm_data records/ llm.jsonl --transcripts

Each record (``heroes_env.record``: a .json, a .jsonl or a directory) is re-simulated; at every
kept decision the seat's observation becomes the same messages an ``LLMAgent`` is sent (the
system prompt of its role, the view and the numbered choices: ``heroes_env.agents.llm``) and the
action the record holds becomes the assistant's answer, its number. One JSON object a line:

    {"messages": [{"role": "system", ...}, {"role": "user", ...}, {"role": "assistant",
     "content": "3"}], "action": 57, "label": "Slash ♠7 (in your hand)", "game": 0,
     "decision": 12, "seat": 2, "agent": "heuristic", "reward": 1, "source": "records/..."}

Kept: decisions with two or more legal actions, of the seats whose agent label (the record's
``meta["seats"]``, as a tournament writes it) is one of ``--agent`` (default: every seat), of
the seats in ``--seats``, of winning seats only with ``--winners``. ``--transcripts`` keeps the
decisions a language model answered itself (not its fallbacks), with its own final reply as the
answer.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator

from heroes_env.cli import one_line, prog
from heroes_env.record import GameRecord, RecordError, load_records

from .llm import system_prompt, user_prompt


def _agent_of(rec: GameRecord, seat: int) -> str | None:
    seats = rec.meta.get("seats") if isinstance(rec.meta, dict) else None
    if isinstance(seats, list) and 0 <= seat < len(seats):
        return str(seats[seat])
    agents = rec.meta.get("agents") if isinstance(rec.meta, dict) else None   # heroes_env.play
    if isinstance(agents, dict):
        return str(agents.get(str(seat), "human"))
    return None


def _won(rewards, seat: int) -> bool:
    reward = rewards[seat] if isinstance(rewards, list) and 0 <= seat < len(rewards) else None
    return isinstance(reward, (int, float)) and not isinstance(reward, bool) and reward > 0


def record_to_chat(rec: GameRecord, game: int = 0, agents: Iterable[str] | None = None,
                   seats: Iterable[int] | None = None, winners: bool = False,
                   transcripts: bool = False, lang: str = "en", source: str = "") -> Iterator[dict]:
    """The chat-format examples of one record (module docstring)."""
    agents = None if agents is None else set(agents)
    seats = None if seats is None else {int(seat) for seat in seats}
    by_decision = ({transcript["decision"]: transcript for transcript in rec.transcripts}
                   if transcripts else {})
    rewards = rec.rewards or []
    out: list[dict] = []

    def keep(seat: int) -> bool:
        if seats is not None and seat not in seats:
            return False
        if agents is not None and _agent_of(rec, seat) not in agents:
            return False
        return not winners or _won(rewards, seat)

    def on_decision(decision, replayed, seat, action):
        if not keep(seat) or (transcripts and (decision not in by_decision
                                               or by_decision[decision].get("fallback"))):
            return
        obs, mask = replayed.observe_with_mask(seat)
        msg, ch, decoded = user_prompt(obs, mask, lang, rec.config.deck)
        if len(ch) < 2:
            return
        number = [a for a, _ in ch].index(action) + 1
        answer = str(number)
        if transcripts:                    # (a record from elsewhere: only strings are taken)
            transcript = by_decision[decision]
            if isinstance(transcript.get("prompt"), str) and transcript["prompt"]:
                msg = transcript["prompt"]
            replies = transcript.get("replies")
            if isinstance(replies, list) and replies and isinstance(replies[-1], str):
                answer = replies[-1]
        out.append({"messages": [{"role": "system", "content": system_prompt(decoded.role, lang)},
                                 {"role": "user", "content": msg},
                                 {"role": "assistant", "content": answer}],
                    "action": int(action), "label": ch[number - 1][1], "game": game,
                    "decision": decision, "seat": seat, "agent": _agent_of(rec, seat),
                    "reward": (rewards[seat] if isinstance(rewards, list) and seat < len(rewards)
                               else None), "source": source})

    rec.replay(on_decision=on_decision, log=False)
    yield from out


def records_to_jsonl(path: str, out_path: str, **options) -> int:
    """Write the examples of every record under path to out_path (options: ``record_to_chat``'s);
    returns how many."""
    records = load_records(path)
    n = 0
    with open(out_path, "w", encoding="utf-8") as f:
        for i, rec in enumerate(records):
            for row in record_to_chat(rec, i, source=str(path), **options):
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
                n += 1
    return n


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog=prog("heroes_env.agents.llm_data"), description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("records", help="a record file (.json, .jsonl) or a directory of them")
    p.add_argument("out", help="the JSONL file to write")
    p.add_argument("--agent", nargs="+", default=None, metavar="LABEL",
                   help="keep the seats of these agents (tournament labels, e.g. heuristic)")
    p.add_argument("--seats", nargs="+", type=int, default=None, help="keep these seats")
    p.add_argument("--winners", action="store_true", help="keep winning seats only")
    p.add_argument("--transcripts", action="store_true",
                   help="keep a language model's own answered decisions, with its replies")
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    a = p.parse_args(argv)
    try:
        n = records_to_jsonl(a.records, a.out, agents=a.agent, seats=a.seats,
                             winners=a.winners, transcripts=a.transcripts, lang=a.lang)
    except (RecordError, OSError) as e:
        print(f"error: {one_line(e)}", file=sys.stderr)
        return 2
    print(f"wrote {n} examples to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
