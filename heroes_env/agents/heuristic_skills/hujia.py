"""护驾 (hujia): asked for a 闪 and holding none, the lord asks his 魏 for one."""
SKILLS = ("hujia",)
LORD_ANSWER = True
