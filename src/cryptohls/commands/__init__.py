"""One module per command-line verb. Add a verb here only when it does real work."""

VERB_MODULES = [
    "designs",
    "compile",
    "csim",
    "cosim",
    "sim",
    "demo",
    "tv",
    "bench",
    "report",
]
