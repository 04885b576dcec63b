"""Differential testing of the HLS compiler with Csmith programs (`cryptohls fuzz`, `make fuzz`).

csmith.py generates a program and wraps it as an HLS top; trial.py runs one program natively,
in csim and in cosim and classifies the outcome; campaign.py runs many on an engine, records
every outcome and saves findings; reduce.py shrinks a finding with C-Vise. docs/fuzzing.md.
"""
