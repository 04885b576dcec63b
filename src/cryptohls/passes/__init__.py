"""IR transformations, one per module; :mod:`cryptohls.passes.pipeline` holds the default order."""
