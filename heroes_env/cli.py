"""What the command-line tools tell a user about themselves: the command as it was run, and the
install command that fits how heroes_env was installed."""
from __future__ import annotations

import argparse
import copy
import os
import pathlib
import sys

# the console scripts of pyproject.toml and the modules they run
SCRIPTS = {"heroes_env.demo": "heroes-demo", "heroes_env.agents.tournament": "heroes-tournament",
           "heroes_env.play": "heroes-play", "heroes_env.replay": "heroes-replay"}


def prog(module: str) -> str:
    """The command the user ran: the console script (``heroes-demo``) or ``python -m module``."""
    script = SCRIPTS.get(module)
    argv0 = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if script and argv0.removesuffix(".exe").removesuffix("-script.py") == script:
        return script
    return f"python -m {module}"


def from_checkout() -> bool:
    """heroes_env is imported from a source checkout (pip install -e ., or run in place)."""
    return (pathlib.Path(__file__).resolve().parent.parent / "pyproject.toml").is_file()


def install_hint(extra: str) -> str:
    """The pip command that installs an optional extra (train, tournament, dev, bench)."""
    if from_checkout():
        return f'pip install -e ".[{extra}]"'
    return f'pip install "heroes_env[{extra}]"'


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The command-line tools' ``--help``: the description as written, and every option's
    default after its help ("(default: X)"), unless the help already says it in words (a default
    that depends on other options) or the option is a flag or has no default."""

    @staticmethod
    def _shows_default(action) -> bool:
        d = action.default
        return bool(action.option_strings) and "default" not in (action.help or "") \
            and d is not None and d is not False and d != argparse.SUPPRESS

    def _format_action(self, action):
        if not action.help and self._shows_default(action):
            action = copy.copy(action)              # an option without help: its default alone
            action.help = "(default: %(default)s)"
        return super()._format_action(action)

    def _get_help_string(self, action):
        text = action.help or ""
        if self._shows_default(action):
            return f"{text} (default: %(default)s)"
        return text


def int_in(lo: int | None = None, hi: int | None = None):
    """An argparse ``type``: an int written in ASCII digits (an optional sign), from lo to hi
    (None: unbounded on that side); anything else is argparse's error naming the range."""
    import argparse
    import re

    span = (f" from {lo} to {hi}" if lo is not None and hi is not None
            else f" >= {lo}" if lo is not None else f" <= {hi}" if hi is not None else "")

    def parse(text: str) -> int:
        t = text.strip()
        if not re.fullmatch(r"[+-]?[0-9]{1,30}", t) or (lo is not None and int(t) < lo) \
                or (hi is not None and int(t) > hi):
            shown = text if len(text) <= 40 else text[:40] + "..."
            raise argparse.ArgumentTypeError(f"expected an int{span}, got {shown!r}")
        return int(t)

    parse.__name__ = "int"
    return parse


def one_line(text, limit: int = 2000) -> str:
    """text as one printable line: whitespace runs become one space, other control characters
    (an escape sequence from a file) are shown escaped, and it is cut at limit characters."""
    text = " ".join(str(text).split())
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[:limit] + "..."
