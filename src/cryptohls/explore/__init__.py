"""Design-space exploration: `cryptohls explore` (space file, runs, Pareto front, outputs)."""
