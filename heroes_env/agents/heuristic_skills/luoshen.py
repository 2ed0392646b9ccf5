"""洛神 (luoshen): always judged; a black judgement at the start of its turn is good for it
(鬼才 reads that)."""
from heroes_env.engine import constants as C

SKILLS = ("luoshen",)
ALWAYS_CONFIRM = True
START_JUDGE_COLOR = C.COLOR_BLACK
