"""Studies, tournaments and self-play on a Ray cluster, exact and fault-tolerant.

A *job* is what one command of ``boardgames`` computes on one machine, given as a dict with
the command's option names::

    {"kind": "sugoroku", "games": 10**9, "seed": 0, "rules": "return=adds"}
    {"kind": "trictrac", "games": 10_000, "seed": 1, "agents": ["bot", "searchbot"], "trous": 12}
    {"kind": "tournament", "game": "tafl", "rules": "fidchell", "agents": ["bard", "druid"], "games": 50}
    {"kind": "selfplay", "game": "trictrac", "agents": ["bot", "mcts:200"], "games": 100}

(``boardgames simulate sugoroku``, ``boardgames simulate trictrac``, ``boardgames
tournament``; ``selfplay`` plays a tournament's games and also writes every game's record.)
Its *units* (games, or the tournament's fixtures in the order of the one-machine schedule)
are cut into contiguous ranges; each Ray task plays one range in Rust with the GIL released
(``_native.job_run``) and returns the shard's integer counts; the driver writes each shard to
its output directory as it arrives and merges it at once in Rust (``_native.JobMerger``: the
shard's counts added to running totals, integer sums that do not depend on the order), with
a progress line on standard error (games done, games per second, ETA). The result is
exactly the JSON that the one-machine command prints with ``--json``, whatever the number of
workers and the order in which tasks finish.

Faults: a task whose worker dies is run again by Ray (``max_retries``); a shard is a
function of its range only and is kept once, so no game is counted twice or lost. A driver
stopped and started again with the same ``out_dir`` reads the shards already written and
sends only the ranges still missing. A bad job (an unknown agent, ruleset or option) raises
``ValueError`` with the command's message before Ray is even started.

Command line: ``boardgames-ray`` (or ``python -m boardgames_rs.distributed``); see
https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/distributed.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from . import _native

__all__ = ["Plan", "JobResult", "plan", "run", "run_local", "main"]


@dataclass(frozen=True)
class Plan:
    """A job checked by the Rust side: its JSON text, kind, number of units and key."""

    text: str
    kind: str
    units: int
    key: str


@dataclass
class JobResult:
    """What :func:`run` gives: the merged JSON text (as ``boardgames ... --json`` prints it),
    the same parsed, and how many tasks were run and how many shards were read back."""

    text: str
    result: Dict[str, Any]
    tasks_run: int
    tasks_reused: int
    out_dir: Optional[str] = None
    files: List[str] = field(default_factory=list)


def __getattr__(name: str) -> Any:
    """``Outcome``, the former name of :class:`JobResult` (it shadowed the crates' ``Outcome``,
    a game's end), kept for one release with a ``DeprecationWarning``."""
    if name == "Outcome":
        import warnings

        warnings.warn(
            "boardgames_rs.distributed.Outcome is now named JobResult; Outcome will be removed",
            DeprecationWarning,
            stacklevel=2,
        )
        return JobResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def plan(job: Dict[str, Any]) -> Plan:
    """Checks ``job`` (see the module's documentation).

    Raises ``ValueError`` with the one-machine command's message for a bad job, ``TypeError``
    if ``job`` is not a dict.
    """
    if not isinstance(job, dict):
        raise TypeError(f"a job is a dict, not {type(job).__name__}")
    text = json.dumps(job, sort_keys=True)
    kind, units, key = _native.job_plan(text)
    return Plan(text=text, kind=kind, units=units, key=key)


def run_local(job: Dict[str, Any]) -> str:
    """The job in this process, as one shard: the one-machine command's ``--json`` text."""
    p = plan(job)
    return _native.job_merge(p.text, [_native.job_run(p.text, 0, p.units)])


def _cut(gaps: List[Tuple[int, int]], size: int) -> List[Tuple[int, int]]:
    """The ranges ``(first, count)`` of at most ``size`` units covering ``gaps``."""
    out = []
    for first, end in gaps:
        while first < end:
            count = min(size, end - first)
            out.append((first, count))
            first += count
    return out


def _write_atomic(path: str, data: bytes) -> None:
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _shard_name(first: int, count: int) -> str:
    return f"{first:015d}-{count}"


def _read_done(out_dir: str, p: Plan) -> Dict[Tuple[int, int], str]:
    """The shards of this job already in ``out_dir/shards`` (a torn or foreign file is
    skipped), without overlaps: ``{(first, count): text}``."""
    shards_dir = os.path.join(out_dir, "shards")
    found = []
    for name in sorted(os.listdir(shards_dir)):
        if not name.endswith(".json"):
            continue
        try:
            with open(os.path.join(shards_dir, name), encoding="utf-8") as f:
                text = f.read()
            value = json.loads(text)
        except (OSError, ValueError):
            continue
        if value.get("key") != p.key:
            continue
        first, count = value.get("first"), value.get("count")
        if not isinstance(first, int) or not isinstance(count, int):
            continue
        if p.kind == "selfplay" and not os.path.exists(
            os.path.join(out_dir, "records", _shard_name(first, count) + ".jsonl")
        ):
            continue
        found.append((first, count, text))
    done: Dict[Tuple[int, int], str] = {}
    end = 0
    for first, count, text in sorted(found):
        if first >= end and first + count <= p.units:
            done[(first, count)] = text
            end = first + count
    return done


def _prepare_dir(out_dir: str, p: Plan) -> None:
    """Makes ``out_dir`` for the job; refuses a directory that holds another job's."""
    os.makedirs(os.path.join(out_dir, "shards"), exist_ok=True)
    if p.kind == "selfplay":
        os.makedirs(os.path.join(out_dir, "records"), exist_ok=True)
    job_file = os.path.join(out_dir, "job.json")
    if os.path.exists(job_file):
        with open(job_file, encoding="utf-8") as f:
            try:
                old = json.load(f)
            except ValueError:
                old = {}
        if old.get("key") != p.key:
            raise ValueError(
                f"out_dir {out_dir}: holds the job {old.get('key')!r}, not {p.key!r}"
                " (use another directory)"
            )
    else:
        data = json.dumps({"key": p.key, "job": json.loads(p.text)}, indent=2)
        _write_atomic(job_file, data.encode())


def _keep(out_dir: Optional[str], p: Plan, first: int, count: int, text: str) -> str:
    """Writes a shard as it arrives (self-play: its records to their own file first) and
    gives the shard's text without the records."""
    if p.kind == "selfplay":
        value = json.loads(text)
        records = value.pop("records", [])
        text = json.dumps(value, sort_keys=True)
        if out_dir is not None:
            lines = "".join(json.dumps(r, sort_keys=True) + "\n" for r in records)
            path = os.path.join(out_dir, "records", _shard_name(first, count) + ".jsonl")
            _write_atomic(path, lines.encode())
    if out_dir is not None:
        path = os.path.join(out_dir, "shards", _shard_name(first, count) + ".json")
        _write_atomic(path, text.encode())
    return text


def _manifest(out_dir: str, p: Plan, ranges: List[Tuple[int, int]]) -> List[str]:
    """Writes ``manifest.json``: every records file with its range, games and SHA-256."""
    files = []
    entries = []
    for first, count in sorted(ranges):
        rel = os.path.join("records", _shard_name(first, count) + ".jsonl")
        with open(os.path.join(out_dir, rel), "rb") as f:
            data = f.read()
        entries.append(
            {
                "file": rel,
                "first": first,
                "count": count,
                "games": data.count(b"\n"),
                "sha256": hashlib.sha256(data).hexdigest(),
            }
        )
        files.append(os.path.join(out_dir, rel))
    manifest = {"key": p.key, "job": json.loads(p.text), "units": p.units, "files": entries}
    _write_atomic(os.path.join(out_dir, "manifest.json"), json.dumps(manifest, indent=2).encode())
    return files


class _Progress:
    """One line on standard error: games done of all, games per second, ETA."""

    def __init__(self, total: int, done: int, enabled: bool):
        self.total, self.done, self.base = total, done, done
        self.enabled = enabled
        self.started = time.monotonic()
        self.shown = 0.0

    def add(self, n: int, force: bool = False) -> None:
        self.done += n
        now = time.monotonic()
        if not self.enabled or (not force and now - self.shown < 0.2):
            return
        self.shown = now
        elapsed = max(now - self.started, 1e-9)
        rate = (self.done - self.base) / elapsed
        left = self.total - self.done
        eta = f"{left / rate:.0f} s" if rate > 0 else "?"
        sys.stderr.write(
            f"\r{self.done}/{self.total} games, {rate:,.0f} games/s, ETA {eta}   "
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            self.add(0, force=True)
            sys.stderr.write("\n")


def _task(job_text: str, first: int, count: int, pause: Optional[Tuple[str, float, int]]) -> str:
    """A Ray task's body: the range in Rust, the GIL released. ``pause`` (tests only):
    ``(directory, seconds, first)``: the task of that first unit, on its first attempt, writes
    its process id to ``directory/pid-<first>`` and waits, so that a test can kill it while it
    runs."""
    if pause is not None and pause[2] == first:
        directory, seconds, _ = pause
        marker = os.path.join(directory, f"pid-{first}")
        if not os.path.exists(marker):
            _write_atomic(marker, str(os.getpid()).encode())
            time.sleep(seconds)
    return _native.job_run(job_text, first, count)


def run(
    job: Dict[str, Any],
    *,
    address: Optional[str] = None,
    tasks: Optional[int] = None,
    out_dir: Optional[str] = None,
    progress: bool = True,
    max_retries: int = 3,
    num_cpus: Optional[int] = None,
    _pause: Optional[Tuple[str, float, int]] = None,
    _stop_after: Optional[int] = None,
) -> JobResult:
    """Runs ``job`` on Ray and gives the merged result.

    ``address``: the cluster's (``"auto"`` inside ``ray job submit``); by default a Ray
    already initialised in this process, else a local one (``ray.init()``, ``num_cpus`` CPUs).
    ``tasks``: how many ranges the units are cut into (default four per CPU of the cluster,
    at most one unit each). ``out_dir``: where shards (and self-play's records and
    ``manifest.json``) are written; a run started again with it resumes (required for
    ``selfplay``). ``max_retries``: Ray's retries of a task whose worker died.

    Raises ``ValueError`` with the command's message for a bad job (before any task is sent),
    for an ``out_dir`` holding another job, or for a ``tasks`` below 1.
    """
    p = plan(job)
    if tasks is not None and (not isinstance(tasks, int) or tasks < 1):
        raise ValueError(f"tasks: {tasks!r}: expected a whole number of tasks from 1")
    if p.kind == "selfplay" and out_dir is None:
        raise ValueError("out_dir: self-play writes its records there: give a directory")
    done: Dict[Tuple[int, int], str] = {}
    if out_dir is not None:
        _prepare_dir(out_dir, p)
        done = _read_done(out_dir, p)
    gaps, at = [], 0
    for first, count in sorted(done):
        if first > at:
            gaps.append((at, first))
        at = first + count
    if at < p.units:
        gaps.append((at, p.units))
    missing = sum(end - first for first, end in gaps)

    import ray  # only here: the rest of the package works without Ray

    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    if tasks is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        tasks = 4 * max(cpus, 1)
    size = max(1, -(-p.units // tasks))
    ranges = _cut(gaps, size)
    remote = ray.remote(num_cpus=1, max_retries=max_retries)(_task)
    job_ref = ray.put(p.text)
    pending = {remote.remote(job_ref, first, count, _pause): (first, count) for first, count in ranges}
    bar = _Progress(p.units, p.units - missing, progress)
    # Merged as they come: the shards read back, then each task's as it finishes.
    merger = _native.JobMerger(p.text)
    for text in done.values():
        merger.add(text)
    merged = list(done)
    finished = 0
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            for ref in ready:
                first, count = pending.pop(ref)
                text = ray.get(ref)
                merger.add(_keep(out_dir, p, first, count, text))
                merged.append((first, count))
                finished += 1
                bar.add(count)
                if _stop_after is not None and finished >= _stop_after:
                    raise KeyboardInterrupt(f"stopped after {finished} tasks (test)")
            if not ready:
                bar.add(0)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        bar.close()
    text = merger.finish()
    files: List[str] = []
    if out_dir is not None:
        _write_atomic(os.path.join(out_dir, "result.json"), text.encode())
        if p.kind == "selfplay":
            files = _manifest(out_dir, p, merged)
    return JobResult(
        text=text,
        result=json.loads(text),
        tasks_run=len(ranges),
        tasks_reused=len(done),
        out_dir=out_dir,
        files=files,
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardgames-ray",
        description="Studies, tournaments and self-play of boardgames-rs on a Ray cluster: "
        "the JSON of the one-machine command (boardgames ... --json), exactly.",
    )
    sub = parser.add_subparsers(dest="kind", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--address", help="the Ray cluster (auto inside `ray job submit`); default: a local Ray")
        p.add_argument("--tasks", type=int, help="ranges the games are cut into (default: 4 per CPU)")
        p.add_argument("--out", help="directory of the shards (and records); a stopped run resumes from it")
        p.add_argument("--max-retries", type=int, default=3, help="retries of a task whose worker died")
        p.add_argument("--quiet", action="store_true", help="no progress bar")

    s = sub.add_parser("sugoroku", help="as `boardgames simulate sugoroku --json`")
    s.add_argument("--games", type=int, default=1_000_000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--rules")
    common(s)
    t = sub.add_parser("trictrac", help="as `boardgames simulate trictrac`")
    t.add_argument("--games", type=int, default=1000)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--agents", default="bot,bot")
    t.add_argument("--trous", type=int, default=12)
    common(t)
    for name, what in (
        ("tournament", "as `boardgames tournament --json`"),
        ("selfplay", "a tournament's games, every record written under --out"),
    ):
        m = sub.add_parser(name, help=what)
        m.add_argument("--game", required=True, help="trictrac or tafl")
        m.add_argument("--agents", required=True, help="comma-separated, as `boardgames tournament`")
        m.add_argument("--games", type=int, default=10, help="rounds per pair (two games each)")
        m.add_argument("--seed", type=int, default=1)
        m.add_argument("--trous", type=int)
        m.add_argument("--rules")
        common(m)
    return parser


def _job_of(args: argparse.Namespace) -> Dict[str, Any]:
    job: Dict[str, Any] = {"kind": args.kind, "games": args.games, "seed": args.seed}
    if args.kind == "sugoroku":
        if args.rules is not None:
            job["rules"] = args.rules
    elif args.kind == "trictrac":
        job["agents"] = args.agents.split(",")
        job["trous"] = args.trous
    else:
        job["game"] = args.game
        job["agents"] = args.agents.split(",")
        for k in ("trous", "rules"):
            if getattr(args, k) is not None:
                job[k] = getattr(args, k)
    return job


def main(argv: Optional[List[str]] = None) -> int:
    """The ``boardgames-ray`` command: prints the merged JSON on standard output; a bad job
    gives ``error: <message>`` on standard error and exit code 2, before Ray starts."""
    args = _parser().parse_args(argv)
    job = _job_of(args)
    try:
        plan(job)
        outcome = run(
            job,
            address=args.address,
            tasks=args.tasks,
            out_dir=args.out,
            progress=not args.quiet,
            max_retries=args.max_retries,
        )
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(outcome.text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
