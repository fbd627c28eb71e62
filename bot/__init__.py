"""Changeling's Discord adapter (discord.py). It speaks Discord and delegates every rule to ``engine``."""
