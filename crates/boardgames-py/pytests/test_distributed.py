"""boardgames_rs.distributed on a local Ray cluster of 2 CPUs started here: the result equals
byte for byte the one-process one (whatever the tasks), a killed worker's task is retried
and the result is still exact, a killed driver resumes from its shards without running a
finished task again, bad jobs are refused before any task is sent."""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
import ray

import boardgames_rs as bg
from boardgames_rs import _native
from boardgames_rs import distributed as dist


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    assert ray.cluster_resources()["CPU"] == 2
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


def test_sugoroku_study_is_exact_whatever_the_tasks(cluster):
    job = {"kind": "sugoroku", "games": 300_000, "seed": 11, "rules": "return=adds"}
    one = dist.run_local(job)
    result = json.loads(one)
    assert result["games"] == 300_000 and result["study_games"] == 300_000
    assert result["wins"]["first"] + result["wins"]["second"] + result["draws"] == 300_000
    for tasks in (1, 2, 7, 16):
        outcome = dist.run(job, tasks=tasks, progress=False)
        assert isinstance(outcome, dist.JobResult)
        assert outcome.text == one, tasks
        assert outcome.tasks_run == tasks and outcome.tasks_reused == 0


def test_outcome_is_the_former_name_of_job_result_with_a_deprecation_warning():
    with pytest.warns(DeprecationWarning, match="Outcome is now named JobResult"):
        old = dist.Outcome
    assert old is dist.JobResult
    assert "Outcome" not in dist.__all__ and "JobResult" in dist.__all__
    with pytest.raises(AttributeError, match="no attribute 'Income'"):
        dist.Income


def test_shards_merge_in_any_order():
    job = {"kind": "sugoroku", "games": 5000, "seed": 2}
    p = dist.plan(job)
    cuts = [0, 1, 1700, 1701, 4000, 5000]
    shards = [_native.job_run(p.text, a, b - a) for a, b in zip(cuts, cuts[1:])]
    one = dist.run_local(job)
    assert _native.job_merge(p.text, shards) == one
    assert _native.job_merge(p.text, shards[::-1]) == one
    assert _native.job_merge(p.text, shards[2:] + shards[:2]) == one
    with pytest.raises(ValueError, match="overlap"):
        _native.job_merge(p.text, shards + shards[:1])
    with pytest.raises(ValueError, match="missing"):
        _native.job_merge(p.text, shards[:-1])


MERGE_JOBS = [
    ({"kind": "sugoroku", "games": 5000, "seed": 5, "rules": "return=removes winner=captured"}, [0, 1, 999, 1000, 2500, 4999, 5000]),
    ({"kind": "trictrac", "games": 10, "seed": 3, "agents": ["bot", "random"], "trous": 1}, [0, 1, 4, 5, 9, 10]),
    (
        {"kind": "tournament", "game": "tafl", "rules": "brandubh", "agents": ["random", "bard", "mcts:10"], "games": 1},
        [0, 1, 2, 4, 5, 6],
    ),
]


@pytest.mark.parametrize("job,cuts", MERGE_JOBS, ids=[j["kind"] for j, _ in MERGE_JOBS])
def test_shards_merged_one_at_a_time_in_any_order_give_the_one_process_result(job, cuts):
    import random

    p = dist.plan(job)
    assert cuts[-1] == p.units
    shards = [_native.job_run(p.text, a, b - a) for a, b in zip(cuts, cuts[1:])]
    one = dist.run_local(job)
    assert _native.job_merge(p.text, shards) == one
    orders = [list(range(len(shards))), list(range(len(shards)))[::-1]]
    rng = random.Random(31)
    for _ in range(6):
        order = list(range(len(shards)))
        rng.shuffle(order)
        orders.append(order)
    for order in orders:
        merger = _native.JobMerger(p.text)
        assert (merger.done, merger.units) == (0, p.units)
        done = 0
        for n in order:
            merger.add(shards[n])
            done += cuts[n + 1] - cuts[n]
            assert merger.done == done
        assert merger.finish() == one, order


def test_the_merger_refuses_a_shard_it_cannot_add_and_keeps_its_totals():
    job = {"kind": "sugoroku", "games": 3000, "seed": 8}
    p = dist.plan(job)
    a = _native.job_run(p.text, 0, 1000)
    b = _native.job_run(p.text, 1000, 2000)
    merger = _native.JobMerger(p.text)
    merger.add(b)
    with pytest.raises(ValueError, match="missing"):
        merger.finish()
    # The same shard again, and one that overlaps it: refused, nothing added.
    with pytest.raises(ValueError, match="overlap the shard of units 1000 .. 3000"):
        merger.add(b)
    with pytest.raises(ValueError, match="overlap"):
        merger.add(_native.job_run(p.text, 500, 1000))
    other = dist.plan({"kind": "sugoroku", "games": 3000, "seed": 9})
    with pytest.raises(ValueError, match="is not the job's"):
        merger.add(_native.job_run(other.text, 0, 1000))
    with pytest.raises(ValueError, match="not JSON"):
        merger.add("{")
    assert merger.done == 2000
    merger.add(a)
    assert merger.finish() == dist.run_local(job)
    with pytest.raises(ValueError, match="--games: must be at least 1"):
        _native.JobMerger(json.dumps({"kind": "sugoroku", "games": 0}))


