"""Benchmarks: `python -m bench NAME`. They report figures; no test asserts a time."""
