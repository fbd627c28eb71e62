"""Shared helpers for the service and store tests (fixtures, a deterministic clock, the crash driver)."""
