"""A small hand-made results DB for the seed-002 report tests (report/lwc_page.py): a few real LWC
designs on ecp5 and gw5a, with known TP and TP/area, one cipher with an RTL row only."""

from __future__ import annotations

import json
from pathlib import Path

from cryptohls.bench.db import ResultRow, ResultsDB, throughput_mbps, tp_per_lut

OPTIONS = json.dumps({"fmax_search": "single", "memories": "bram"}, sort_keys=True, separators=(",", ":"))


def row(variant, target, luts, fmax, interval, *, seed=1, options=OPTIONS, source="", created="2026-11-29T01:00:00",
        block_bits=128):
    tp = throughput_mbps(block_bits, fmax, interval)
    device, unit = {"ecp5": ("LFE5U-85F-CABGA381", "LUT4"), "gw5a": ("GW5AST-LV138PG484AC1/I0", "LUT4")}[target]
    return ResultRow(variant=variant, design=variant.split("/")[0], kind=variant.split("/")[1][:3],
                     block_bits=block_bits, source_hash=source or "h-" + variant, target=target, device=device,
                     seed=seed, options=options, tool_versions="{}", status="ok", area_unit=unit, luts=luts,
                     ffs=luts // 4, brams=0, dsps=0, fmax_mhz=fmax, latency=3, interval=interval,
                     throughput_mbps=tp, tp_per_lut=tp_per_lut(tp, luts), run_time_s=1.0, created_at=created)


# ecp5, throughput (128 x Fmax / Tb): RTL ascon 1024 > silc 768 (no HLS row) > otr 640 > gcm 512 > cloc 320;
# HLS ascon 960 > gcm 576 > otr 512 > cloc 256: one swap (AES-OTR, AES-GCM)
ROWS = [
    row("ascon-aead128/rtl", "ecp5", 5000, 96.0, 12), row("ascon-aead128/hls", "ecp5", 4000, 90.0, 12),
    row("aes128-otr/rtl", "ecp5", 14000, 55.0, 11), row("aes128-otr/hls", "ecp5", 15000, 44.0, 11),
    row("aes128-gcm/rtl", "ecp5", 12000, 40.0, 10), row("aes128-gcm/hls", "ecp5", 13000, 45.0, 10),
    row("cloc-aes128/rtl", "ecp5", 16000, 27.5, 11), row("cloc-aes128/hls", "ecp5", 16000, 22.0, 11),
    row("silc-aes128/rtl", "ecp5", 16000, 60.0, 10),     # TP 768: RTL rank 2, no HLS row
    row("ascon-aead128/rtl", "gw5a", 5200, 120.0, 12), row("ascon-aead128/hls", "gw5a", 4300, 110.0, 12),
    row("aes128-gcm/rtl", "gw5a", 12500, 60.0, 10), row("aes128-gcm/hls", "gw5a", 13200, 66.0, 10),
    row("ocb3-aes128/rtl", "gw5a", 20000, 50.0, 10), row("ocb3-aes128/hls", "gw5a", 21000, 40.0, 10),
]


def make_db(path: Path, rows=ROWS) -> Path:
    with ResultsDB(path) as db:
        for r in rows:
            db.insert(r)
    return path
