"""`make oop-table`: seed 001's Table II for this design, cryptohls.experiments.oop_table (its docstring
has the options; the rows are design.toml's [experiments] oop-table)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

from cryptohls.experiments.oop_table import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
