"""One module per command-line verb. Add a verb here only when it does real work."""

VERB_MODULES = [
    "designs",
    "compile",
    "demo",
    "tv",
    "csim",
    "cosim",
    "sim",
    "bench",
    "explore",
    "report",
    "results",
    "fuzz",
    "verify",
    "codesign",
]
