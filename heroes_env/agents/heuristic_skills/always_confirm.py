"""Optional skills the heuristic always uses: each only gains (a card, a damage source's card, a
judgement kept, a draw)."""

SKILLS = ("jianxiong", "tiandu", "yingzi", "biyue", "lianying", "xiaoji")
ALWAYS_CONFIRM = True
