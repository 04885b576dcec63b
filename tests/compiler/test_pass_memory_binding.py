from cryptohls.ir import parse_function
from cryptohls.passes.memory_binding import MemoryBinding

IR = """function f {}
  memory small {"kind":"rom","width":8,"depth":256,"ports":2,"latency":1} init [%s]
  memory big {"kind":"rom","width":32,"depth":1024,"ports":2,"latency":1} init [%s]
  memory forced {"kind":"rom","width":32,"depth":1024,"ports":2,"latency":1,"impl":"lut"} init [%s]
  memory unused {"kind":"rom","width":8,"depth":4,"ports":2,"latency":1} init [0,0,0,0]
  block entry
    %%1:i8 = load 3:i8 {"mem":"small"} @1:1
    %%2:i32 = load 3:i10 {"mem":"big"} @1:1
    %%3:i32 = load 3:i10 {"mem":"forced"} @1:1
    ret @2:1
}
""" % (",".join(["0"] * 256), ",".join(["0"] * 1024), ",".join(["0"] * 1024))


def test_small_or_lut_roms_are_combinational_big_ones_block_rom():
    fn = parse_function(IR)
    assert MemoryBinding().run(fn)
    impl = {m.name: (m.attrs["impl"], m.attrs["latency"]) for m in fn.memories}
    assert impl == {"small": ("lut", 0), "big": ("bram", 1), "forced": ("lut", 0)}
