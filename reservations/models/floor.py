from django.db import models
from django.db.models import F, Q

from config.constraints import one_of, tenant_key
from config.ids import new_section_id, new_table_id
from reservations.models.validation import capacity_errors, duplicate_errors, raise_errors


class AreaType(models.TextChoices):
    INDOOR = "indoor"
    OUTDOOR = "outdoor"
    TERRACE = "terrace"
    BAR = "bar"
    LOUNGE = "lounge"
    PRIVATE_ROOM = "private_room"
    PATIO = "patio"
    ROOFTOP = "rooftop"


class FloorPlan(models.Model):
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="floor_plans")
    name = models.CharField(max_length=200)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["restaurant", "name"], name="floor_plan_name_unique"),
            tenant_key("floor_plan_tenant_key"),
        ]

    def clean(self):
        super().clean()
        message = f"This restaurant already has a floor plan named “{self.name}”: give this one another name."
        raise_errors(duplicate_errors(self, "name", message, restaurant_id=self.restaurant_id))

    def __str__(self) -> str:
        return self.name


class Section(models.Model):
    """A seating area of one floor plan. Rows sharing a group are one choice to a guest."""

    public_id = models.CharField(max_length=40, unique=True, default=new_section_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="sections")
    floor_plan = models.ForeignKey(FloorPlan, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=200)
    # The setup file's key of the section (`dining`): support commands name a table `dining/1`.
    key = models.CharField(max_length=100, blank=True, default="")
    area_type = models.CharField(max_length=20, choices=AreaType.choices, default=AreaType.INDOOR)
    bookable_online = models.BooleanField(default=True)
    # The section that leads this one's group; empty when this section leads its own.
    group_leader = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="group_members"
    )
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.CheckConstraint(name="section_not_own_leader", condition=~Q(group_leader=F("id"))),
            tenant_key("section_tenant_key"),
            one_of("area_type", AreaType.values, "section_area_type_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.floor_plan.name})" if self.floor_plan_id else self.name

    @property
    def group_public_id(self) -> str:
        return self.group_leader.public_id if self.group_leader_id else self.public_id


class Table(models.Model):
    public_id = models.CharField(max_length=40, unique=True, default=new_table_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="tables")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=50)
    min_capacity = models.PositiveIntegerField(default=1)
    max_capacity = models.PositiveIntegerField()
    bookable_online = models.BooleanField(default=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["section", "name"], name="table_name_unique_in_section"),
            models.CheckConstraint(name="table_min_capacity_positive", condition=Q(min_capacity__gte=1)),
            models.CheckConstraint(name="table_capacity_range", condition=Q(max_capacity__gte=F("min_capacity"))),
            tenant_key("table_tenant_key"),
        ]

    def clean(self):
        super().clean()
        errors = capacity_errors(self, "table")
        if self.section_id is not None:

            def message():
                return f"Section {self.section.name} already has a table named “{self.name}”: give it another name."

            errors |= duplicate_errors(self, "name", message, section_id=self.section_id)
        raise_errors(errors)

    def __str__(self) -> str:
        return f"{self.section.name} / {self.name}" if self.section_id else self.name


class Combination(models.Model):
    """Joined tables seating a party none of them seats alone."""

    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="combinations")
    floor_plan = models.ForeignKey(FloorPlan, on_delete=models.CASCADE, related_name="combinations")
    tables = models.ManyToManyField(Table, related_name="combinations")
    min_capacity = models.PositiveIntegerField(default=1)
    max_capacity = models.PositiveIntegerField()
    bookable_online = models.BooleanField(default=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(name="combination_min_capacity_positive", condition=Q(min_capacity__gte=1)),
            models.CheckConstraint(name="combination_capacity_range", condition=Q(max_capacity__gte=F("min_capacity"))),
        ]

    def clean(self):
        super().clean()
        raise_errors(capacity_errors(self, "joined table"))

    def __str__(self) -> str:
        names = ", ".join(t.name for t in self.tables.all()) if self.pk else ""
        return f"Joined tables {names} ({self.min_capacity}-{self.max_capacity})"
