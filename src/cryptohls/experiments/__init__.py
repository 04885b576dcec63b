"""The experiments that reproduce a seed paper's table from the design library (docs/exploration.md,
docs/codesign.md): each reads its variants from the designs' design.toml, runs them through the
project's flows (sim, cosim, bench) and writes its table between named markers of a doc
(cryptohls.report.doc_table).

- codesign: seed 004's HW/SW co-design system (designs/aes-codesign), `cryptohls codesign`;
- oop_table: seed 001's Table II (designs/aes128-oop), `make oop-table`;
- sbox_table: seed 003's S-box tables (designs/aes128-sbox, designs/misty1-sbox), `make sbox-table`.
"""
