"""cryptohls: open-source high-level synthesis and benchmarking for cryptographic hardware."""

__version__ = "0.1.0"