def test_the_driver_merges_each_task_as_it_finishes_and_shows_progress(cluster, monkeypatch, capsys):
    job = {"kind": "sugoroku", "games": 120_000, "seed": 12}
    one = dist.run_local(job)
    seen = []
    native = _native.JobMerger

    class Watched:
        """The native merger, recording how many units it holds after each shard."""

        def __init__(self, text):
            self.inner = native(text)

        def add(self, shard):
            self.inner.add(shard)
            seen.append(self.inner.done)

        def finish(self):
            return self.inner.finish()

    def no_bulk_merge(*args):
        raise AssertionError("the driver merged all the shards at the end")

    monkeypatch.setattr(_native, "JobMerger", Watched)
    monkeypatch.setattr(_native, "job_merge", no_bulk_merge)
    outcome = dist.run(job, tasks=6, progress=True)
    assert outcome.text == one
    # One merge per task as it came back, 20 000 games each.
    assert seen == [20_000 * k for k in range(1, 7)]
    err = capsys.readouterr().err
    # The progress line (redrawn with \r): games done of all, games per second, ETA.
    last = err.rstrip("\n").split("\r")[-1]
    assert last.startswith("120000/120000 games, ") and " games/s, ETA " in last, last


def test_trictrac_study_is_exact(cluster):
    job = {"kind": "trictrac", "games": 24, "seed": 4, "agents": ["bot", "random"], "trous": 2}
    one = dist.run_local(job)
    result = json.loads(one)
    assert result["games"] == 24 and result["agents"] == ["bot", "random"]
    # The heuristic wins most parties against random play.
    assert result["wins"]["first"] > result["wins"]["second"]
    outcome = dist.run(job, tasks=5, progress=False)
    assert outcome.text == one


def test_tafl_tournament_is_exact(cluster):
    job = {
        "kind": "tournament",
        "game": "tafl",
        "rules": "brandubh",
        "agents": ["random", "bard", "mcts:20"],
        "games": 2,
        "seed": 9,
    }
    one = dist.run_local(job)
    result = json.loads(one)
    assert result["agents"] == ["random", "bard", "mcts:20"]
    assert sum(pair["games"] for pair in result["pairs"]) == 12
    for tasks in (3, 12):
        assert dist.run(job, tasks=tasks, progress=False).text == one


def test_selfplay_writes_records_and_a_manifest(cluster, tmp_path):
    job = {"kind": "selfplay", "game": "trictrac", "agents": ["random", "bot"], "games": 3, "trous": 1}
    outcome = dist.run(job, tasks=3, out_dir=str(tmp_path), progress=False)
    # The tournament of the same games.
    assert outcome.text == dist.run_local(dict(job, kind="tournament"))
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    # One pair, three rounds of two games: six games in three files of two.
    assert manifest["units"] == 6
    assert [e["first"] for e in manifest["files"]] == [0, 2, 4]
    assert sum(e["games"] for e in manifest["files"]) == 6
    fixtures = []
    for entry in manifest["files"]:
        lines = (tmp_path / entry["file"]).read_text().splitlines()
        assert len(lines) == entry["count"] == entry["games"]
        for line in lines:
            game = json.loads(line)
            fixtures.append(game["fixture"])
            state = bg.state_from_record("trictrac", game["record"])
            assert state.is_terminal()
            assert list(state.returns()) == game["returns"]
    assert fixtures == list(range(6))


def test_a_killed_worker_is_retried_and_the_result_exact(cluster, tmp_path):
    job = {"kind": "sugoroku", "games": 200_000, "seed": 3}
    one = dist.run_local(job)
    killed = []

    def kill():
        marker = tmp_path / "pid-50000"
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        pid = int(marker.read_text())
        assert pid != os.getpid()
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    killer = threading.Thread(target=kill)
    killer.start()
    # The task of games 50 000 .. 100 000 waits (first attempt only) until it is killed.
    outcome = dist.run(job, tasks=4, progress=False, _pause=(str(tmp_path), 60.0, 50_000))
    killer.join()
    assert len(killed) == 1
    assert outcome.text == one
    assert outcome.tasks_run == 4


