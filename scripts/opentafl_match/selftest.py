"""The self-test of scripts/opentafl-match (no OpenTafl needed)."""

import argparse
import json
import math
import os
import queue
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import zipfile

from .common import *  # noqa: F401,F403
from .results import *  # noqa: F401,F403
from .host import *  # noqa: F401,F403

# ---------------------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------------------

# A Brandub game as OpenTafl's headless client saved it (`GameSerializer`: tags, a blank
# line, numbered turns each followed by the clocks): the first game this script played, our
# engine attacking (5 December 2026), its clock lines shortened to one form.
SAMPLE_OTG = """[date:2026.12.05]
[result:1]
[compiler:OpenTafl]
[time-control:1 4/20 0i]
[time-remaining:0 4/20, 0 4/20]
[rules:dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]

1. b4-b3 c4-b4 
[0 4/20 0i |0 4/20 0i ]

2. d2-c2 Kd4-c4 
[0 4/20 0i |0 4/20 0i ]

3. d6-c6 d5-d6 
[0 4/20 0i |0 4/20 0i ]

4. c6-b6 d6-f6 
[0 4/20 0i |0 4/20 0i ]

5. g4-g5 d3-g3 
[0 4/20 0i |0 4/20 0i ]

6. f4-g4 e4-e7 
[0 4/20 0i |0 4/20 0i ]

7. d7-c7 Kc4-d4 
[0 4/20 0i |0 4/20 0i ]

8. b6-d6 Kd4-d5 
[0 4/20 0i |0 4/20 0i ]

9. c7-d7 b4-b6 
[0 4/20 0i |0 4/20 0i ]

10. b3-b5 Kd5-d3 
[0 4/20 0i |0 4/20 0i ]

11. a4-a3 e7-e6 
[0 4/20 0i |0 4/20 0i ]

12. d7-b7xb6 Kd3-f3 
[0 4/20 0i |0 4/20 0i ]

13. c2-f2 Kf3-c3 
[0 4/20 0i |0 4/20 0i ]

14. g4-c4 Kc3-e3 
[0 4/20 0i |0 4/20 0i ]

15. a3-d3 Ke3-e4 
[0 4/20 0i |0 4/20 0i ]

16. d3-e3 Ke4-g4 
[0 4/20 0i |0 4/20 0i ]

17. f2-g2 e6-e5 
[0 4/20 0i |0 4/20 0i ]

18. d6-e6 e5-d5 
[0 4/20 0i |0 4/20 0i ]

19. e6-e5 f6-g6xg5 
[0 4/20 0i |0 4/20 0i ]

20. e5-g5xg6 Kg4-f4 
[0 4/20 0i |0 4/20 0i ]

21. b7-f7 d5-d2 
[0 4/20 0i |0 4/20 0i ]

22. c4-e4 Kf4-f3 
[0 4/20 0i |0 4/20 0i ]

23. g2-f2 Kf3-f4 
[0 4/20 0i |0 4/20 0i ]

24. g5-g4xKf4 
[0 4/20 0i ]
"""
# The rules string as the host sends it to an engine (`rules ...`), what the replay reads.
SAMPLE_RULES = ("dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: "
                "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")

SAMPLE_RELAY = """1000.000 > hello
1000.100 < rules dim:7 name:Brandub surf:n atkf:y ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/
1000.200 < clock 799 1000 4 20 20
1000.300 < play attackers
1000.650 > move b4-b3
1000.700 < move /3t3/3t3/1t1T3/t1TKTtt/3T3/3t3/3t3/
1002.000 < opponent-move c4-b4 /3t3/3t3/1t1T3/tT1KTtt/3T3/3t3/3t3/
1002.100 < play attackers
1002.350 > move d2-c2
1003.000 < error 2
1003.100 < play attackers
1003.550 > move d2-e2
1004.000 < finish 2
1004.000 < finish 2
1004.100 < goodbye
"""

SAMPLE_STALLED = """2000.000 > hello
2000.500 < play defenders
2001.000 > move a1-a2
2001.500 < play defenders
2121.500 < finish 0
"""

