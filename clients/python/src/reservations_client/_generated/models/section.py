from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.section_area_type import SectionAreaType

T = TypeVar("T", bound="Section")


@_attrs_define
class Section:
    """A seating area of a floor plan. Rows sharing a `group_id` are one choice to a guest.

    Attributes:
        area_type (SectionAreaType):
        bookable_online (bool): Per row, not cascaded between group members; offer a group when any is.
        group_id (str): Rows sharing it are one choice; exactly one row per group has `group_id == id` and names the
            group.
        id (str): Accepted as `section_id` anywhere; any member of a group resolves to the group.
        name (str): In the restaurant's `primary_language`.
        object_ (Literal['section']):
    """

    area_type: SectionAreaType
    bookable_online: bool
    group_id: str
    id: str
    name: str
    object_: Literal["section"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        area_type = self.area_type.value

        bookable_online = self.bookable_online

        group_id = self.group_id

        id = self.id

        name = self.name

        object_ = self.object_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "area_type": area_type,
                "bookable_online": bookable_online,
                "group_id": group_id,
                "id": id,
                "name": name,
                "object": object_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        area_type = SectionAreaType(d.pop("area_type"))

        bookable_online = d.pop("bookable_online")

        group_id = d.pop("group_id")

        id = d.pop("id")

        name = d.pop("name")

        object_ = cast(Literal["section"], d.pop("object"))
        if object_ != "section":
            raise ValueError(f"object must match const 'section', got '{object_}'")

        section = cls(
            area_type=area_type,
            bookable_online=bookable_online,
            group_id=group_id,
            id=id,
            name=name,
            object_=object_,
        )

        section.additional_properties = d
        return section

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
