"""Shapan's host and its adapters (Discord, console table)."""
