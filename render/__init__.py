"""Changeling's board images: pure Pillow functions that draw a player's view (never a full state) to PNG."""
