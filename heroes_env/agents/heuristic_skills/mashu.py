"""马术 (mashu): the seat counts as a -1 horse: the heuristic counts others one nearer to it and
itself one farther for them (as ``view.View.distance``), and wants one horse, not two."""
SKILLS = ("mashu",)
DISTANCE_FROM = -1
DISTANCE_TO = 1
ONE_HORSE = True
