"""Batches give the same per-game results however they are computed."""

import os
import signal

import pytest

from rulekeeper.lab.batch import BatchSpec, play_one, run_serial
from rulekeeper.lab.run import Plan, UntilNarrow, play_batch, run_batch, terminate
from rulekeeper.lab.summary import OutcomeCounts

SPEC = BatchSpec("skirmish-v1", ("random",))


def test_serial_two_processes_and_chunkings_agree():
    serial = list(run_serial(SPEC, 60, 5))
    assert [r.game for r in serial] == list(range(60))
    assert len({r.seed for r in serial}) == 60
    assert run_batch(SPEC, 60, 5) == serial
    assert run_batch(SPEC, 60, 5, Plan(workers=2)) == serial
    assert run_batch(SPEC, 60, 5, Plan(workers=2, chunk=7)) == serial
    assert play_one(SPEC, 5, 41) == serial[41]
    assert run_batch(SPEC, 60, 6) != serial


@pytest.mark.timeout(300)
def test_ray_cluster_gives_the_same_results(ray_cluster):
    serial = run_batch(SPEC, 80, 3)
    on_ray = run_batch(SPEC, 80, 3, Plan(workers=0, backend="ray", ray_address=ray_cluster,
                                           chunk=16))
    assert on_ray == serial
    # the bots that read the table (Dire Alliance's heuristic) play the same games there too
    battle = BatchSpec("dire-alliance-battle", ("heuristic",))
    assert run_batch(battle, 4, 3, Plan(workers=0, backend="ray", ray_address=ray_cluster,
                                        chunk=2)) == run_batch(battle, 4, 3)
    seen = []
    until = UntilNarrow("left", 0.2, every=10)
    stopped = run_batch(SPEC, 500, 3, Plan(workers=2, backend="ray", ray_address=ray_cluster,
                                           chunk=9), progress=seen.append, until=until)
    assert stopped == run_batch(SPEC, 500, 3, until=UntilNarrow("left", 0.2, every=10))
    assert sum(seen) >= len(stopped)


def test_until_ci_stops_at_the_same_game_however_computed():
    runs = [run_batch(SPEC, 5000, 1, plan, until=UntilNarrow("left", 0.05, every=50))
            for plan in (Plan(), Plan(workers=2), Plan(workers=2, chunk=33))]
    assert runs[0] == runs[1] == runs[2]
    n = len(runs[0])
    assert n % 50 == 0 and 50 <= n < 5000
    # The intervals were too wide 50 games earlier.
    assert UntilNarrow("left", 0.05, every=50).stop_in(runs[0][: n - 50]) is None
    assert UntilNarrow("left", 0.05, every=50).stop_in(runs[0]) == n
    # It stops once every interval is that narrow: the win's, the tie's and the loss's.
    kept = OutcomeCounts("left")
    for result in runs[0]:
        kept.add(result.winner)
    assert max(e.half_width for e in kept.estimates().values()) <= 0.05


@pytest.mark.parametrize("plan", [Plan(workers=2)])
def test_user_errors_are_raised_before_workers_start(plan):
    from rulekeeper.core.errors import UsageError

    with pytest.raises(UsageError, match="no team 'ghosts'"):
        run_batch(BatchSpec("skirmish-v1", options={"left": "ghosts"}), 10, 0, plan)
    with pytest.raises(UsageError, match="bots only"):
        run_batch(BatchSpec("skirmish-v1", ("human",)), 10, 0, plan)


def test_workers_from_a_fork_server_register_the_ruleset(monkeypatch):
    """With threads running, workers start from a fork server and import the ruleset."""
    from rulekeeper.lab import run as run_module

    monkeypatch.setattr(run_module.threading, "active_count", lambda: 2)
    assert run_module._context().get_start_method() == "forkserver"
    assert run_batch(SPEC, 30, 2, Plan(workers=2, chunk=4)) == run_batch(SPEC, 30, 2)


def _nothing() -> int:
    return 0


@pytest.mark.timeout(120)
def test_a_pool_stopped_with_half_a_result_in_its_pipe_shuts_down():
    # A worker ended while it sends its result leaves half a message in the result pipe;
    # the pool's manager thread then waits for the rest. terminate() must free it.
    import multiprocessing
    import struct
    import threading
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
    assert pool.submit(_nothing).result(timeout=60) == 0
    writer = pool._result_queue._writer  # type: ignore[attr-defined]
    os.write(writer.fileno(), struct.pack("!i", 1000) + b"half a result")
    terminate(pool)
    stopping = threading.Thread(target=pool.shutdown, kwargs={"wait": True}, daemon=True)
    stopping.start()
    stopping.join(timeout=60)
    assert not stopping.is_alive(), "the pool's shutdown hangs"


def test_a_stop_during_a_sink_comes_after_it_never_between_its_tally_and_its_file():
    # a time cap's SIGALRM (as the server's lab runner turns it into KeyboardInterrupt) that
    # comes while the sink counts its games lands after the sink also wrote them
    taken: list[str] = []

    def sink(results):
        taken.append("tally")
        signal.raise_signal(signal.SIGALRM)
        taken.append("file")

    def time_up(*_):
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGALRM, time_up)
    try:
        with pytest.raises(KeyboardInterrupt):
            play_batch(SPEC, 4, 1, Plan(workers=1, chunk=2), sink)
    finally:
        signal.signal(signal.SIGALRM, before)
    assert taken == ["tally", "file"]


def test_a_stopped_batch_gives_its_sink_the_games_that_finished_out_of_order(monkeypatch):
    # games 4..7 finished before games 0..3 (another worker's chunk), then the stop came:
    # they are handed over too, not lost with the stop
    from rulekeeper.lab import run

    def pieces(spec, seed, jobs):
        yield [play_one(spec, seed, index) for index in range(4, 8)]
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "serial_pieces", pieces)
    taken = []
    with pytest.raises(KeyboardInterrupt):
        play_batch(SPEC, 8, 1, Plan(workers=1, chunk=4), taken.extend)
    assert [r.game for r in taken] == [4, 5, 6, 7]
