"""Runs the training examples of docs/python.md ("Training with Stable-Baselines3", "Training
with RLlib") as written: the code blocks that import sb3_contrib or ray.rllib, which the
README's test command leaves to scripts/test-rl.

    python crates/boardgames-py/examples/doc_examples.py
"""

from __future__ import annotations

import pathlib
import re
import time

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
TRAINING = ("sb3_contrib", "ray.rllib")


def main():
    blocks = [b for b in re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S) if any(t in b for t in TRAINING)]
    assert len(blocks) == 2, f"expected the two training examples, found {len(blocks)}"
    for code in blocks:
        start = time.perf_counter()
        exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})
        print(f"docs/python.md example importing {[t for t in TRAINING if t in code][0]}: ran in {time.perf_counter() - start:.1f} s", flush=True)
    try:
        import ray

        ray.shutdown()
    except ImportError:
        pass
    print("OK")


if __name__ == "__main__":
    main()
