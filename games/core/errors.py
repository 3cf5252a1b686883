"""Rule errors are values: a message key plus parameters, shown in the player's language."""
from typing import Any


class RuleError(Exception):
    """An illegal action. The state it was tried on is left untouched."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"RuleError({self.key!r}, {self.params!r})"
