"""schedule/implied.py drops only difference constraints that the others imply: the closure of
longest paths (hence the SDC's feasible set) is the same, on random constraint systems shaped like
a block's (forward data and chain constraints, parallel repeats, backward negative windows)."""

import random

from cryptohls.schedule.implied import drop_implied

NEG = float("-inf")


def closure(cons, n):
    """Longest path weight i -> j (or -inf), Floyd-Warshall (a positive cycle shows on the diagonal)."""
    dist = [[0 if i == j else NEG for j in range(n)] for i in range(n)]
    for j, i, d in cons:
        dist[i][j] = max(dist[i][j], d)
    for m in range(n):
        for i in range(n):
            if dist[i][m] == NEG:
                continue
            for j in range(n):
                if dist[i][m] + dist[m][j] > dist[i][j]:
                    dist[i][j] = dist[i][m] + dist[m][j]
    return dist


def random_system(rng, n):
    cons = []
    for _ in range(rng.randint(n, 4 * n)):
        i, j = sorted(rng.sample(range(n), 2))
        cons.append((j, i, rng.choice([0, 0, 1, 1, 1, 2])))
    cons += rng.sample(cons, len(cons) // 5)   # exact repeats, as the chain constraints have
    if rng.random() < 0.5:
        i, j = sorted(rng.sample(range(n), 2))
        cons.append((i, j, -rng.randint(1, 3)))   # a backward window: s_first >= s_last - (II-1)
    rng.shuffle(cons)
    return cons


def test_the_feasible_set_is_the_same():
    rng = random.Random(38)
    dropped = 0
    for _ in range(120):
        n = rng.randint(2, 10)
        cons = random_system(rng, n)
        full = closure(cons, n)
        if any(full[i][i] > 0 for i in range(n)):
            continue   # a positive cycle (through the window): no schedule at all
        kept = drop_implied(cons, n)
        assert closure(kept, n) == full
        assert all(c in cons for c in kept)
        dropped += len(cons) - len(kept)
    assert dropped > 300   # it does drop something


def test_a_chain_keeps_its_order_and_loses_the_implied_constraint():
    # 0 -> 1 -> 2 by data (weight 0), 0 -> 2 chained (weight 1), and 1 -> 2 chained too:
    # then 0 -> 2 with weight 1 follows from 0 -> 1 (0) and 1 -> 2 (1); the repeat of 1 -> 2 goes
    cons = [(1, 0, 0), (2, 1, 0), (2, 0, 1), (2, 1, 1), (2, 1, 1)]
    assert drop_implied(cons, 3) == [(1, 0, 0), (2, 1, 1)]


def test_a_constraint_proves_nothing_about_itself():
    cons = [(1, 0, 1), (2, 1, 0), (2, 0, 1)]   # 0 -> 2 (1) follows from 0 -> 1 -> 2 (1 + 0)
    assert drop_implied(cons, 3) == [(1, 0, 1), (2, 1, 0)]
    assert drop_implied([(2, 0, 1)], 3) == [(2, 0, 1)]
    assert drop_implied([(2, 0, 2), (2, 1, 0), (1, 0, 1)], 3) == [(2, 0, 2), (2, 1, 0), (1, 0, 1)]


def test_a_blocks_constraints_are_computed_once_per_clock(monkeypatch):
    from cryptohls.ir import parse_function
    from cryptohls.schedule import sdc
    from cryptohls.schedule.delay import delay_model
    fn = parse_function("""function f {}
  param a {"direction":"in","width":32}
  block entry
    %1:i32 = param {"param":"a"} @1:1
    %2:i32 = add %1, 1:i32 @2:1
    %3:i32 = add %2, 2:i32 @3:1
    %4:i32 = add %3, 3:i32 @4:1
    ret %4 @5:1
}
""")
    model, b = delay_model("ecp5"), fn.blocks[0]
    calls = []
    real = sdc._chain_constraints
    monkeypatch.setattr(sdc, "_chain_constraints", lambda *args: calls.append(args[3]) or real(*args))
    cache: dict = {}
    wide = sdc.schedule_block(fn, b, model, 20.0, cache=cache)
    assert sdc.schedule_block(fn, b, model, 20.0, cache=cache) == wide
    assert sdc.earliest_cycles(fn, b, model, 20.0, cache=cache) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0}
    assert sdc.schedule_block(fn, b, model, 20.0, stream_order=False, cache=cache) == wide
    tight = sdc.schedule_block(fn, b, model, 7.0, cache=cache)   # another clock: its own constraints
    assert calls == [20.0, 7.0]   # the chain cones once per clock, with or without stream order
    assert tight == sdc.schedule_block(fn, b, model, 7.0) and tight != wide
