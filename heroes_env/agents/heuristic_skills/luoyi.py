"""裸衣 (luoyi): hits harder without a weapon, so it equips none."""
SKILLS = ("luoyi",)
WEAPON_SCORE = -1.0
