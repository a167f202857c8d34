from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.section import Section


T = TypeVar("T", bound="Table")


@_attrs_define
class Table:
    """A table of the floor plan.

    Attributes:
        id (str): The table's id.
        max_capacity (int): Never below `min_capacity`; larger parties need joined tables.
        min_capacity (int): Never null.
        name (str): Name on the floor plan.
        object_ (Literal['table']):
        section (Section): A seating area of a floor plan. Rows sharing a `group_id` are one choice to a guest.
    """

    id: str
    max_capacity: int
    min_capacity: int
    name: str
    object_: Literal["table"]
    section: Section
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        max_capacity = self.max_capacity

        min_capacity = self.min_capacity

        name = self.name

        object_ = self.object_

        section = self.section.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "max_capacity": max_capacity,
                "min_capacity": min_capacity,
                "name": name,
                "object": object_,
                "section": section,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.section import Section

        d = dict(src_dict)
        id = d.pop("id")

        max_capacity = d.pop("max_capacity")

        min_capacity = d.pop("min_capacity")

        name = d.pop("name")

        object_ = cast(Literal["table"], d.pop("object"))
        if object_ != "table":
            raise ValueError(f"object must match const 'table', got '{object_}'")

        section = Section.from_dict(d.pop("section"))

        table = cls(
            id=id,
            max_capacity=max_capacity,
            min_capacity=min_capacity,
            name=name,
            object_=object_,
            section=section,
        )

        table.additional_properties = d
        return table

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
