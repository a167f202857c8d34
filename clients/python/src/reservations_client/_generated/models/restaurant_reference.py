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

T = TypeVar("T", bound="RestaurantReference")


@_attrs_define
class RestaurantReference:
    """The restaurant the key resolves to.

    Attributes:
        id (str): The restaurant's id.
        name (str): The restaurant's name.
        object_ (Literal['restaurant']):
    """

    id: str
    name: str
    object_: Literal["restaurant"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        object_ = self.object_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "object": object_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        object_ = cast(Literal["restaurant"], d.pop("object"))
        if object_ != "restaurant":
            raise ValueError(f"object must match const 'restaurant', got '{object_}'")

        restaurant_reference = cls(
            id=id,
            name=name,
            object_=object_,
        )

        restaurant_reference.additional_properties = d
        return restaurant_reference

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
