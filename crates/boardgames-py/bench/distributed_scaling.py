"""One Ray worker against two, in one run: a local Ray of 1 CPU, then of 2 CPUs, the same
jobs cut into the same tasks; wall time, games per second and the ratio (docs/distributed.md).

    python bench/distributed_scaling.py [--sugoroku-games N] [--tafl-rounds R]
"""

import argparse
import json
import os
import time

import ray

from boardgames_rs import distributed as dist


def timed(job, tasks):
    started = time.perf_counter()
    outcome = dist.run(job, tasks=tasks, progress=False)
    return time.perf_counter() - started, outcome.text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sugoroku-games", type=int, default=20_000_000)
    parser.add_argument("--tafl-rounds", type=int, default=10)
    parser.add_argument("--tasks", type=int, default=16)
    args = parser.parse_args()
    jobs = {
        "sugoroku": {"kind": "sugoroku", "games": args.sugoroku_games, "seed": 0},
        "tafl brandubh bard-ovate": {
            "kind": "tournament",
            "game": "tafl",
            "rules": "brandubh",
            "agents": ["bard", "ovate"],
            "games": args.tafl_rounds,
        },
    }
    rows = {}
    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        dist.run({"kind": "sugoroku", "games": 1000}, tasks=cpus, progress=False)  # warm the workers
        for name, job in jobs.items():
            seconds, text = timed(job, args.tasks)
            rows.setdefault(name, []).append((seconds, text))
        ray.shutdown()
    print(f"load average before and after: {os.getloadavg()}")
    for name, ((one, text1), (two, text2)) in rows.items():
        assert text1 == text2, name
        units = dist.plan(jobs[name]).units
        print(
            f"| {name} | {units} games, {args.tasks} tasks | 1 worker {one:.2f} s "
            f"({units / one:,.0f} games/s) | 2 workers {two:.2f} s ({units / two:,.0f} games/s) "
            f"| {one / two:.2f}x |"
        )
    shard = dist._native.job_run(dist.plan(jobs["sugoroku"]).text, 0, 1_000_000)
    print(f"a sugoroku shard of 10^6 games: {len(shard)} bytes of JSON")
    print(json.dumps({"cpus": os.cpu_count()}))


if __name__ == "__main__":
    main()
