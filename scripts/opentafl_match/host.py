"""The running parts of scripts/opentafl-match: the relay, the processes, OpenTafl and our
binary found and checked, one match of games on one OpenTafl server."""

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

# ---------------------------------------------------------------------------------------
# The relay: `opentafl-match --relay LOG -- COMMAND...`
# ---------------------------------------------------------------------------------------


def relay(log_path, command):
    """Runs COMMAND, copying standard input to it and its standard output back, line by line
    and unchanged (each line written whole and flushed: OpenTafl never joins a line split
    across writes), and writes every line to LOG with the time it passed. Its standard error
    goes to LOG.stderr. Exits with the command's exit code."""
    log = open(log_path, "a", encoding="utf-8", errors="replace")
    lock = threading.Lock()

    def note(direction, line):
        with lock:
            log.write("%.3f %s %s\n" % (time.time(), direction,
                                        line.decode("utf-8", "replace").rstrip("\r\n")))
            log.flush()

    with open(log_path + ".stderr", "ab") as err:
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=err)

    def forward():
        try:
            for line in iter(sys.stdin.buffer.readline, b""):
                note("<", line)
                child.stdin.write(line)
                child.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        try:
            child.stdin.close()
        except OSError:
            pass
        # The host has gone: give the engine a moment to leave by itself.
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()

    def stop(signum, frame):
        child.kill()
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    threading.Thread(target=forward, daemon=True).start()
    try:
        for line in iter(child.stdout.readline, b""):
            note(">", line)
            sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()
    except (BrokenPipeError, OSError):
        child.kill()
    code = child.wait()
    log.close()
    return code


# ---------------------------------------------------------------------------------------
# Processes
# ---------------------------------------------------------------------------------------


