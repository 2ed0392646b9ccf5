"""The package's modules import one another without a circle: every module can be read (and
imported) after the ones it uses; and the skill modules keep to their layers: those in
``engine/skills/answers/`` (they answer the query points that ``rules`` asks) sit below
``rules``, those in ``engine/skills/handlers/`` above it. Read from the sources' import
statements, nothing imported."""
import ast
import importlib.util
import pathlib
from collections import deque

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "heroes_env"
RULES = "heroes_env.engine.rules"
SKILLS = "heroes_env.engine.skills"
ANSWERS, HANDLERS = f"{SKILLS}.answers", f"{SKILLS}.handlers"


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """module -> the package's modules it imports, at the top or inside a function (``from . import
    x`` names x when x is a module; a package's ``__init__`` counts as its own module)."""
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    out = {}
    for name, path in files.items():
        is_pkg = path.name == "__init__.py"
        here = name.split(".") if is_pkg else name.split(".")[:-1]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = here[:len(here) - node.level + 1] if node.level else []
                mod = ".".join(base + ([node.module] if node.module else []))
                # ``from package import module`` uses the module; ``from m import name``, m
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in files else mod
                           for a in node.names]
            else:
                continue
            deps.update(t for t in targets if t in files and t != name)
        out[name] = deps
    return out


def _circles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle():
    graph = _graph()
    assert _circles(graph) == []


def test_the_check_sees_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    graph = _graph()
    # the reader follows relative imports of modules and of names
    assert "heroes_env.engine.skills.answer_dispatch" in graph["heroes_env.engine.skills.queries"]
    assert "heroes_env.engine.skills.queries" in graph["heroes_env.engine.rules"]
    assert "heroes_env.fast.jit" in graph["heroes_env.engine.rules"]
    assert "heroes_env.agents.base" in graph["heroes_env.agents.tournament.games"]      # ..base
    assert "heroes_env.agents.tournament.cli" in graph["heroes_env.agents.tournament"]


def _deps(graph, name):
    """The modules that importing ``name`` runs first: those it imports, and the packages that
    hold it (importing ``a.b.c`` runs ``a.b``). The top package ``heroes_env`` is left out: it
    gathers the public API, above every layer."""
    parts = name.split(".")
    held_by = {".".join(parts[:i]) for i in range(2, len(parts))}
    return sorted((graph.get(name, set()) | held_by) & graph.keys())


def _chains(graph, start):
    """Every module that importing start runs, directly or through a chain of imports -> the
    module before it on a shortest such chain (start -> None)."""
    back, todo = {start: None}, deque([start])
    while todo:
        m = todo.popleft()
        for dep in _deps(graph, m):
            if dep not in back:
                back[dep] = m
                todo.append(dep)
    return back


def _chain(back, goal):
    """The chain of imports that reaches goal, as text: ``a -> b -> goal``."""
    out = []
    while goal is not None:
        out.append(goal)
        goal = back[goal]
    return " -> ".join(reversed(out))


def _in(package, graph):
    return sorted(m for m in graph if m == package or m.startswith(package + "."))


def _layer_breaches(graph):
    """What breaks the skills' layers, each as its chain of imports: an answers module whose
    import runs ``rules``, and a handlers module that importing ``rules`` runs."""
    out = []
    for m in _in(ANSWERS, graph):
        back = _chains(graph, m)
        if RULES in back:
            out.append(_chain(back, RULES))
    back = _chains(graph, RULES)
    out += [_chain(back, m) for m in _in(HANDLERS, graph) if m in back]
    return out


def test_the_answers_layer_is_below_rules_and_the_handlers_layer_above():
    graph = _graph()
    assert len(_in(ANSWERS, graph)) > 1 and len(_in(HANDLERS, graph)) > 1
    breaches = _layer_breaches(graph)
    assert not breaches, "imports across the skills' layers:\n" + "\n".join(breaches)
    # the chain that puts the answers below rules: rules asks the query points
    assert _chain(_chains(graph, RULES), f"{SKILLS}.answer_dispatch") == (
        f"{RULES} -> {SKILLS}.queries -> {SKILLS}.answer_dispatch")


def test_the_layer_check_sees_a_breach():
    """A chain through a shared module, or through the package that holds a module, is seen."""
    common, answer_dispatch = f"{SKILLS}.common", f"{SKILLS}.answer_dispatch"
    a, h = f"{ANSWERS}.a", f"{HANDLERS}.h"
    clean = {RULES: {answer_dispatch}, answer_dispatch: {a}, a: {common}, common: set(),
             h: {RULES, common}, SKILLS: set(), ANSWERS: set(), HANDLERS: set(),
             "heroes_env.engine": set()}
    assert _layer_breaches(clean) == []
    assert _layer_breaches({**clean, common: {RULES}}) == [f"{a} -> {common} -> {RULES}"]
    assert _layer_breaches({**clean, ANSWERS: {RULES}}) == [
        f"{ANSWERS} -> {RULES}", f"{a} -> {ANSWERS} -> {RULES}"]
    up = f"{RULES} -> {answer_dispatch} -> {a} -> {h}"
    assert _layer_breaches({**clean, a: {common, h}}) == [
        f"{a} -> {h} -> {RULES}", f"{up} -> {HANDLERS}", up]


def _generate():
    """``engine/skills/generate.py``, loaded from its file (it imports nothing of the package)."""
    spec = importlib.util.spec_from_file_location("skills_generate",
                                                  PACKAGE / "engine" / "skills" / "generate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_each_skill_module_is_in_the_folder_its_handlers_call_for():
    """A module with answer handlers (``answer``, ``react``) in answers/, one without in
    handlers/, and none of skills.csv's skills with a module in skills/ itself."""
    gen = _generate()
    keys = {r["key"] for r in gen.rows("skills.csv") if not r.get("base")}
    skills = PACKAGE / "engine" / "skills"
    assert not [p.name for p in skills.glob("*.py") if p.stem in keys]
    found = {}
    for folder in (skills / "answers", skills / "handlers"):
        for p in sorted(folder.glob("*.py")):
            if p.stem == "__init__":
                continue
            assert p.stem in keys, f"{p}: no skill of skills.csv (without a base) is {p.stem}"
            handlers, _ = gen.module_parts(p)
            answers = any(h in gen.ANSWER_HANDLERS for h in handlers)
            assert folder.name == ("answers" if answers else "handlers"), (
                f"{folder.name}/{p.name}: {'it answers' if answers else 'it answers no'} query "
                f"points: it belongs in {'answers' if answers else 'handlers'}/")
            found[p.stem] = folder.name
    assert len(found) > 60 and "answers" in found.values() and "handlers" in found.values()
