"""Content: YAML files validated by pydantic models, with errors that name the place.

A ruleset's content model is a pydantic model whose fields are its files: field
``fighters`` is read from ``fighters.yaml``. The ruleset ships sample content in a
folder; a user's folder (``--content DIR``) lays its files over the sample's, item by
item (by ``id``), or replaces them whole (``--content-replace``); and
``--set path.to.field=value`` changes single values (the lab's sweeps use this).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails, InitErrorDetails, PydanticCustomError

from rulekeeper.core.errors import ContentError, UsageError
from rulekeeper.core.files import user_path
from rulekeeper.core.kept import kept
from rulekeeper.core.lru import Lru
from rulekeeper.core.rulings import did_you_mean

if TYPE_CHECKING:
    import yaml

M = TypeVar("M", bound=BaseModel)

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema version of the exported schemas (the one pydantic writes)."""


class Model(BaseModel):
    """Base of content models: immutable, and unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def invalid(loc: Sequence[str | int], message: str, value: Any = None) -> ValidationError:
    """A validation error at ``loc`` (relative to the model being validated), to raise from
    a validator: pydantic prefixes the place of that model, so the error names the file,
    line and field of the value at fault.

    >>> str(invalid(("areas", 0, "neighbours"), "names itself")).splitlines()[1:3]
    ['areas.0.neighbours', '  names itself [type=content, input_value=None, input_type=NoneType]']
    """
    detail = InitErrorDetails(type=PydanticCustomError("content", message), loc=tuple(loc),
                              input=value)
    return ValidationError.from_exception_data("content", [detail])


def _locate(node: yaml.Node | None, loc: Sequence[int | str]) -> int | None:
    """The 1-based line of the deepest YAML node found along ``loc``."""
    import yaml

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


MAX_FILE_BYTES = 2 * 2**20
"""The largest content (or team) file read: 2 MiB (the samples' largest is 10 KB)."""
MAX_VALUES = 200_000
"""The most values a content file may hold once its aliases are expanded (the samples'
largest holds under 2,000): a file of aliases of aliases ("a billion laughs") is refused
before it is built."""


def read_yaml(path: Path) -> tuple[Any, yaml.Node | None]:
    """A YAML file's data and its node tree (for line numbers), read with libyaml's safe
    loader when PyYAML has it (about ten times faster), else PyYAML's own.

    Files over :data:`MAX_FILE_BYTES`, or over :data:`MAX_VALUES` values once expanded, are
    refused, as are numbers Python will not read (over 4,300 digits) and nesting too deep.
    """
    import yaml  # here: a command that reads only kept sample files needs no YAML

    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ContentError(str(path), f"the file is larger than {MAX_FILE_BYTES // 2**20} "
                                          f"MiB; a content file is far smaller")
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ContentError(str(path), f"cannot read: {error.strerror}") from None
    except UnicodeDecodeError as error:
        byte_line = path.read_bytes()[: error.start].count(b"\n") + 1
        raise ContentError(str(path), "not UTF-8 text (save it as UTF-8)", byte_line) from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:  # parsed once: the node tree, then the data built from it
        node = loader.get_single_node()
        if node is None:
            return None, None
        _check_expansion(node, str(path))
        return loader.construct_document(node), node
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise ContentError(str(path), f"not valid YAML: {error.problem}", line) from None
    except RecursionError:
        raise ContentError(str(path), "the values are nested too deeply") from None
    except ValueError as error:  # a value YAML reads but Python will not make
        raise ContentError(str(path), unreadable(error)) from None
    finally:
        loader.dispose()


def _check_expansion(node: yaml.Node, file: str) -> None:
    """Refuse a node tree holding more than :data:`MAX_VALUES` values once its aliases are
    expanded (an alias is the node of its anchor again, so it is counted again)."""
    import yaml

    count, stack = 0, [node]
    while stack:
        here = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise ContentError(file, f"the file holds more than {MAX_VALUES:,} values once its "
                                     f"aliases (*name) are expanded")
        if isinstance(here, yaml.MappingNode):
            stack.extend(part for pair in here.value for part in pair)
        elif isinstance(here, yaml.SequenceNode):
            stack.extend(here.value)


def _error_from(error: ValidationError, file: str, line: int | None,
                field: str) -> ContentError:
    first = error.errors()[0]
    more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
    return ContentError(file, _message(first) + more, line, field)


MAPPINGS = ("model_type", "dict_type", "model_attributes_type")
"""pydantic's error types for a value that should be a mapping (they name the model class)."""


def _message(error: ErrorDetails) -> str:
    """pydantic's message, without the names of the content models' classes.

    >>> _message({"type": "model_type", "msg": "... instance of Fighter", "input": [1]})
    'should be a mapping (name: value lines), not a list'
    """
    if error["type"] not in MAPPINGS:
        return error["msg"]
    value = error["input"]
    shown = ("an empty value" if value is None else "true or false" if isinstance(value, bool)
             else "a list" if isinstance(value, list) else "a number"
             if isinstance(value, int | float) else f"the text {str(value)[:40]!r}")
    return f"should be a mapping (name: value lines), not {shown}"


def load_file(path: Path, model: type[M]) -> M:
    """One YAML file validated by ``model``."""
    data, node = read_yaml(path)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        loc = list(error.errors()[0]["loc"])
        raise _error_from(error, str(path), _locate(node, loc),
                          ".".join(str(p) for p in loc)) from None


def set_path(data: Any, path: str, value: Any) -> None:
    """Set ``value`` at a dotted ``path`` of nested mappings and lists.

    A list segment is an index or the ``id`` of one of its items.

    >>> d = {"fighters": [{"id": "butcher", "melee": 3}]}
    >>> set_path(d, "fighters.butcher.melee", 4); d
    {'fighters': [{'id': 'butcher', 'melee': 4}]}
    """
    *above, last = resolve_path(data, path)
    node = data
    for key in above:
        node = node[key]
    node[last] = value


def resolve_path(data: Any, path: str) -> tuple[str | int, ...]:
    """Where a dotted ``path`` leads in ``data``, list items by index (the last field may
    be one ``data`` does not have yet); a path that leads nowhere raises :class:`UsageError`.

    >>> resolve_path({"fighters": [{"id": "butcher", "melee": 3}]}, "fighters.butcher.melee")
    ('fighters', 0, 'melee')
    """
    parts = path.split(".")
    node = data
    where: list[str | int] = []
    for i in range(len(parts)):
        key = _key(node, parts, i, path)
        where.append(key)
        if i < len(parts) - 1:
            node = node[key]
    return tuple(where)


def _key(node: Any, parts: Sequence[str], i: int, path: str) -> str | int:
    """The key of ``node`` that ``parts[i]`` names (a new field only at the path's end)."""
    part = parts[i]
    if isinstance(node, list):
        return _list_index(node, part, path, _place(parts, i))
    if not isinstance(node, dict):
        raise UsageError(f"--set {path}: {_place(parts, i)} is a single value, with no "
                         f"field {part!r}")
    if part not in node and i < len(parts) - 1:
        raise UsageError(f"--set {path}: {_place(parts, i)} has no field {part!r}"
                         f"{did_you_mean(part, map(str, node))}; its fields: "
                         f"{', '.join(map(str, node)) or 'none'}")
    return part


def _place(parts: Sequence[str], i: int) -> str:
    return ".".join(parts[:i]) or "the content"


def _list_index(items: list[Any], part: str, path: str, place: str) -> int:
    if part.isdigit() and int(part) < len(items):  # no negative index: -1 is no item
        return int(part)
    ids: dict[str, int] = {}
    for i, item in enumerate(items):
        if isinstance(item, dict) and "id" in item:
            ids.setdefault(str(item["id"]), i)  # the first of a repeated id, as before
    if part in ids:
        return ids[part]
    if ids:
        known = f"its items: {', '.join(ids)}"
    else:
        known = f"it has {len(items)} items, 0 to {len(items) - 1}" if items else "it is empty"
    raise UsageError(f"--set {path}: {place} has no item {part!r}{did_you_mean(part, ids)}; "
                     f"{known}")


def parse_value(text: str) -> Any:
    """A ``--set`` value, read as YAML (``3``, ``true``, ``[1, 2]``, ``name``)."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    except ValueError as error:  # a value YAML reads but Python will not make
        raise UsageError(f"--set {text[:20]!r}: {unreadable(error)}") from None


def unreadable(error: ValueError) -> str:
    """Why a value YAML reads cannot be made (a number of 5,000 digits, the 31st of February).

    >>> unreadable(ValueError("Exceeds the limit (4300 digits) for integer string conversion"))
    'a number has more than 4,300 digits'
    """
    if "digits" in str(error):
        return "a number has more than 4,300 digits"
    return f"a value cannot be read ({error})"


class ContentSet:
    """Loads a ruleset's content: its sample files, a user's replacements, and ``--set`` values.

    Args:
        model: the ruleset's content model; each field is a file ``<field>.yaml``.
        sample_dir: the folder of the sample content shipped with the ruleset.
    """

    def __init__(self, model: type[M], sample_dir: Path) -> None:
        self.model = model
        self.sample_dir = sample_dir
        self._user_data: Lru[tuple[str, tuple[tuple[str, int, int], ...]], dict[str, Any]] = (
            Lru(items=USER_FOLDERS_KEPT))

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
        self, user_dir: Path | None = None, replace: bool = False, *,
        sample: Mapping[str, Any] | None = None, files: Mapping[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[str, Origin]]:
        """The unvalidated data per field, and for each field where each value comes from.

        A file of ``user_dir`` is laid over the sample file of the same name (by item
        ``id``, see :func:`overlay`), or with ``replace`` takes its place. ``sample`` is the
        data of another sample (an archived one) in place of the sample folder's files;
        ``files`` a user's files as data (as a record carries them) in place of a folder's.
        """
        mine = self._user_files(user_dir) if user_dir is not None else self._carried(files)
        data: dict[str, Any] = {}
        origin: dict[str, Origin] = {}
        for name in self.files:
            if sample is None:
                base = _read_content_file(self.sample_dir / f"{name}.yaml", keep=True)
            else:
                base = (sample[name], Origin(f"archived sample/{name}.yaml", None)) \
                    if name in sample else None
            own = mine.get(name)
            if own is None:
                found = base
            elif replace or base is None:
                found = own
            else:
                found = overlay(base, own)
            if found is not None:
                data[name], origin[name] = found
        return data, origin

    def user_data(self, user_dir: Path) -> dict[str, Any]:
        """The content files of a user's folder as data (what a record carries of them):
        read again only when a file of it changed (every game of a batch on the folder
        records them; reading them was 40% of a Raid game's time)."""
        key = (str(user_dir), _stamp(user_path(str(user_dir))))
        found = self._user_data.get(key)
        if found is None:
            found = {name: located[0] for name, located in self._user_files(user_dir).items()}
            self._user_data.put(key, found)
        return found

    def _user_files(self, user_dir: Path) -> dict[str, Located]:
        user_dir = user_path(str(user_dir))  # refused to a request, before any look
        if not user_dir.exists():
            raise UsageError(f"content folder {str(user_dir)!r} does not exist")
        if not user_dir.is_dir():
            raise UsageError(f"--content {user_dir}: is a file; --content takes a folder of "
                             f"YAML files named after the content files")
        files = {f"{name}.yaml" for name in self.files}
        strays = sorted(p.name for p in user_dir.iterdir()
                        if p.suffix in (".yaml", ".yml") and p.name not in files)
        if strays:
            raise ContentError(str(user_dir / strays[0]),
                               f"not a content file of this ruleset; its files are: "
                               f"{', '.join(sorted(files))}")
        found = {name: _read_content_file(user_dir / f"{name}.yaml") for name in self.files}
        return {name: located for name, located in found.items() if located is not None}

    def _carried(self, files: Mapping[str, Any] | None) -> dict[str, Located]:
        """A record's content files (data, no lines to name)."""
        strays = sorted(set(files or {}) - set(self.files))
        if strays:
            raise ContentError(f"record content_files.{strays[0]}",
                               f"not a content file of this ruleset; its files are: "
                               f"{', '.join(self.files)}")
        return {name: (value, Origin(f"record content_files.{name}", None))
                for name, value in (files or {}).items()}

    def layered(
        self, user_dir: Path | None = None, sets: Mapping[str, Any] | None = None,
        replace: bool = False, *, sample: Mapping[str, Any] | None = None,
        files: Mapping[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[str, Origin]]:
        """:meth:`raw`, with the ``--set`` values applied: the data the digest is made of."""
        data, origin = self.raw(user_dir, replace, sample=sample, files=files)
        if sets:
            data = copy.deepcopy(data)
            for path, value in sets.items():
                if path.split(".")[0] not in self.files:
                    first = path.split(".")[0]
                    raise UsageError(f"--set {path}: no content file {first!r}"
                                     f"{did_you_mean(first, self.files)}; a path starts with "
                                     f"a file's name: {', '.join(self.files)}")
                set_path(data, path, value)
        return data, origin

    def load(
        self, user_dir: Path | None = None, sets: Mapping[str, Any] | None = None,
        replace: bool = False, *, sample: Mapping[str, Any] | None = None,
        files: Mapping[str, Any] | None = None,
    ) -> tuple[BaseModel, str]:
        """The validated content and its digest (a hash of the data, for records)."""
        data, origin = self.layered(user_dir, sets, replace, sample=sample, files=files)
        return self.validate(data, origin, user_dir, sets), digest(data)

    def validate(self, data: dict[str, Any], origin: Mapping[str, Origin],
                 user_dir: Path | None = None,
                 sets: Mapping[str, Any] | None = None) -> BaseModel:
        """The content model of layered data; an error names the file, line and field."""
        try:
            return self.model.model_validate(data)
        except ValidationError as error:
            loc = error.errors()[0]["loc"]
            if not loc:  # a check across files: no single file or line to name
                folder = str(user_dir if user_dir is not None else self.sample_dir)
                raise ContentError(folder, error.errors()[0]["msg"]) from None
            given = {path: resolve_path(data, path) for path in sets or ()}
            mine = [p for p, at in given.items() if tuple(loc[:len(at)]) == at]
            if mine:  # a value a --set gave (the closest): named by its argument
                path = max(mine, key=lambda p: len(given[p]))
                raise _error_from(error, f"--set {path}", None, ".".join(
                    str(part) for part in loc[len(given[path]):])) from None
            name = str(loc[0])
            fallback = Origin(f"{self.sample_dir}/{name}.yaml", None)
            file, line, field = origin.get(name, fallback).locate(list(loc)[1:])
            if sets and any(p.split(".")[0] == name for p in sets):
                file += " (with --set)"
            raise _error_from(error, file, line, field) from None


@dataclass
class Origin:
    """Where a value of the content comes from (file and line), with its parts' origins."""

    file: str
    line: int | None
    parts: dict[str, Origin] | list[Origin] | None = None
    where: tuple[str | int, ...] = ()
    """Where the value is in its own file (the field path)."""

    def locate(self, loc: Sequence[int | str]) -> tuple[str, int | None, str]:
        """The file, line and field path (in that file) of the value at ``loc``."""
        here: Origin = self
        rest = list(loc)
        while rest:
            part, parts = rest[0], here.parts
            if isinstance(parts, dict) and str(part) in parts:
                here = parts[str(part)]
            elif isinstance(parts, list) and isinstance(part, int) and 0 <= part < len(parts):
                here = parts[part]
            else:
                break
            rest.pop(0)
        return here.file, here.line, ".".join(str(p) for p in (*here.where, *rest))

    @classmethod
    def of(cls, node: yaml.Node, file: str, where: tuple[str | int, ...] = ()) -> Origin:
        """The origins of a YAML node tree; a key given twice in a mapping is refused."""
        import yaml

        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            parts: dict[str, Origin] = {}
            for key, value in node.value:
                name = str(key.value)
                if name in parts:
                    raise ContentError(file, f"{name!r} is given twice (first at line "
                                             f"{parts[name].line})", key.start_mark.line + 1)
                parts[name] = cls.of(value, file, (*where, name))
            return cls(file, line, parts, where)
        if isinstance(node, yaml.SequenceNode):
            return cls(file, line, [cls.of(item, file, (*where, index))
                                    for index, item in enumerate(node.value)], where)
        return cls(file, line, None, where)


Located = tuple[Any, Origin]
"""Content data and where each of its values comes from."""

ORIGIN_SHAPE = "Located: " + " ".join(Origin.__dataclass_fields__)
"""What a kept parse holds: an entry kept before Origin's fields changed is not read."""


USER_FOLDERS_KEPT = 8
"""How many users' content folders each ruleset keeps read (``ContentSet.user_data``)."""


def _stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """The name, change time and size of each YAML file of ``folder`` (none when it is not
    a folder): what says that a folder read before is unchanged."""
    if not folder.is_dir():
        return ()
    return tuple(sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size)
                        for p in folder.iterdir() if p.suffix in (".yaml", ".yml")))


def _read_content_file(path: Path, keep: bool = False) -> Located | None:
    """A content file's data and origins (None when there is no such file), with its ids
    checked for repeats; with ``keep`` (a sample file), parsed once and kept between runs
    (:mod:`rulekeeper.core.kept`)."""
    if not path.exists():
        return None
    if not path.is_file():
        raise ContentError(str(path), "not a file")
    if keep:
        return kept(path, _parse_content_file, ORIGIN_SHAPE)
    return _parse_content_file(path)


def _parse_content_file(path: Path) -> Located:
    data, node = read_yaml(path)
    if data is None or node is None:
        raise ContentError(str(path), "the file is empty")
    origin = Origin.of(node, str(path))
    _check_unique_ids(data, origin, "")
    return data, origin


def _check_unique_ids(data: Any, origin: Origin, where: str) -> None:
    """Refuse a list that holds two items with the same ``id``, naming file, line and id."""
    if isinstance(data, dict) and isinstance(origin.parts, dict):
        for key, value in data.items():
            part = origin.parts.get(str(key))
            if part is not None:
                _check_unique_ids(value, part, f"{where}.{key}" if where else str(key))
    elif isinstance(data, list) and isinstance(origin.parts, list):
        seen: dict[str, int | None] = {}
        for index, (item, part) in enumerate(zip(data, origin.parts, strict=True)):
            if isinstance(item, dict) and "id" in item:
                item_id = str(item["id"])
                if item_id in seen:
                    raise ContentError(part.file, f"id {item_id!r} is used twice in this list "
                                                  f"(first at line {seen[item_id]})", part.line,
                                       f"{where}.{index}" if where else str(index))
                seen[item_id] = part.line
            _check_unique_ids(item, part, f"{where}.{index}" if where else str(index))


def _has_ids(items: Any) -> bool:
    return isinstance(items, list) and bool(items) and all(
        isinstance(item, dict) and "id" in item for item in items)


def overlay(base: Located, over: Located) -> Located:
    """``over`` laid over ``base``: mappings merge key by key; a list of items with ``id``
    keeps the base's items, with an item of the same id replaced and new ids added at
    the end; any other value of ``over`` replaces the base's.

    >>> sample = {"units": [{"id": "a", "hp": 1}, {"id": "b", "hp": 2}], "name": "x"}
    >>> mine = {"units": [{"id": "b", "hp": 5}, {"id": "c", "hp": 3}]}
    >>> nowhere = Origin("f", None)
    >>> overlay((sample, nowhere), (mine, nowhere))[0]
    {'units': [{'id': 'a', 'hp': 1}, {'id': 'b', 'hp': 5}, {'id': 'c', 'hp': 3}], 'name': 'x'}
    """
    (a, a_origin), (b, b_origin) = base, over
    if isinstance(a, dict) and isinstance(b, dict):
        data = dict(a)
        parts = dict(a_origin.parts) if isinstance(a_origin.parts, dict) else {}
        b_parts = b_origin.parts if isinstance(b_origin.parts, dict) else {}
        for key, value in b.items():
            mine = (value, b_parts.get(str(key), b_origin))
            if key in a:
                data[key], parts[str(key)] = overlay((a[key], parts.get(str(key), a_origin)), mine)
            else:
                data[key], parts[str(key)] = mine
        return data, Origin(b_origin.file, b_origin.line, parts)
    if _has_ids(a) and _has_ids(b):
        a_list = a_origin.parts if isinstance(a_origin.parts, list) else [a_origin] * len(a)
        b_list = b_origin.parts if isinstance(b_origin.parts, list) else [b_origin] * len(b)
        items = list(a)
        origins = list(a_list)
        index = {str(item["id"]): i for i, item in enumerate(items)}
        for item, origin in zip(b, b_list, strict=True):
            at = index.get(str(item["id"]))
            if at is None:
                index[str(item["id"])] = len(items)
                items.append(item)
                origins.append(origin)
            else:
                items[at], origins[at] = item, origin
        return items, Origin(b_origin.file, b_origin.line, origins)
    return b, b_origin


def digest(data: Any) -> str:
    """A short, stable hash of JSON-able data.

    >>> digest({"b": 1, "a": [2]}) == digest({"a": [2], "b": 1})
    True
    """
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


CONTENTS_KEPT = 16
"""How many contents (sample, folders, ``--set`` values) each ruleset keeps loaded; a sweep
over more reloads the oldest (a content loads in milliseconds)."""
CONTENT_BYTES_KEPT = 64 * 2**20
"""The most content each ruleset keeps loaded, in bytes of its JSON."""


class Library:
    """A ruleset's content: its files, and the contents loaded from them.

    Each content is loaded once per (folder, ``--set`` values, mode), checked across its
    files by the ruleset (``check``), and kept: :attr:`loaded` is the one cache of loaded
    content, bounded (the :data:`CONTENTS_KEPT` used last, at most :data:`CONTENT_BYTES_KEPT`
    of JSON) so that requests naming ever new contents cannot grow it.

    Args:
        files: the ruleset's content files (its model and sample folder).
        check: the ruleset's checks across files, ``check(content, user_dir)``.
        archived: the data of an older sample by its digest (None: today's sample).
    """

    def __init__(self, files: ContentSet, check: Callable[[Any, Path | None], None],
                 archived: Callable[[str | None], dict[str, Any] | None]) -> None:
        self.files = files
        self.check = check
        self.archived = archived
        self.loaded: Lru[tuple[Any, ...], tuple[BaseModel, str]] = Lru(
            items=CONTENTS_KEPT, weight=CONTENT_BYTES_KEPT,
            weigh=lambda kept: len(kept[0].model_dump_json()))

    def load(self, user_dir: str | None = None, sets: Mapping[str, Any] | None = None,
             replace: bool = False, *, sample: str | None = None,
             files: Mapping[str, Any] | None = None) -> tuple[BaseModel, str]:
        """The validated content and the digest of its data: ``user_dir``'s files (or
        ``files``, a user's files as data) laid over the sample's by item id (or, with
        ``replace``, in the place of the sample's files), ``sets`` applied; ``sample`` names
        an archived sample by digest to play instead of today's."""
        key = (user_dir, repr(sorted((sets or {}).items())), replace, sample,
               digest(files) if files else None)
        found = self.loaded.get(key)
        if found is None:
            folder = Path(user_dir) if user_dir is not None else None
            found = self.files.load(folder, sets, replace, sample=self.archived(sample),
                                    files=files)
            self.check(found[0], folder)
            self.loaded.put(key, found)
        return found
