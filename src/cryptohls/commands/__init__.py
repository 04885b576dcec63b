"""One module per command-line verb. Add a verb here only when it does real work."""

VERB_MODULES = [
    "designs",
    "demo",
    "tv",
    "sim",
    "bench",
    "report",
]
