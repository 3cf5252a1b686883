"""Readable text: action labels and the compact text board (both from views / public data)."""
from __future__ import annotations
