"""Game content from TOML files, validated by pydantic models, with errors that name the file
and the entry. Every game keeps its cards, units and maps in `games/<key>/data/*.toml`."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from games.core.errors import RuleError

M = TypeVar("M", bound=BaseModel)


class DataError(ValueError):
    """A data file is wrong; the message names the file and the entry."""


def read_toml(path: Path) -> dict:
    """The file's tables, or DataError naming the file."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path.name}: {exc}") from exc


def validate(model: type[M], raw: object, where: str, field_prefix: str = "") -> M:
    """`raw` as a `model`, or DataError saying `where` (file and entry) and what is wrong: the
    first field pydantic refused (after `field_prefix`), or the RuleError a validator raised."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(x) for x in err["loc"])
        raise DataError(f"{where}: {field_prefix}{field}: {err['msg']}" if field else f"{where}: {err['msg']}") from None
    except RuleError as exc:
        raise DataError(f"{where}: {exc.key} {exc.params}") from None


def load_model(path: Path, model: type[M]) -> M:
    """A whole file as one model (a roster, a set of maps); an error names the entry by its
    place in the file (`roster.toml: entry tanks.x.class: ...`)."""
    return validate(model, read_toml(path), path.name, field_prefix="entry ")


def load_entries(path: Path, table: str, model: type[M], label: str = "{table} {key}") -> dict[str, M]:
    """The file's array of tables `[[table]]`, each a `model` with a unique `key`, by key in
    file order. `label` names an entry in errors (`{table}`, `{key}`: e.g. `card t34`)."""
    out: dict[str, M] = {}
    for i, raw in enumerate(read_toml(path).get(table, [])):
        key = raw.get("key", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
        where = f"{path.name}: " + label.format(table=table, key=key)
        item = validate(model, raw, where)
        if item.key in out:  # type: ignore[attr-defined]
            raise DataError(f"{where}: duplicate key")
        out[item.key] = item  # type: ignore[attr-defined]
    return out
