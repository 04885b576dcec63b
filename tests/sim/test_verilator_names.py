"""sim/verilator_names.py: Verilator's C++ spelling of Verilog names, as Verilator 5.048 gave it for a
module with these registers (each `__`, left to right, is `___05F`)."""

from cryptohls.sim.verilator_names import verilator_name


def test_pairs_of_underscores_left_to_right():
    assert verilator_name("ap_start") == "ap_start"
    assert verilator_name("_x_q") == "_x_q"
    assert verilator_name("__a_q") == "___05Fa_q"
    assert verilator_name("a___b_q") == "a___05F_b_q"
    assert verilator_name("a__b__c_q") == "a___05Fb___05Fc_q"
    assert verilator_name("y____z") == "y___05F___05Fz"
