"""Hero skills: ids (``ids.py``), the timing-point registry and dispatch (``registry.py``), and one
module per family of mechanics. Heroes themselves are data (``heroes_env/data/heroes.csv``)."""
