"""The pure parts of scripts/opentafl-match: the Wilson interval, the records and relay logs
read, the results and the table (checked by --self-test)."""

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


# ---------------------------------------------------------------------------------------
# Pure parts (checked by --self-test)
# ---------------------------------------------------------------------------------------


def wilson(score, n):
    """The 95% Wilson interval of `score` successes in `n` games (a draw counts half, so
    `score` may be fractional): (estimate, low, high), shares in 0..1; (0, 0, 1) for n = 0.
    The same formula as boardgames_common::tournament::wilson."""
    if n == 0:
        return (0.0, 0.0, 1.0)
    p = min(max(score / n, 0.0), 1.0)
    z2 = Z95 * Z95
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denom
    half = Z95 * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom
    return (p, max(centre - half, 0.0), min(centre + half, 1.0))


def parse_otg(text):
    """OpenTafl's game record (`.otg`, as `GameSerializer` writes it): `[tag:value]` lines,
    then numbered turns `1. b4-b3 c4-b4` (a turn's moves separated by spaces; a berserk
    turn's moves joined by `|`), then bracketed clock lines. Returns (tags, moves)."""
    tags = {}
    moves = []
    for raw in text.splitlines():
        line = raw.strip()
        tag = re.fullmatch(r"\[([a-z-]+):(.*)\]", line)
        if tag:
            tags[tag.group(1)] = tag.group(2)
            continue
        turn = re.match(r"^\d+\.\s+(.*)$", line)
        if turn:
            for token in turn.group(1).split():
                moves.extend(m for m in token.split("|") if m)
    return tags, moves


def bare_move(move):
    """`from-to` of a record's move (`Kd4-c4`, `d7-b7xb6`, `g5-g4xKf4` → `d4-c4`, ...):
    the piece letter, captures and markers dropped; the replay finds the captures itself."""
    found = re.search(r"([a-z]\d{1,2})[-^=]([a-z]\d{1,2})", move)
    return "%s-%s" % (found.group(1), found.group(2)) if found else move


def our_record(rules, moves):
    """A record of ours (docs/notation.md, "The game record") of OpenTafl's moves, for
    `boardgames replay`."""
    rules = rules.replace("\\", "\\\\").replace('"', '\\"')
    lines = ['[Game "Tafl"]', '[Rules "%s"]' % rules, ""]
    lines += ["%d. %s" % (i, bare_move(m)) for i, m in enumerate(moves, 1)]
    return "\n".join(lines) + "\n"


# OpenTafl's `finish` codes (ExternalEngineHost.finish) and the record's `result` tag
# (Game.setDefaultTags: 1 the attackers win, -1 the defenders, 0 a draw, ? none).
FINISH_TEXT = {0: "no result", 1: "draw", 2: "attackers win", 3: "defenders win"}
RECORD_RESULT = {"1": 2, "-1": 3, "0": 1}


def parse_relay(lines):
    """The log of one relay (`<epoch seconds> <direction> <line>`, `<` from OpenTafl to the
    engine, `>` from the engine). Returns a dict: `finish` (the first `finish` code, or None),
    `moves` (the seconds from each `play` to the engine's `move`), `unanswered` (the seconds
    a last `play` waited without a `move`, when the host ended or the log stopped there),
    `rules` (the rules string sent), `errors` (`error` lines from the host: refused moves),
    `crash` (the first Java exception an OpenTafl engine reported after "Uncaught exception",
    as `java.lang.IndexOutOfBoundsException in AiWorkspace.explore`, or None)."""
    out = {"finish": None, "moves": [], "unanswered": None, "rules": None, "errors": 0,
           "crash": None}
    uncaught = False
    frame = None
    pending = None
    last = None
    for raw in lines:
        parts = raw.rstrip("\n").split(" ", 2)
        if len(parts) < 2:
            continue
        try:
            stamp = float(parts[0])
        except ValueError:
            continue
        direction, text = parts[1], (parts[2] if len(parts) > 2 else "")
        last = stamp
        word = text.split(" ", 1)[0]
        if direction == ">" and out["crash"] is None:
            if text.startswith("Uncaught exception"):
                uncaught = True
            elif uncaught and frame is None:
                thrown = re.match(r"\s*(?:Exception: )?([a-z]+(?:\.[a-z]+)+"
                                  r"\.[A-Za-z]*(?:Exception|Error))", text)
                if thrown:
                    frame = thrown.group(1)
            elif frame is not None:
                at = re.match(r"\s*at com\.manywords\.[\w.$]*?\.(\w+)\.(\w+)\(", text)
                if at:
                    out["crash"] = "%s in %s.%s" % (frame, at.group(1), at.group(2))
        if direction == "<":
            if word == "play":
                pending = stamp
            elif word == "finish":
                if out["finish"] is None:
                    code = text.split()
                    if len(code) > 1 and code[1].isdigit():
                        out["finish"] = int(code[1])
                if pending is not None and out["unanswered"] is None:
                    out["unanswered"] = stamp - pending
                pending = None
            elif word == "rules" and out["rules"] is None:
                out["rules"] = text[len("rules "):]
            elif word == "error":
                out["errors"] += 1
        elif direction == ">" and word == "move" and pending is not None:
            out["moves"].append(stamp - pending)
            pending = None
    if pending is not None and out["unanswered"] is None and last is not None:
        out["unanswered"] = last - pending
    if out["crash"] is None and frame is not None:
        out["crash"] = frame
    return out


