"""Reports from the results database: per-(variant, target) summaries, HLS-vs-RTL tables in the
case study's layout, rankings, plots and an HTML page (see docs/bench.md)."""
