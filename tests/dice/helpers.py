"""A generator that returns the dice a test writes down, so expected results follow from
the rules alone."""


class ScriptedRng:
    def __init__(self, *values: int):
        self.values = list(values)
        self.calls: list[tuple[int, int]] = []

    def randint(self, lo: int, hi: int) -> int:
        self.calls.append((lo, hi))
        if not self.values:
            raise AssertionError("the roll asked for more dice than the test scripted")
        value = self.values.pop(0)
        assert lo <= value <= hi, f"scripted {value} is not a face of a ({lo}..{hi}) die"
        return value

    @property
    def exhausted(self) -> bool:
        return not self.values


class ConstantRng:
    """Always the same face: for limits that depend on what comes up."""

    def __init__(self, value: int):
        self.value = value
        self.calls = 0

    def randint(self, lo: int, hi: int) -> int:
        self.calls += 1
        return min(max(self.value, lo), hi)
