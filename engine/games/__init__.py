"""One package per game, each exporting ``GAME`` (its rules) and ``AI`` (its AI profile); the registry finds
them all here, so a new game is a new package and touches nothing else."""