# OpenTafl's AI failing inside its search (game 203 of docs/tafl-ai.md's quarter-time
# Copenhagen match: no legal move left to it, which its host had not declared the end).
SAMPLE_CRASHED = """3000.000 < play defenders
3000.100 > status Continuation search at depth 26
3000.100 > Uncaught exception! This OpenTafl is running as EXTERNAL_ENGINE
3000.100 > Exception in thread Thread-129
3000.100 > Exception: java.lang.IndexOutOfBoundsException: Index 0 out of bounds for length 0
3000.100 > java.lang.IndexOutOfBoundsException: Index 0 out of bounds for length 0
3000.100 > \tat java.base/java.util.ArrayList.get(ArrayList.java:427)
3000.100 > \tat com.manywords.softworks.tafl.engine.ai.AiWorkspace.explore(AiWorkspace.java:578)
3120.000 < finish 0
"""


def self_test(boardgames=None):
    """Checks the pure parts on samples; with `boardgames` (our binary), also the replay of
    the sample record by our referee. Returns the exit code (1 if a check failed)."""
    checks = []

    def check(name, got, want):
        ok = got == want
        checks.append(ok)
        print("%s %s%s" % ("ok  " if ok else "FAIL", name,
                           "" if ok else ": got %r, want %r" % (got, want)))

    def interval(score, n):
        return tuple(round(100 * x, 1) for x in wilson(score, n))

    # The tables of docs/tafl-ai.md ("Forced escapes, and the matches inside OpenTafl"),
    # computed with boardgames_common::tournament::wilson; a draw counts half.
    check("wilson 10 of 11", interval(10, 11), (90.9, 62.3, 98.4))
    check("wilson 10 of 10", interval(10, 10), (100.0, 72.2, 100.0))
    check("wilson 20 of 21", interval(20, 21), (95.2, 77.3, 99.2))
    check("wilson 7-1-3", interval(7.5, 11), (68.2, 39.3, 87.6))
    check("wilson 9-1-0", interval(9.5, 10), (95.0, 65.5, 99.5))
    check("wilson 16-2-3", interval(17, 21), (81.0, 60.0, 92.3))
    check("wilson 19-1-0", interval(19.5, 20), (97.5, 80.0, 99.7))
    check("wilson of no game", wilson(0, 0), (0.0, 0.0, 1.0))

    tags, moves = parse_otg(SAMPLE_OTG)
    check("record result tag", tags.get("result"), "1")
    check("record plies", len(moves), 47)
    check("record moves", moves[:2] + moves[22:24] + moves[-1:],
          ["b4-b3", "c4-b4", "d7-b7xb6", "Kd3-f3", "g5-g4xKf4"])
    check("bare moves", [bare_move(m) for m in moves[22:24] + moves[-1:]],
          ["d7-b7", "d3-f3", "g5-g4"])
    check("berserk turn split", parse_otg("1. Tc2-c4|Tc4=c5 d1-d2\n")[1],
          ["Tc2-c4", "Tc4=c5", "d1-d2"])
    check("bare moves on 11x11", bare_move("Kk10-k11"), "k10-k11")
    check("our record", our_record('dim:7 name:"x"', ["Kd4-c4", "a1-a2xb2"]),
          '[Game "Tafl"]\n[Rules "dim:7 name:\\"x\\""]\n\n1. d4-c4\n2. a1-a2\n')

    log = parse_relay(SAMPLE_RELAY.splitlines())
    check("relay finish", log["finish"], 2)
    check("relay move times", [round(t, 3) for t in log["moves"]], [0.35, 0.25, 0.45])
    check("relay refused moves", log["errors"], 1)
    check("relay rules", log["rules"],
          "dim:7 name:Brandub surf:n atkf:y ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
    check("relay nothing unanswered", log["unanswered"], None)
    stalled = parse_relay(SAMPLE_STALLED.splitlines())
    check("stalled finish", stalled["finish"], 0)
    check("stalled unanswered", stalled["unanswered"], 120.0)
    check("stalled: no crash", stalled["crash"], None)
    crashed = parse_relay(SAMPLE_CRASHED.splitlines())
    check("crashed engine", crashed["crash"],
          "java.lang.IndexOutOfBoundsException in AiWorkspace.explore")

    def sent(code):
        return {"finish": code}

    check("finish: ours decides", finish_of(sent(2), sent(2)), (2, None))
    check("finish: 0 to us, the result to OpenTafl's AI", finish_of(sent(0), sent(3)),
          (3, None))
    check("finish: only OpenTafl's AI got one", finish_of(sent(None), sent(2)), (2, None))
    check("finish: no result to both", finish_of(sent(0), sent(0)), (0, None))
    check("finish: none at all", finish_of(sent(None), sent(None)), (None, None))
    check("finish: the two differ", finish_of(sent(2), sent(3)),
          (2, "the host sent us finish 2 and OpenTafl's AI finish 3"))
    check("finish 2 attacking", score_of(2, True), "win")
    check("finish 2 defending", score_of(2, False), "loss")
    check("finish 3 defending", score_of(3, False), "win")
    check("finish 1", score_of(1, True), "draw")
    check("finish 0", score_of(0, True), None)
    none = parse_relay([])
    check("how: king taken",
          how_it_ended(2, "1", "attackers win (the king is captured)", moves, log, none, None),
          "the king is captured")
    check("how: escape to a corner",
          how_it_ended(3, "-1", "defenders win (the king has escaped)", ["Kb11-a11"], log,
                       none, None), "the king has escaped to a11")
    check("how: referees disagree",
          how_it_ended(3, "-1", "ongoing", moves, log, none, None),
          "OpenTafl: defenders win; our replay of its record: ongoing")
    check("how: record tag differs",
          how_it_ended(2, "-1", "attackers win (the king is captured)", moves, log, none,
                       None), "the king is captured; the record's result tag is -1")
    check("how: a stalled engine",
          how_it_ended(0, "?", "ongoing", moves, none, stalled, None),
          "no result (finish 0): OpenTafl's AI did not answer its last move request (120 s)")
    check("how: a crashed engine, the replay's verdict",
          how_it_ended(0, "?", "attackers win (the losing side has no legal move)", moves,
                       none, crashed, None),
          "no result (finish 0): OpenTafl's AI failed (java.lang.IndexOutOfBoundsException"
          " in AiWorkspace.explore); our replay of the record: attackers win (the losing"
          " side has no legal move)")
    check("how: timeout", how_it_ended(None, None, None, [], none, none, 900),
          "no result: stopped by the script after 900 s (--timeout)")

    games = [
        {"we_attack": True, "score": "win", "our_times": [1.0, 2.0], "their_times": [3.0]},
        {"we_attack": True, "score": "draw", "our_times": [3.0], "their_times": [1.0]},
        {"we_attack": False, "score": "loss", "our_times": [2.0], "their_times": [2.0]},
        {"we_attack": False, "score": None, "our_times": [9.0], "their_times": [9.0]},
    ]
    rows = summary_rows(games)
    check("rows: W-D-L", [(r["games"], r["wins"], r["draws"], r["losses"]) for r in rows],
          [(2, 1, 1, 0), (1, 0, 0, 1), (3, 1, 1, 1)])
    check("rows: scores", [round(r["score"], 3) for r in rows], [0.75, 0.0, 0.5])
    check("rows: mean times (games with a result)",
          [(r["our_time"], r["their_time"]) for r in rows],
          [(2.0, 2.0), (2.0, 2.0), (2.0, 2.0)])
    check("table line", format_table(rows).splitlines()[2],
          "| attackers | 2 | 1-1-0 | 75.0% [19.8–97.3] | 2.00 | 2.00 |")
    check("table line without a game", format_table(summary_rows([])).splitlines()[2],
          "| attackers | 0 | 0-0-0 | - | - | - |")

    # The relay itself, over `cat`: lines pass unchanged and are logged both ways.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "relay.log")
        done = subprocess.run([sys.executable, SCRIPT, "--relay", path,
                               "--", "cat"], input=b"play attackers\nmove a1-a2\n",
                              capture_output=True, timeout=30)
        check("relay passes lines", done.stdout, b"play attackers\nmove a1-a2\n")
        lines = [l.split(" ", 1)[1] for l in read_text(path).splitlines()]
        check("relay logs both ways", sorted(lines),
              ["< move a1-a2", "< play attackers", "> move a1-a2", "> play attackers"])

    if boardgames is not None:
        # The sample record, as the match converts it, replayed by our referee.
        with tempfile.TemporaryDirectory() as tmp:
            mine = os.path.join(tmp, "record.txt")
            with open(mine, "w") as f:
                f.write(our_record(SAMPLE_RULES, moves))
            done = subprocess.run([boardgames, "replay", "--json", mine], capture_output=True,
                                  timeout=60)
            result = json.loads(done.stdout).get("result") if done.returncode == 0 else \
                done.stderr.decode("utf-8", "replace")
            check("our replay of the sample", result, "attackers win (the king is captured)")
            check("how the sample ended", how_it_ended(2, tags.get("result"), result, moves,
                                                       log, none, None),
                  "the king is captured")

    failed = checks.count(False)
    print("%d checks, %d failed" % (len(checks), failed))
    return 1 if failed else 0
