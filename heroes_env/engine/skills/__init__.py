"""Hero skills. One module per skill, in the layer its handlers call for: ``answers/<key>.py``
(it answers query points, which ``rules`` asks: it never imports ``rules``) or
``handlers/<key>.py`` (frame handlers only: it may import ``rules``). Beside them, the machinery:
the ids (``ids.py``), the generated dispatch (``dispatch.py``, ``answer_dispatch.py``) and its
generator (``generate.py``), the timing-point registry (``registry.py``) and the query points
(``queries.py``); and the mechanics several skills share (``common.py``, ``conversions.py``,
``lord_ask.py``, ``two_cards.py``, ``draw_on_loss.py``, ``event_log.py``). Heroes themselves are
data (``heroes_env/data/heroes.csv``)."""
