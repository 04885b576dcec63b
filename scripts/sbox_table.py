"""`make sbox-table` / `make sbox-table-misty1`: seed 003's S-box tables, cryptohls.experiments.sbox_table
(its docstring has the options)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cryptohls.experiments.sbox_table import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
