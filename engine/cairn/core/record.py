"""Checked records: the settings a game is made from (its seats, its options).

Every new game and every move's save touches them, so they are plain Python:
the start of the app in the browser then needs no validation library
(pydantic, and its 4.7 MB native library, load only when a save file is read:
:mod:`cairn.core.save_schema`).  A record declares its fields as class
attributes::

    class Options(Record):
        '''What the options do (the schema's description).'''
        ports: bool = Field(True, description="Play with the port bonus tiles.")
        sides: Optional[str] = Field(None, pattern=r"^[12]{4}$")

A field takes a value of exactly its type (``bool``, ``int``, ``str``;
``Optional[...]`` also ``None``: no coercion, ``1`` is not ``True``), within
its bounds; a name that is not a field is refused.  Every refusal is a
:class:`RecordError` (a ``ValueError``) naming the field.  The API is the few
names of pydantic's the engine used (``model_dump``, ``model_copy``,
``model_json_schema``), and the schema is the one pydantic gave for the same
fields (the app's new-game form reads it).
"""
from __future__ import annotations

import re
from typing import Any, ClassVar, Dict, Optional, Tuple

_TYPES = {bool: "boolean", int: "integer", str: "string"}
_REQUIRED = object()


class RecordError(ValueError):
    """A value a record refuses: ``where`` is the field's name ("" for the record)."""

    def __init__(self, where: str, msg: str):
        super().__init__(f"{where}: {msg}" if where else msg)
        self.where, self.msg = where, msg


class Field:
    """One field's rule: its default (none: required), bounds and description."""

    def __init__(self, default: Any = _REQUIRED, *, pattern: Optional[str] = None,
                 max_length: Optional[int] = None, ge: Optional[int] = None, le: Optional[int] = None,
                 description: Optional[str] = None):
        self.default, self.pattern, self.max_length = default, pattern, max_length
        self.ge, self.le, self.description = ge, le, description
        self.name, self.type, self.optional = "", object, False
        self._regex = re.compile(pattern) if pattern else None

    def check(self, value: Any) -> Any:
        if value is None and self.optional:
            return None
        if type(value) is not self.type:   # bool is no int here, nor int a bool
            raise RecordError(self.name, f"expected {_TYPES[self.type]}{' or null' if self.optional else ''}")
        if self._regex is not None and not self._regex.search(value):
            raise RecordError(self.name, f"should match pattern '{self.pattern}'")
        if self.max_length is not None and len(value) > self.max_length:
            raise RecordError(self.name, f"should have at most {self.max_length} characters")
        if (self.ge is not None and value < self.ge) or (self.le is not None and value > self.le):
            raise RecordError(self.name, f"should be from {self.ge} to {self.le}")
        return value

    def schema(self) -> Dict[str, Any]:
        own: Dict[str, Any] = {"type": _TYPES[self.type]}
        for key, value in (("pattern", self.pattern), ("maxLength", self.max_length),
                           ("minimum", self.ge), ("maximum", self.le)):
            if value is not None:
                own[key] = value
        out: Dict[str, Any] = {"anyOf": [own, {"type": "null"}]} if self.optional else own
        if self.default is not _REQUIRED:
            out["default"] = self.default
        if self.description:
            out["description"] = self.description
        out["title"] = self.name.replace("_", " ").title()
        return out


def _field_type(annotation: Any) -> Tuple[type, bool]:
    """(type, optional) of an annotation: ``bool``, ``int``, ``str`` or ``Optional`` of one."""
    if isinstance(annotation, str):   # ``from __future__ import annotations``
        text = annotation.replace(" ", "")
        optional = text.startswith("Optional[") and text.endswith("]")
        name = text[len("Optional["):-1] if optional else text
        found = {t.__name__: t for t in _TYPES}.get(name)
        if found is None:
            raise TypeError(f"a record field is bool, int, str or Optional of one, not {annotation}")
        return found, optional
    raise TypeError(f"a record field's annotation is text (from __future__ import annotations), not {annotation!r}")


class Record:
    """A record of checked fields (the subclass's ``Field`` attributes)."""

    fields: ClassVar[Dict[str, Field]] = {}
    #: a frozen record's fields cannot be set once made (it can be hashed)
    frozen: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        fields = dict(cls.fields)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if "ClassVar" in str(annotation):
                continue
            field = cls.__dict__.get(name)
            if not isinstance(field, Field):
                field = Field(field if name in cls.__dict__ else _REQUIRED)
            field.name = name
            field.type, field.optional = _field_type(annotation)
            fields[name] = field
            if name in cls.__dict__:
                delattr(cls, name)
        cls.fields = fields

    def __init__(self, **values: Any):
        unknown = [k for k in values if k not in self.fields]
        if unknown:
            raise RecordError(str(unknown[0]), "unknown field")
        for name, field in self.fields.items():
            if name in values:
                value = field.check(values[name])
            elif field.default is _REQUIRED:
                raise RecordError(name, "missing")
            else:
                value = field.default
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        if self.frozen:
            raise AttributeError(f"{type(self).__name__} cannot be changed")
        if name not in self.fields:
            raise AttributeError(f"{type(self).__name__} has no field '{name}'")
        object.__setattr__(self, name, self.fields[name].check(value))

    def model_dump(self, mode: Optional[str] = None) -> Dict[str, Any]:
        """The fields as a dict, in their declared order (JSON values already)."""
        return {name: getattr(self, name) for name in self.fields}

    def model_copy(self, update: Optional[Dict[str, Any]] = None) -> "Record":
        """A copy with the fields in ``update`` changed (and checked)."""
        return type(self)(**{**self.model_dump(), **(update or {})})

    @classmethod
    def model_json_schema(cls) -> Dict[str, Any]:
        """The JSON schema of the record (as pydantic wrote it for the same fields)."""
        out: Dict[str, Any] = {"additionalProperties": False}
        if cls.__doc__:
            out["description"] = " ".join(cls.__doc__.split())
        out["properties"] = {name: f.schema() for name, f in cls.fields.items()}
        required = [name for name, f in cls.fields.items() if f.default is _REQUIRED]
        if required:
            out["required"] = required
        out["title"] = cls.__name__
        out["type"] = "object"
        return out

    def __eq__(self, other: Any) -> bool:
        return type(other) is type(self) and other.model_dump() == self.model_dump()

    def __hash__(self) -> int:
        if not self.frozen:
            raise TypeError(f"unhashable type: '{type(self).__name__}'")
        return hash(tuple(self.model_dump().items()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.model_dump().items())})"