def test_a_killed_driver_resumes_without_running_a_finished_task(cluster, tmp_path):
    out = tmp_path / "run"
    args = ["sugoroku", "--games", "6000000", "--seed", "7", "--tasks", "24", "--out", str(out)]
    driver = subprocess.Popen(
        [sys.executable, "-m", "boardgames_rs.distributed", *args, "--address", cluster, "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    shards = out / "shards"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and driver.poll() is None:
        if shards.exists() and len([f for f in os.listdir(shards) if f.endswith(".json")]) >= 2:
            break
        time.sleep(0.01)
    assert driver.poll() is None, "the driver ended before it was stopped"
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    assert not (out / "result.json").exists()
    before = {
        f: ((shards / f).stat().st_mtime_ns, (shards / f).read_bytes())
        for f in os.listdir(shards)
        if f.endswith(".json")
    }
    assert 2 <= len(before) < 24
    job = {"kind": "sugoroku", "games": 6_000_000, "seed": 7}
    outcome = dist.run(job, tasks=24, out_dir=str(out), progress=False)
    assert outcome.tasks_reused == len(before)
    assert outcome.tasks_run == 24 - len(before)
    for f, (mtime, data) in before.items():
        assert (shards / f).stat().st_mtime_ns == mtime and (shards / f).read_bytes() == data
    assert len([f for f in os.listdir(shards) if f.endswith(".json")]) == 24
    assert outcome.text == dist.run_local(job)
    assert (out / "result.json").read_text() == outcome.text
    # A third run reads everything back and runs nothing.
    again = dist.run(job, tasks=24, out_dir=str(out), progress=False)
    assert (again.tasks_run, again.tasks_reused, again.text) == (0, 24, outcome.text)


def test_bad_jobs_are_refused_before_any_task(cluster, monkeypatch, tmp_path, capsys):
    def no_task(*args, **kwargs):
        raise AssertionError("a task was sent")

    monkeypatch.setattr(ray, "remote", no_task)
    bad = [
        (
            {"kind": "tournament", "game": "tafl", "agents": ["random", "bogus"]},
            '--agents: unknown agent "bogus": expected random, mcts:N, expecti:D, and bot, '
            "searchbot, searchbot:B, tdbot, tdbot:FILE, tdsearchbot, tdsearchbot:FILE (trictrac) or bard, "
            "ovate, druid, druid:NODES (tafl)",
        ),
        (
            {"kind": "tournament", "game": "trictrac", "agents": ["bot", "druid"]},
            "--agents: druid plays tafl only",
        ),
        (
            {"kind": "tournament", "game": "trictrac", "agents": ["bot", "random"], "rules": "brandubh"},
            "--rules: is for tafl; trictrac takes --trous",
        ),
        ({"kind": "sugoroku", "games": 0}, "--games: must be at least 1"),
    ]
    for job, message in bad:
        with pytest.raises(ValueError) as e:
            dist.run(job, out_dir=str(tmp_path / "never"))
        assert str(e.value) == message
    with pytest.raises(ValueError, match=r"^--rules: "):
        dist.run({"kind": "tournament", "game": "tafl", "agents": ["bard", "druid"], "rules": "nonesuch"})
    with pytest.raises(ValueError, match=r"^--rules: "):
        dist.run({"kind": "sugoroku", "games": 10, "rules": "return=sideways"})
    with pytest.raises(ValueError, match="unknown field `agent`"):
        dist.run({"kind": "trictrac", "games": 10, "agent": ["bot", "bot"]})
    with pytest.raises(ValueError, match="self-play writes its records"):
        dist.run({"kind": "selfplay", "game": "tafl", "agents": ["bard", "druid"]})
    assert not (tmp_path / "never").exists()
    # The command: exit code 2 and the message, nothing printed on standard output.
    code = dist.main(["tournament", "--game", "tafl", "--agents", "random,bogus"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.startswith('error: --agents: unknown agent "bogus"')


def test_the_command_prints_the_one_process_json(cluster, capsys):
    code = dist.main(["trictrac", "--games", "6", "--agents", "bot,random", "--trous", "1", "--tasks", "3", "--quiet"])
    captured = capsys.readouterr()
    assert code == 0
    job = {"kind": "trictrac", "games": 6, "seed": 1, "agents": ["bot", "random"], "trous": 1}
    assert captured.out == dist.run_local(job) + "\n"


def test_an_out_dir_of_another_job_is_refused(cluster, tmp_path):
    dist.run({"kind": "sugoroku", "games": 1000}, tasks=2, out_dir=str(tmp_path), progress=False)
    with pytest.raises(ValueError, match="holds the job"):
        dist.run({"kind": "sugoroku", "games": 1000, "seed": 1}, out_dir=str(tmp_path))
