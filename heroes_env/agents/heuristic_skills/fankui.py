"""反馈 (fankui): take a card of the damage source, unless it is a friend."""
from heroes_env.agents.heuristic_common import yes_unless_friend

SKILLS = ("fankui",)

confirm = yes_unless_friend
