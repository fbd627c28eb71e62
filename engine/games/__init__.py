"""One module per game; each exposes a ``Game`` subclass registered in ``engine.registry``."""
