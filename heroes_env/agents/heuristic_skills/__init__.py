"""The heuristic's part of each skill: one module per skill (or per mechanic several skills
share), found by the skill's key in its ``SKILLS``.

A module holds what the heuristic does about its skills and nothing else:

- **decision hooks**, compiled functions of one ``heuristic_common.Decision`` ``x``:
  ``play_score(x)`` (the value of using the skill in the play phase; <= 0: not now),
  ``card(x)``, ``target(x)``, ``option(x)`` (the skill's own card, target and option
  decisions), ``confirm(x)`` (whether to use an optional skill) and ``evidence(view, memory, ev)``
  (what the skill's decision tells about the other seats' sides). A hook returns an action, or
  ``NONE`` to leave the decision to the fallback.
- **traits**, plain constants the judgements every rule shares read (``traits.py`` lists them):
  e.g. ``IMMUNE_EMPTY_HAND = (C.K_SLASH, C.K_DUEL)`` for 空城.
- the **memory cells** only it uses, taken from ``heuristic_common.MEM``.

``dispatch.py`` (skill id -> decision hook, a plain if/elif chain Numba inlines) and
``traits.py`` (the traits as tables by skill id) are generated from the modules by
``python -m heroes_env.agents.heuristic_skills.generate``; ``tests/test_heuristic_skills.py``
checks that they are current. The skill ids are the engine's base ids (``content.SKILL_BASE``:
a skill that runs another's code is played like it).
"""
