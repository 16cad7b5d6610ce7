"""Each adapter imports its own peer only: the package and any adapter work without the others."""

import subprocess
import sys

import pytest

CASES = [
    (["pyspiel", "pettingzoo", "gymnasium"], ["boardgames_rs"]),
    (["pyspiel", "pettingzoo"], ["boardgames_rs.gymnasium"]),
    (["pyspiel"], ["boardgames_rs.pettingzoo.tafl_v0", "boardgames_rs.gymnasium"]),
    (["pettingzoo", "gymnasium"], ["boardgames_rs.openspiel"]),
    # The Ray driver imports ray only when it runs a job: planning works without it.
    (["ray", "pyspiel", "pettingzoo", "gymnasium"], ["boardgames_rs.distributed"]),
]


@pytest.mark.parametrize("blocked,modules", CASES)
def test_an_adapter_needs_only_its_peer(blocked, modules):
    # A module set to None in sys.modules cannot be imported: as if it were not installed.
    code = "import sys\n"
    code += "".join(f"sys.modules[{b!r}] = None\n" for b in blocked)
    code += "".join(f"import {m}\n" for m in modules)
    code += "import boardgames_rs as bg\nassert bg.TaflGame().new_initial_state().legal_actions()\n"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_missing_peer_fails_on_its_own_adapter():
    code = "import sys\nsys.modules['pyspiel'] = None\nimport boardgames_rs.openspiel\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0 and "pyspiel" in done.stderr