class Processes:
    """Every process the match starts, each the leader of a process group of its own (a
    headless client's group holds its engine and relay too), so that all are stopped on
    the way out, on an error or Ctrl-C included."""

    def __init__(self):
        self.lock = threading.Lock()
        self.running = []

    def start(self, args, cwd, output):
        with open(output, "ab") as out, self.lock:
            proc = subprocess.Popen(args, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            self.running.append(proc)
        return proc

    def stop(self, proc, grace=3.0):
        """Stops the process's whole group: SIGTERM, then SIGKILL after `grace` seconds."""
        for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, grace)):
            try:
                os.killpg(proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                break
            deadline = time.time() + wait
            while time.time() < deadline and group_alive(proc.pid):
                proc.poll()
                time.sleep(0.1)
            if not group_alive(proc.pid):
                break
        proc.poll()
        with self.lock:
            if proc in self.running:
                self.running.remove(proc)

    def stop_all(self):
        with self.lock:
            procs = list(self.running)
        for proc in procs:
            self.stop(proc, grace=2.0)


def group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def port_open(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def read_end(path, size=16384):
    """The last `size` bytes of a file as text ("" if it cannot be read): the relays' logs
    are read twice a second while a game runs, and OpenTafl's engine writes much."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(f.tell() - size, 0))
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def tail(path, n=5):
    return "\n".join(read_text(path).splitlines()[-n:])


# ---------------------------------------------------------------------------------------
# Checks before a match
# ---------------------------------------------------------------------------------------


def find_java(java):
    path = shutil.which(java)
    if path is None:
        raise MatchError("java not found (%r): install a Java 17 runtime (Debian: apt-get "
                         "install openjdk-17-jdk-headless) or give --java PATH" % java)
    return path


def class_path(opentafl, extra_jars):
    """OpenTafl's classes, its lib/*.jar, the jars given and Debian's, each library of
    LIBRARIES found in one of them; a MatchError naming what is missing otherwise."""
    if not os.path.isdir(opentafl):
        raise MatchError("OpenTafl not found: %s is not a directory (give --opentafl, the "
                         "clone built as docs/opentafl-engine.md says)" % opentafl)
    classes = os.path.join(opentafl, CLASSES)
    main = os.path.join(classes, *MAIN_CLASS.split(".")) + ".class"
    if not os.path.isfile(main):
        raise MatchError("OpenTafl is not built: %s is missing (build it with javac into %s, "
                         "docs/opentafl-engine.md \"Matches against OpenTafl's AI\")"
                         % (main, CLASSES))
    lib = os.path.join(opentafl, "lib")
    jars = sorted(os.path.join(lib, j) for j in os.listdir(lib) if j.endswith(".jar")) \
        if os.path.isdir(lib) else []
    for jar in list(extra_jars) + DEBIAN_JARS:
        if jar in extra_jars and not os.path.isfile(jar):
            raise MatchError("--jar %s: no such file" % jar)
        if os.path.isfile(jar) and jar not in jars:
            jars.append(os.path.realpath(jar) if jar in DEBIAN_JARS else jar)
    contents = {}
    for jar in jars:
        try:
            with zipfile.ZipFile(jar) as z:
                contents[jar] = set(z.namelist())
        except (OSError, zipfile.BadZipFile) as e:
            raise MatchError("cannot read the jar %s: %s" % (jar, e))
    for name, cls, package in LIBRARIES:
        if not any(cls in names for names in contents.values()):
            raise MatchError("OpenTafl needs %s (the class %s) and no jar holds it: install "
                             "%s, or give its jar with --jar" % (name, cls, package))
    return ":".join([os.path.abspath(classes)] + [os.path.abspath(j) for j in jars])


def check_boardgames(path):
    if not os.path.isfile(path):
        raise MatchError("our binary not found: %s (build it with `cargo build --release -p "
                         "boardgames-cli --no-default-features`, or give --boardgames PATH)"
                         % path)
    if not os.access(path, os.X_OK):
        raise MatchError("our binary is not executable: %s" % path)
    try:
        done = subprocess.run([path, "tafl", "engine", "--help"], capture_output=True,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise MatchError("cannot run %s: %s" % (path, e))
    if done.returncode != 0 or b"--think" not in done.stdout:
        raise MatchError("%s has no `tafl engine --think`: not a boardgames binary of this "
                         "repository, or too old" % path)
    return os.path.abspath(path)


# ---------------------------------------------------------------------------------------
# A match
# ---------------------------------------------------------------------------------------


class Match:
    def __init__(self, args, java, cp, boardgames):
        self.args = args
        self.java = java
        self.cp = cp
        self.boardgames = boardgames
        self.procs = Processes()
        self.stopping = threading.Event()
        self.server = None
        self.server_lock = threading.Lock()
        self.tag = "%04x" % (int(time.time()) % 65536)
        self.out = args.out

    def opentafl(self, *extra):
        return [self.java] + ADD_EXPORTS + ["-cp", self.cp, MAIN_CLASS] + list(extra)

    def start_server(self):
        with self.server_lock:
            if self.server is not None and self.server.poll() is None:
                return
            if port_open(PORT):
                raise MatchError("port %d is already taken (another OpenTafl server?): "
                                 "OpenTafl's clients connect to that port only; stop it first"
                                 % PORT)
            work = os.path.join(self.out, "server")
            os.makedirs(work, exist_ok=True)
            self.server = self.procs.start(self.opentafl("--server"), work,
                                           os.path.join(work, "server.out"))
            deadline = time.time() + 60
            while not port_open(PORT):
                if self.server.poll() is not None:
                    raise MatchError("OpenTafl's server stopped at start:\n"
                                     + tail(os.path.join(work, "server.out")))
                if time.time() > deadline:
                    raise MatchError("OpenTafl's server did not listen on port %d in 60 s"
                                     % PORT)
                time.sleep(0.2)

    def engine_dir(self, client, name, command, settings):
        """`client/engines/NAME.ini` and `client/engines/NAME/engine.sh` (the command behind
        the relay); `settings` is the engine directory's settings.ini, if any."""
        folder = os.path.join(client, "engines", name)
        os.makedirs(folder, exist_ok=True)
        script = os.path.join(folder, "engine.sh")
        with open(script, "w") as f:
            f.write("#!/bin/sh\nexec %s\n" % " ".join(shlex.quote(c) for c in command))
        with open(os.path.join(client, "engines", name + ".ini"), "w") as f:
            # OpenTafl splits `arguments` on single spaces and runs `command` in the folder
            # `engines/<directory>` of its working directory, where `filename` must exist.
            f.write("[engine]\nname=%s\ndirectory=%s\nfilename=engine.sh\ncommand=/bin/sh\n"
                    "arguments=engine.sh\n" % (name, name))
        if settings is not None:
            with open(os.path.join(folder, "settings.ini"), "w") as f:
                f.write(settings)
        return os.path.join("engines", name + ".ini")

    def relay_command(self, log, command):
        return [sys.executable, SCRIPT, "--relay", log, "--"] + command

    def client(self, work, output, args, ready, refused, what, settle=0.0):
        """Starts a headless client and waits for `ready` in its output; a login that times
        out (a new user's first login can) or a `refused` text starts it again, up to
        `CLIENT_TRIES` times, under a fresh user name (`args` is a function of the attempt).
        With `settle`, a `refused` text within that many seconds after `ready` starts it again too (the
        joining client prints "Connected." before the server refuses the join: game 302 of
        docs/tafl-ai.md's SPSA quarter-time match, "already-hosting")."""
        for attempt in range(1, CLIENT_TRIES + 1):
            mark = len(read_text(output))
            proc = self.procs.start(self.opentafl(*args(attempt)), work, output)
            deadline = time.time() + 20
            while True:
                text = read_text(output)[mark:]
                if ready in text:
                    settled = time.time() + settle
                    while time.time() < settled and not any(r in text for r in refused):
                        time.sleep(0.2)
                        text = read_text(output)[mark:]
                    if not any(r in text for r in refused):
                        return proc, attempt
                    break
                failed = ("Failed" in text or any(r in text for r in refused)
                          or proc.poll() is not None or time.time() > deadline)
                if failed or self.stopping.is_set():
                    break
                time.sleep(0.2)
            self.procs.stop(proc)
            if self.stopping.is_set():
                return None, attempt
            time.sleep(1.0)
        raise RuntimeError("%s did not start after %d tries: %s"
                           % (what, CLIENT_TRIES, tail(output, 3)))

    def play(self, number):
        """One game, in its own folder `game-NNN`: both clients, the game, the result."""
        a = self.args
        seed = number
        we_attack = number % 2 == 1
        game = os.path.join(self.out, "game-%03d" % number)
        ours = os.path.join(game, "ours")
        theirs = os.path.join(game, "opentafl")
        for d in (ours, theirs):
            os.makedirs(d, exist_ok=True)
        our_relay = os.path.join(game, "ours.relay.log")
        their_relay = os.path.join(game, "opentafl.relay.log")
        our_log = os.path.join(game, "ours.engine.log")
        engine = [self.boardgames, "tafl", "engine", "--level", a.level, "--seed", str(seed),
                  "--log", our_log, "--think", a.think] + a.engine_args
        our_ini = self.engine_dir(ours, "boardgames", self.relay_command(our_relay, engine),
                                  None)
        their_ini = self.engine_dir(
            theirs, "opentafl", self.relay_command(their_relay, self.opentafl("--engine")),
            "[config]\nthinktime=%d\n" % a.thinktime)
        side = "attackers" if we_attack else "defenders"
        names = {}

        def creator(attempt):
            names["ours"] = "bg%sg%da%d" % (self.tag, number, attempt + names["past"])
            return ["--headless", "--server", "localhost", "--username", names["ours"],
                    "--password", "match", "--engine", our_ini, "--create", "--rules",
                    str(a.rules_number), "--clock", a.clock, "--side", side]

        def joiner(attempt):
            return ["--headless", "--server", "localhost", "--username",
                    "ot%sg%da%d" % (self.tag, number, attempt + names["past"]), "--password", "match",
                    "--engine", their_ini, "--join", "--opponent", names["ours"]]

        started = time.time()
        our_proc = their_proc = None
        timed_out = None
        try:
            self.start_server()
            # The whole game is set up again when OpenTafl's client cannot find it: the
            # server can fail to create a game started at the same moment as another one
            # (a NullPointerException in its move cache: game 422 of docs/tafl-ai.md's
            # equal-time match), which our client does not see.
            names["past"] = 0
            for setup in range(1, 4):
                our_proc, _ = self.client(ours, os.path.join(game, "ours.client.out"),
                                          creator, "Connected.", [], "our client")
                if our_proc is None:
                    return None
                time.sleep(1.0)  # the game's creation reaches the server
                try:
                    their_proc, _ = self.client(
                        theirs, os.path.join(game, "opentafl.client.out"), joiner,
                        "Connected.", ["not found", "Error joining game"],
                        "OpenTafl's client", settle=3.0)
                except RuntimeError:
                    if setup == 3:
                        raise
                    self.procs.stop(our_proc)
                    our_proc = None
                    names["past"] += CLIENT_TRIES
                    time.sleep(2.0)
                    continue
                break
            if their_proc is None:
                return None
            # The joining client leaves (exits) when the game is over; our creating client
            # would create a new game, so it is stopped once its record is written.
            ended = None
            while not self.stopping.is_set():
                now = time.time()
                finished = ("< finish" in read_end(our_relay)
                            and "< finish" in read_end(their_relay))
                if their_proc.poll() is not None or our_proc.poll() is not None:
                    ended = ended or now
                if finished:
                    ended = ended or now
                if ended and (records(ours) or now - ended > 10):
                    break
                if now - started > a.timeout:
                    timed_out = a.timeout
                    break
                time.sleep(0.5)
            if self.stopping.is_set():
                return None
            time.sleep(1.0)
        finally:
            for proc in (their_proc, our_proc):
                if proc is not None:
                    self.procs.stop(proc)
        return self.read_game(number, seed, we_attack, game, timed_out,
                              time.time() - started)

    def read_game(self, number, seed, we_attack, game, timed_out, seconds):
        ours = parse_relay(read_text(os.path.join(game, "ours.relay.log")).splitlines())
        theirs = parse_relay(read_text(os.path.join(game, "opentafl.relay.log")).splitlines())
        finish, disagreement = finish_of(ours, theirs)
        files = records(os.path.join(game, "ours")) or records(os.path.join(game, "opentafl"))
        tags, moves = ({}, [])
        replay = None
        if files:
            shutil.copyfile(files[-1], os.path.join(game, "record.otg"))
            tags, moves = parse_otg(read_text(files[-1]))
        rules = ours["rules"] or theirs["rules"]
        if files and rules:
            mine = os.path.join(game, "record.txt")
            with open(mine, "w") as f:
                f.write(our_record(rules, moves))
            try:
                done = subprocess.run([self.boardgames, "replay", "--json", mine],
                                      capture_output=True, timeout=60)
                replay = json.loads(done.stdout).get("result") if done.returncode == 0 \
                    else "refused: " + done.stderr.decode("utf-8", "replace").strip()
            except (OSError, ValueError, subprocess.TimeoutExpired) as e:
                replay = "failed: %s" % e
        if timed_out is not None:
            finish = None
        score = score_of(finish, we_attack)
        differed = read_text(os.path.join(game, "ours.engine.log")).count(
            "the host's board differs from ours")
        how = how_it_ended(finish, tags.get("result"), replay, moves, ours, theirs, timed_out)
        if disagreement:
            how += "; " + disagreement
        if differed:
            how += "; our board differed from the host's %d times" % differed
        if ours["errors"]:
            how += "; %d of our moves refused" % ours["errors"]
        return {
            "number": number, "seed": seed, "we_attack": we_attack, "finish": finish,
            "score": score, "plies": len(moves), "how": how, "replay": replay,
            "our_times": ours["moves"], "their_times": theirs["moves"],
            "seconds": round(seconds, 1), "folder": game,
        }


def records(client):
    folder = os.path.join(client, "saved-games", "headless-ai")
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".otg"))
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names]


