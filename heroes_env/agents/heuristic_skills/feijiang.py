"""飞将 (feijiang): any number of 杀, so later 杀 in hand keep their full value."""
SKILLS = ("feijiang",)
UNLIMITED_SLASH = True
