"""The package's modules import one another without a circle: every module can be read (and
imported) after the ones it uses. Read from the sources' import statements, nothing imported."""
import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "heroes_env"


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
