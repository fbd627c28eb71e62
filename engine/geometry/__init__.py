"""Board geometry shared by rules, AI and renderers: square grids, hex maps, and tracks of spaces.

Pure and immutable: each module is a few value types and functions with no game knowledge, so a game's rules
say *what* blocks a line or a path, and the geometry says *where* it runs.
"""