def finish_of(ours, theirs):
    """The game's `finish` code from both relays' logs: the first that decides the game (1,
    2 or 3), ours first, since OpenTafl's host can send one engine `finish 0` and the other
    the result (game 211 of docs/tafl-ai.md's quarter-time match with the escape-threat
    extension: the king's escape, 0 to us and 3 to OpenTafl's AI); else 0 if either got
    it, else None. Returns (code, disagreement): the second is a phrase when the two engines
    were sent different results, or None."""
    codes = [log["finish"] for log in (ours, theirs) if log["finish"] is not None]
    decided = [c for c in codes if c != 0]
    disagreement = None
    if len(set(decided)) > 1:
        disagreement = "the host sent us finish %s and OpenTafl's AI finish %s" % (
            ours["finish"], theirs["finish"])
    if decided:
        return decided[0], disagreement
    return (codes[0] if codes else None), disagreement


def score_of(finish, we_attack):
    """'win', 'draw', 'loss' for us from the host's `finish` code, or None (no result)."""
    if finish == 1:
        return "draw"
    if finish in (2, 3):
        return "win" if (finish == 2) == we_attack else "loss"
    return None


def how_it_ended(finish, record_result, replay, moves, ours, theirs, timed_out):
    """A short phrase: how the game ended. `replay` is our referee's `result` text for the
    record (`attackers win (the king is captured)`) or None; `record_result` the record's
    tag; `ours` and `theirs` the parsed relay logs."""
    if timed_out is not None:
        return "no result: stopped by the script after %d s (--timeout)" % timed_out
    if finish in (None, 0):
        why = "no result (finish %s)" % finish
        for name, log in (("OpenTafl's AI", theirs), ("our engine", ours)):
            if log.get("crash"):
                why += ": %s failed (%s)" % (name, log["crash"])
                break
            if log["unanswered"] is not None and log["unanswered"] > 1.0:
                why += ": %s did not answer its last move request (%.0f s)" % (
                    name, log["unanswered"])
                break
        if replay and replay != "ongoing":
            why += "; our replay of the record: %s" % replay
        return why
    why = None
    if replay:
        found = re.fullmatch(r"(attackers win|defenders win|draw) \((.*)\)", replay)
        if found and found.group(1) == FINISH_TEXT[finish]:
            why = found.group(2)
            if why == "the king has escaped" and moves and moves[-1].startswith("K"):
                why += " to " + bare_move(moves[-1]).split("-")[1]
        else:
            why = "OpenTafl: %s; our replay of its record: %s" % (FINISH_TEXT[finish], replay)
    else:
        why = "our replay of the record failed"
    if record_result is not None and RECORD_RESULT.get(record_result) != finish:
        why += "; the record's result tag is %s" % record_result
    return why


def summary_rows(games):
    """The table's rows: per side of ours and both sides, over the games with a result."""
    rows = []
    for label, side in (("attackers", True), ("defenders", False), ("both sides", None)):
        chosen = [g for g in games if g["score"] is not None
                  and (side is None or g["we_attack"] == side)]
        w = sum(g["score"] == "win" for g in chosen)
        d = sum(g["score"] == "draw" for g in chosen)
        losses = sum(g["score"] == "loss" for g in chosen)
        n = len(chosen)
        est, low, high = wilson(w + d / 2.0, n)
        ours = [t for g in chosen for t in g["our_times"]]
        theirs = [t for g in chosen for t in g["their_times"]]
        rows.append({
            "side": label, "games": n, "wins": w, "draws": d, "losses": losses,
            "score": est, "low": low, "high": high,
            "our_time": sum(ours) / len(ours) if ours else None,
            "their_time": sum(theirs) / len(theirs) if theirs else None,
        })
    return rows


def percent(x):
    text = "%.1f" % (100.0 * x)
    return text[:-2] if text.endswith(".0") and x in (0.0, 1.0) else text


def format_table(rows):
    head = "| our side | games with a result | W-D-L | score [95% Wilson] " \
           "| ours s/move | OpenTafl's s/move |"
    lines = [head, "|---|---|---|---|---|---|"]
    for r in rows:
        times = ["%.2f" % t if t is not None else "-" for t in (r["our_time"], r["their_time"])]
        score = "%s%% [%s–%s]" % (percent(r["score"]), percent(r["low"]), percent(r["high"])) \
            if r["games"] else "-"
        lines.append("| %s | %d | %d-%d-%d | %s | %s | %s |" % (
            r["side"], r["games"], r["wins"], r["draws"], r["losses"], score, times[0],
            times[1]))
    return "\n".join(lines)


def format_game(g):
    result = g["score"] if g["score"] is not None else "none"
    times = "ours %s s, OpenTafl's %s s a move" % tuple(
        "%.2f" % (sum(t) / len(t)) if t else "-" for t in (g["our_times"], g["their_times"]))
    return "game %d  seed %d  we %s  %-4s  %3d plies  %s  (%s)" % (
        g["number"], g["seed"], "attack" if g["we_attack"] else "defend", result, g["plies"],
        g["how"], times)
