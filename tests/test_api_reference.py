"""The API reference as it renders: the documentation site builds in strict mode, and in its
HTML ``Config``'s fields are a table, ``env``'s keywords are listed, every signature carries
its types and every ``Examples:`` section shows code."""
import ast
import dataclasses
import html
import inspect
import os
import pathlib
import re
import subprocess
import sys

import pytest

from heroes_env.config import DEFAULTS, Config
from heroes_env.env import raw_env

ROOT = pathlib.Path(__file__).resolve().parents[1]
# one rendered object: the <div> that opens it, its heading (its id is the object's path), and
# its own part of the page, up to the next object's heading
OBJECT = re.compile(r'<div class="doc doc-object doc-(?P<kind>\w+)">\s*<h\d id="(?P<path>[\w.]+)"'
                    r'(?P<body>.*?)(?=<div class="doc doc-object doc-\w+">\s*<h\d id=|\Z)', re.S)
SECTION = re.compile(r'<span class="doc-section-title">(?P<title>[^<]+):</span></p>\s*'
                     r'(?P<rest>.*?)(?=<span class="doc-section-title">|\Z)', re.S)
ROW = re.compile(r'<tr class="doc-section-item">(.*?)</tr>', re.S)
CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
SIGNATURE = re.compile(r'<div class="doc-signature highlight"><pre>(.*?)</pre>', re.S)


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


@pytest.fixture(scope="module")
def objects(tmp_path_factory):
    """path -> (kind, own HTML) of every object the API reference renders."""
    site = tmp_path_factory.mktemp("site")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                          "--site-dir", str(site)], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{run.stdout}\n{run.stderr}"
    found = {}
    for page in sorted((site / "api").rglob("index.html")):
        for m in OBJECT.finditer(page.read_text(encoding="utf-8")):
            found[m["path"]] = (m["kind"], m["body"])
    return found


def tables(body: str) -> dict[str, list[list[str]]]:
    """An object's docstring sections: title -> the rows (cell texts) of its table."""
    return {m["title"]: [[text(c) for c in CELL.findall(row)] for row in ROW.findall(m["rest"])]
            for m in SECTION.finditer(body)}


def section(objects, path: str, title: str) -> list[list[str]]:
    """The rows of the table of one docstring section of a rendered object."""
    assert path in objects, f"the API reference renders no {path}"
    found = tables(objects[path][1])
    assert title in found, f"{path} has no {title!r} section; it has {sorted(found)}"
    return found[title]


def signature(body: str) -> str | None:
    m = SIGNATURE.search(body)
    return text(m[1]) if m else None


def test_config_fields_are_a_table(objects):
    rows = section(objects, "heroes_env.config.Config", "Attributes")
    assert [r[0] for r in rows] == [f.name for f in dataclasses.fields(Config)]
    assert all(r[1] and len(r[2]) > 20 for r in rows), rows       # a type and a description


ENTRY_POINTS = ["heroes_env.env.raw_env", "heroes_env.vector.VectorEnv",
                "heroes_env.wrappers.LearnerEnv", "heroes_env.wrappers.LearnerVectorEnv"]


def test_env_lists_its_keywords_with_their_types(objects):
    """env(**kwargs) passes its keywords on to raw_env: its reference lists raw_env's own
    keywords and Config's, each with a type."""
    rows = section(objects, "heroes_env.env.env", "Other Parameters")
    own = [p.name for p in inspect.signature(raw_env).parameters.values()
           if p.kind is p.KEYWORD_ONLY]
    assert [r[0] for r in rows] == own + list(DEFAULTS)
    assert all(r[1] for r in rows), rows


@pytest.mark.parametrize("path", ENTRY_POINTS)
def test_entry_points_name_every_config_keyword(objects, path):
    rows = {r[0]: r for r in section(objects, path, "Parameters")}
    assert "**config_kw" in rows, sorted(rows)
    for name in DEFAULTS:
        assert re.search(rf"\b{name}\b", rows["**config_kw"][2]), (path, name)


def test_signatures_carry_types(objects):
    """Every parameter of every rendered function and class signature has an annotation, and
    every function its return type."""
    checked, untyped = 0, []
    for path, (kind, body) in objects.items():
        sig = signature(body)
        if kind not in ("function", "class") or sig is None:
            continue
        # a class's signature is its constructor's: no return type to give
        fn = ast.parse(f"def {sig}{' -> None' if kind == 'class' else ''}: ...").body[0]
        assert isinstance(fn, ast.FunctionDef), path
        args = fn.args
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs,
                 *[a for a in (args.vararg, args.kwarg) if a is not None]]
        bare = [a.arg for a in every if a.annotation is None]
        bare += ["return"] if fn.returns is None else []
        if bare:
            untyped.append(f"{path}: {bare}")
        checked += 1
    assert not untyped, "signatures without types:\n" + "\n".join(untyped)
    assert {"heroes_env.env.env", "heroes_env.config.Config", "heroes_env.game.Game.new",
            "heroes_env.vector.VectorEnv.step"} <= set(objects)
    assert checked >= 100, checked


def test_parameters_and_attributes_carry_types(objects):
    """Every row of every Parameters, Other Parameters and Attributes table names a type (from
    the annotation, or the docstring's ``name (type):``)."""
    rows = [(path, title, row) for path, (_, body) in objects.items()
            for title, found in tables(body).items()
            if title in ("Parameters", "Other Parameters", "Attributes") for row in found]
    untyped = [f"{path} {title}: {row[0]}" for path, title, row in rows if not row[1]]
    assert not untyped, "rows without a type:\n" + "\n".join(untyped)
    assert len(rows) >= 150, len(rows)


def test_examples_render_as_code(objects):
    examples = {path: m["rest"] for path, (_, body) in objects.items()
                for m in SECTION.finditer(body) if m["title"] == "Examples"}
    assert {"heroes_env", "heroes_env.config.Config", "heroes_env.env.env"} <= set(examples)
    for path, rest in examples.items():
        assert '<div class="highlight"><pre>' in rest, f"{path}: its example is no code block"
    assert "heroes_env.env(num_players=5)" in text(examples["heroes_env"])
