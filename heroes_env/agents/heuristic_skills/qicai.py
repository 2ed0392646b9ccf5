"""奇才 (qicai): tricks at any distance (顺手牵羊 reaches every seat)."""
SKILLS = ("qicai",)
TRICK_ANY_DISTANCE = True
