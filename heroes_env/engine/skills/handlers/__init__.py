"""The skill modules that answer no query point, one per skill (``handlers/<key>.py``): their
frame handlers only (``run``, ``mask``, ``active_ok``, ``listens_at``, ...), which the generated
``dispatch`` calls. They sit above ``rules`` and may import it; ``rules`` never reaches them
(``tests/test_import_graph.py`` checks it). This package imports nothing."""
