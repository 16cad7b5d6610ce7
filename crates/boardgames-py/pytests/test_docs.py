"""Every Python example of docs/python.md runs as written."""

import contextlib
import io
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "python.md"
ALL_BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S) + re.findall(
    r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S
)
# The training examples need torch, Stable-Baselines3 and RLlib, which the tests' environment
# does not have: scripts/test-rl runs them (crates/boardgames-py/examples/doc_examples.py).
TRAINING = ("sb3_contrib", "ray.rllib")
BLOCKS = [b for b in ALL_BLOCKS if not any(t in b for t in TRAINING)]


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 6
    assert len(ALL_BLOCKS) - len(BLOCKS) == 2  # the two training examples


@pytest.mark.parametrize("code", BLOCKS, ids=[f"example{i}" for i in range(len(BLOCKS))])
def test_example_runs(code):
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})


def test_the_stubs_name_every_native_class_and_method():
    import ast

    import boardgames_rs._native as native

    stub = pathlib.Path(native.__file__).with_name("_native.pyi")
    tree = ast.parse(stub.read_text())
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    names = {t.id for n in tree.body if isinstance(n, (ast.AnnAssign,)) for t in [n.target]}
    base = {f.name for f in classes["_State"].body if isinstance(f, ast.FunctionDef)}
    for name in dir(native):
        if name.startswith("__") and name != "__version__":
            continue
        obj = getattr(native, name)
        if isinstance(obj, type):
            assert name in classes, name
            stubbed = {f.name for f in classes[name].body if isinstance(f, ast.FunctionDef)}
            if name.endswith("State"):
                stubbed |= base
            public = {m for m in vars(obj) if not m.startswith("_") or m in ("__reduce__", "__copy__", "__deepcopy__")}
            missing = public - stubbed
            assert not missing, f"{name}: {sorted(missing)}"
        elif callable(obj):
            assert name in functions, name
        else:
            assert name in names, name
