"""Content: YAML files validated by pydantic models, with errors that name the place.

A ruleset's content model is a pydantic model whose fields are its files: field
``fighters`` is read from ``fighters.yaml``. The ruleset ships sample content in a
folder; a user's folder may replace any of the files (``--content DIR``), and
``--set path.to.field=value`` changes single values (the lab's sweeps use this).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from rulekeeper.core.errors import ContentError, UsageError

M = TypeVar("M", bound=BaseModel)

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema version of the exported schemas (the one pydantic writes)."""


class Model(BaseModel):
    """Base of content models: immutable, and unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _locate(node: yaml.Node | None, loc: Sequence[int | str]) -> int | None:
    """The 1-based line of the deepest YAML node found along ``loc``."""
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            found = next((v for k, v in node.value if str(k.value) == str(part)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            found = node.value[part] if 0 <= part < len(node.value) else None
        else:
            found = None
        if found is None:
            break
        node = found
        line = node.start_mark.line + 1
    return line


def read_yaml(path: Path) -> tuple[Any, yaml.Node | None]:
    """A YAML file's data and its node tree (for line numbers)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ContentError(str(path), f"cannot read: {error.strerror}") from None
    except UnicodeDecodeError as error:
        byte_line = path.read_bytes()[: error.start].count(b"\n") + 1
        raise ContentError(str(path), "not UTF-8 text (save it as UTF-8)", byte_line) from None
    try:
        return yaml.safe_load(text), yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise ContentError(str(path), f"not valid YAML: {error.problem}", line) from None


def _error_from(
    error: ValidationError, file: str, node: yaml.Node | None, skip: int
) -> ContentError:
    first = error.errors()[0]
    loc = list(first["loc"])[skip:]
    field = ".".join(str(p) for p in loc)
    more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
    return ContentError(file, first["msg"] + more, _locate(node, loc), field)


def load_file(path: Path, model: type[M]) -> M:
    """One YAML file validated by ``model``."""
    data, node = read_yaml(path)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise _error_from(error, str(path), node, 0) from None


def set_path(data: Any, path: str, value: Any) -> None:
    """Set ``value`` at a dotted ``path`` of nested mappings and lists.

    A list segment is an index or the ``id`` of one of its items.

    >>> d = {"fighters": [{"id": "butcher", "melee": 3}]}
    >>> set_path(d, "fighters.butcher.melee", 4); d
    {'fighters': [{'id': 'butcher', 'melee': 4}]}
    """
    parts = path.split(".")
    node = data
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, dict):
            if part not in node and not last:
                raise UsageError(f"--set {path}: no field {part!r}")
            if last:
                node[part] = value
                return
            node = node[part]
        elif isinstance(node, list):
            index = _list_index(node, part, path)
            if last:
                node[index] = value
                return
            node = node[index]
        else:
            raise UsageError(f"--set {path}: {'.'.join(parts[:i])} is not a mapping or a list")


def _list_index(items: list[Any], part: str, path: str) -> int:
    if part.lstrip("-").isdigit() and -len(items) <= int(part) < len(items):
        return int(part)
    for index, item in enumerate(items):
        if isinstance(item, dict) and str(item.get("id")) == part:
            return index
    raise UsageError(f"--set {path}: no item {part!r} in the list")


def parse_value(text: str) -> Any:
    """A ``--set`` value, read as YAML (``3``, ``true``, ``[1, 2]``, ``name``)."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


class ContentSet:
    """Loads a ruleset's content: its sample files, a user's replacements, and ``--set`` values.

    Args:
        model: the ruleset's content model; each field is a file ``<field>.yaml``.
        sample_dir: the folder of the sample content shipped with the ruleset.
    """

    def __init__(self, model: type[M], sample_dir: Path) -> None:
        self.model = model
        self.sample_dir = sample_dir

    @property
    def files(self) -> tuple[str, ...]:
        """The names of the content files, without ``.yaml``: the model's fields, in order."""
        return tuple(self.model.model_fields)

    def schema(self, file: str | None = None) -> dict[str, Any]:
        """The JSON Schema of one content file (a name of :attr:`files`), for an editor to
        check that file; or, without ``file``, of the whole content: one property per file.

        The schema describes the files as they are written (the input forms the models read).
        """
        if file is None:
            schema = self.model.model_json_schema()
        else:
            field = self.model.model_fields[file]
            file_type: Any = Annotated[field.annotation, field]  # with the field's constraints
            schema = TypeAdapter(file_type).json_schema()
            schema["title"] = f"{file}.yaml"
        return {"$schema": JSON_SCHEMA_DIALECT, **schema}

    def raw(
        self, user_dir: Path | None = None
    ) -> tuple[dict[str, Any], dict[str, tuple[str, Any]]]:
        """The unvalidated data per field, and for each field its file and node tree."""
        if user_dir is not None and not user_dir.is_dir():
            raise UsageError(f"content folder {str(user_dir)!r} does not exist")
        files = {f"{name}.yaml" for name in self.files}
        if user_dir is not None:
            strays = sorted(p.name for p in user_dir.iterdir()
                            if p.suffix in (".yaml", ".yml") and p.name not in files)
            if strays:
                raise ContentError(str(user_dir / strays[0]),
                                   f"not a content file of this ruleset; its files are: "
                                   f"{', '.join(sorted(files))}")
        data: dict[str, Any] = {}
        origin: dict[str, tuple[str, Any]] = {}
        for name in self.files:
            for folder in (user_dir, self.sample_dir):
                if folder is None:
                    continue
                path = folder / f"{name}.yaml"
                if path.exists():
                    if not path.is_file():
                        raise ContentError(str(path), "not a file")
                    data[name], node = read_yaml(path)
                    if data[name] is None:
                        raise ContentError(str(path), "the file is empty")
                    origin[name] = (str(path), node)
                    break
        return data, origin

    def load(
        self, user_dir: Path | None = None, sets: Mapping[str, Any] | None = None
    ) -> tuple[BaseModel, str]:
        """The validated content and its digest (a hash of the data, for records)."""
        data, origin = self.raw(user_dir)
        if sets:
            data = copy.deepcopy(data)
            for path, value in sets.items():
                set_path(data, path, value)
        try:
            content = self.model.model_validate(data)
        except ValidationError as error:
            loc = error.errors()[0]["loc"]
            if not loc:  # a check across files: no single file or line to name
                folder = str(user_dir if user_dir is not None else self.sample_dir)
                raise ContentError(folder, error.errors()[0]["msg"]) from None
            name = str(loc[0])
            file, node = origin.get(name, (f"{self.sample_dir}/{name}.yaml", None))
            if sets and any(p.split(".")[0] == name for p in sets):
                file += " (with --set)"
            raise _error_from(error, file, node, 1) from None
        return content, digest(data)


def digest(data: Any) -> str:
    """A short, stable hash of JSON-able data.

    >>> digest({"b": 1, "a": [2]}) == digest({"a": [2], "b": 1})
    True
    """
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
