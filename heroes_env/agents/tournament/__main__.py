"""``python -m heroes_env.agents.tournament``: the command line (``heroes-tournament``)."""
import sys

from heroes_env.agents.tournament.cli import main

if __name__ == "__main__":
    sys.exit(main())
