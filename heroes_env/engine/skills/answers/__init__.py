"""The skill modules that answer query points (``answer``, ``react``: their ``QUERIES``), one per
skill (``answers/<key>.py``), with the frame handlers some of them also have. ``rules`` asks the
query points (through ``queries`` and the generated ``answer_dispatch``), so these modules sit
below ``rules``: none imports it, directly or through the modules it imports
(``tests/test_import_graph.py`` checks it). This package imports nothing."""