def write_results(path, args, games, interrupted):
    rows = summary_rows(games)
    text = ["OpenTafl match: ruleset %s (OpenTafl's %d), clock %s, OpenTafl's thinktime %d s, "
            "ours --think %s, games %d to %d%s" % (
                args.rules, args.rules_number, args.clock, args.thinktime, args.think,
                args.first_seed, args.first_seed + args.games - 1,
                " (interrupted)" if interrupted else ""),
            "", format_table(rows), ""]
    text += [format_game(g) for g in sorted(games, key=lambda g: g["number"])]
    with open(os.path.join(path, "summary.txt"), "w") as f:
        f.write("\n".join(text) + "\n")
    with open(os.path.join(path, "games.json"), "w") as f:
        json.dump({"settings": {k: v for k, v in vars(args).items() if k != "func"},
                   "table": rows, "games": games, "interrupted": interrupted}, f, indent=1)
    return "\n".join(text)


def run_match(args):
    cp = class_path(args.opentafl, args.jar)
    java = find_java(args.java)
    boardgames = check_boardgames(args.boardgames)
    if port_open(PORT):
        raise MatchError("port %d is already taken (another OpenTafl server?): OpenTafl's "
                         "clients connect to that port only; stop it first" % PORT)
    if args.out is None:
        args.out = os.path.join(REPO, "target", "opentafl-match", "%s-%s" % (
            args.rules, time.strftime("%Y%m%d-%H%M%S", time.gmtime())))
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)
    print("results in %s" % args.out, flush=True)

    match = Match(args, java, cp, boardgames)
    todo = queue.Queue()
    for n in range(args.first_seed, args.first_seed + args.games):
        todo.put(n)
    games = []
    failures = []
    lock = threading.Lock()

    def worker(index):
        # Games set up a few seconds apart: OpenTafl's server can fail to create two games
        # at the same moment.
        time.sleep(5.0 * index)
        while not match.stopping.is_set():
            try:
                n = todo.get_nowait()
            except queue.Empty:
                return
            try:
                g = match.play(n)
            except Exception as e:  # one game's failure is reported, the match stops
                with lock:
                    failures.append("game %d: %s" % (n, e))
                match.stopping.set()
                return
            if g is not None:
                with lock:
                    games.append(g)
                    print(format_game(g), flush=True)

    def on_signal(signum, frame):
        raise KeyboardInterrupt

    # SIGINT too: a shell starting the script in the background leaves it ignored.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_signal)
    interrupted = False
    threads = [threading.Thread(target=worker, args=(i,), daemon=True)
               for i in range(args.parallel)]
    try:
        match.start_server()
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            time.sleep(0.3)
    except KeyboardInterrupt:
        interrupted = True
        print("\ninterrupted: stopping every process of the match", file=sys.stderr)
    finally:
        match.stopping.set()
        match.procs.stop_all()
    text = write_results(args.out, args, games, interrupted or bool(failures))
    print()
    print(text)
    for f in failures:
        print("error: %s" % f, file=sys.stderr)
    if failures:
        return 1
    return 130 if interrupted else 0
