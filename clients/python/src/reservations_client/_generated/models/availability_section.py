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

T = TypeVar("T", bound="AvailabilitySection")


@_attrs_define
class AvailabilitySection:
    """A seating area and the party sizes seatable in it on the date.

    Attributes:
        object_ (Literal['availability_section']):
        party_sizes (list[int]):
        section_id (str): The section group id.
    """

    object_: Literal["availability_section"]
    party_sizes: list[int]
    section_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        party_sizes = self.party_sizes

        section_id = self.section_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "party_sizes": party_sizes,
                "section_id": section_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        object_ = cast(Literal["availability_section"], d.pop("object"))
        if object_ != "availability_section":
            raise ValueError(
                f"object must match const 'availability_section', got '{object_}'"
            )

        party_sizes = cast(list[int], d.pop("party_sizes"))

        section_id = d.pop("section_id")

        availability_section = cls(
            object_=object_,
            party_sizes=party_sizes,
            section_id=section_id,
        )

        availability_section.additional_properties = d
        return availability_section

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
