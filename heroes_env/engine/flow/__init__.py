"""The frame machine: every rule of the game as resumable frames on an explicit stack.

``advance(s)`` runs the top frame until the game needs a decision (``H_DECIDER >= 0``) or ends.
A handler does one of three things each time it is called: posts a decision and sets its program
counter (``F_PC``) to the step that reads the answer (``H_ANSWER``); pushes a child frame and moves
its program counter on (the child's result comes back in ``H_RET``); or pops itself.

Frame kinds: FR_GAME (the turn loop), FR_TURN (the phases), FR_JUDGE_PHASE, FR_DELAYED, FR_JUDGE,
FR_PLAY, FR_USE (using a card), FR_EFFECT (its effect on one target), FR_ASK (a 闪 / 杀 asked),
FR_NULLIFY (the 无懈可击 chain), FR_DAMAGE, FR_DYING, FR_DISCARD, FR_SELECT, FR_PICK, FR_DSWORDS.
What each frame kind keeps in its slots is in ``frames.py`` (``F_USE_FLAGS``, ``F_DMG_AMOUNT``,
...); the steps of each handler's program counter are named just above the handler (``TURN_*``,
``USE_*``, ``EFF_*``, ``DMG_*``, ...).

The handlers, one module per group of frame kinds: ``turn`` (FR_GAME, FR_TURN, FR_PLAY,
FR_DISCARD), ``judge`` (FR_JUDGE_PHASE, FR_DELAYED, FR_JUDGE), ``choices`` (FR_SELECT, FR_PICK),
``use`` (FR_USE, FR_DSWORDS), ``effect`` (FR_EFFECT), ``respond`` (FR_ASK, FR_NULLIFY), ``damage``
(FR_DAMAGE, FR_DYING, a death); ``driver`` (``advance``) dispatches on the top frame's kind. The
skills' frames (FR_TRIGGER, FR_SKILL, FR_PENDING, FR_PINDIAN) live in ``engine/skills/``, the drafts
in ``draft.py`` and ``mode3v3.py``.
"""
from .driver import advance

__all__ = ["advance"]
