"""The Pareto front of explore (explore/pareto.py): lower area and higher throughput dominate."""

from __future__ import annotations

from cryptohls.explore.pareto import pareto_front


def test_dominated_points_are_left_out_and_the_front_is_sorted_by_area():
    #        0            1           2            3            4
    pts = [(100, 10.0), (50, 5.0), (120, 9.0), (200, 30.0), (50, 4.0)]
    # 2 is dominated by 0 (less area, more throughput); 4 by 1 (same area, less throughput)
    assert pareto_front(pts) == [1, 0, 3]


def test_equal_points_are_both_on_the_front_and_one_point_is_its_own_front():
    assert pareto_front([(10, 1.0), (10, 1.0)]) == [0, 1]
    assert pareto_front([(7, 3.0)]) == [0]
    assert pareto_front([]) == []


def test_a_chain_where_each_point_buys_throughput_with_area():
    pts = [(400, 40.0), (100, 10.0), (300, 30.0), (200, 20.0)]
    assert pareto_front(pts) == [1, 3, 2, 0]
    # a point with more area and the same throughput as another is dominated
    assert pareto_front([(100, 10.0), (150, 10.0)]) == [0]
